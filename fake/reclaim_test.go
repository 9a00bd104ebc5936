package fake_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestReclaimEachAttempt: a DC pass that adopts an orphan RC and scales it,
// on the server (SPEC 3.3.reclaim, issue 35 item 1). Upstream (Exact)
// claims its cached copy again before each attempt of the scale update:
// the copy is still an orphan, so every attempt is the adoption patch and
// then the update of the RC as cached, whose version the pass's own patch
// has moved on: patch, update (409), four times, and the pass ends with
// ReplicationControllerScaleFailed. Modern sends the adoption once and the
// update with the owner reference and the version the adoption left: no
// Conflict, the RC owned and scaled.
func TestReclaimEachAttempt(t *testing.T) {
	for _, tt := range []struct {
		preset dcplan.Preset
		want   []string // the writes: verb, name, and "409" for a Conflict
		scaled bool
	}{
		{dcplan.Exact, []string{"patch web-1", "patch web-1", "update web-1 409", "patch web-1", "update web-1 409",
			"patch web-1", "update web-1 409", "patch web-1", "update web-1 409"}, false},
		{dcplan.Modern, []string{"patch web-1", "update web-1", "update web"}, true},
	} {
		t.Run(tt.preset.String(), func(t *testing.T) {
			srv, s := serverOf(t,
				"now 2026-11-30T10:00:00Z",
				"settings profile="+tt.preset.String(),
				"dc web replicas=3 latest=2 observed=1",
				"rc web-1 phase=Complete replicas=2 status=2/2/2 owner=none",
				"rc web-2 phase=Complete replicas=3 status=3/3/3",
			)
			read := func() dcplan.Snapshot { return readSnapshot(t, srv, s.Now, s.Settings) }
			pass, err := wire.RunPass(context.Background(), srv, read(), reconcile.Config)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range srv.Log() {
				line := string(w.Request.Verb) + " " + w.Request.Name
				var se *wire.StatusError
				if errors.As(w.Err, &se) && se.Reason == dcplan.StatusConflict {
					line += " 409"
				}
				got = append(got, line)
			}
			if strings.Join(got, ", ") != strings.Join(tt.want, ", ") {
				t.Errorf("writes:\n  %s\nwant\n  %s\nplan:\n%s", strings.Join(got, ", "), strings.Join(tt.want, ", "), dcplan.Describe(pass.Plan))
			}
			d, _ := read().Deployment("web-1")
			if !d.HasController || (d.Replicas == 0) != tt.scaled {
				t.Errorf("web-1 after the pass: owned %v, replicas %d; want owned, scaled to 0 = %v", d.HasController, d.Replicas, tt.scaled)
			}
			if !tt.scaled && !strings.HasPrefix(pass.Plan.Message, "Operation cannot be fulfilled") {
				t.Errorf("the pass ends with %q, want the Conflict", pass.Plan.Message)
			}
		})
	}
}

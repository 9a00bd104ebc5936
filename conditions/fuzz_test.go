package conditions_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/dcplan/dcplan/wire"
)

// FuzzStatus decodes arbitrary `oc get dc,rc,pods -o json` documents and
// runs Status, Changed and RolloutStatus on the snapshot: none may panic
// or modify its input (valid or not: Status and RolloutStatus do not
// validate, SPEC 13.1); Changed is exactly "Status differs by
// ConfigStatus.Equal" (the write rule, SPEC 3.9); Status copies
// latestVersion and keeps its counters in int32's range and, without
// SeedStatus, at or above zero (SPEC 3.8); RolloutStatus answers with a
// state and a message, stdout or stderr as its state says (SPEC 6m.6).
// Seeds: the fixture list and variations of it.
func FuzzStatus(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "list-dc-rc-pods.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, uint8(0), int64(0), int64(0))
	f.Add(data, uint8(1), int64(3600), int64(3))
	f.Add(data, uint8(2), int64(-60), int64(-1))
	f.Add(data, uint8(3), int64(0), int64(2))
	f.Add([]byte(`{"kind":"List","apiVersion":"v1","items":[]}`), uint8(4), int64(0), int64(0))
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte, flags uint8, offset, revision int64) {
		st := dcplan.Settings{Switches: dcplan.Preset(flags % 5).Switches()}
		s, err := wire.DecodeSnapshot(data, "shop", "frontend", now.Add(time.Duration(offset)*time.Second), st)
		if err != nil {
			return
		}
		bump := flags&8 != 0
		var extra []dcplan.Condition
		if flags&16 != 0 {
			extra = append(extra, conditions.Created("frontend-9", 9, s.Now))
		}
		if flags&32 != 0 {
			extra = append(extra, conditions.CreateError("quota exceeded", s.Now))
		}
		before := s.Clone()
		got := conditions.Status(s, bump, extra...)
		changed := conditions.Changed(s, bump, extra...)
		rs := conditions.RolloutStatus(s, dcplan.Version(revision))
		if d := mutation.Diff(before, s); d != "" {
			t.Fatalf("Status, Changed or RolloutStatus mutated the snapshot:\n%s", d)
		}
		if want := !got.Equal(s.Config.Status); changed != want {
			t.Fatalf("Changed() = %v, !Equal(Status(), current) = %v", changed, want)
		}
		if d := cmp.Diff(got, conditions.Status(s, bump, extra...)); d != "" {
			t.Fatalf("Status() differs between two calls:\n%s", d)
		}
		if got.LatestVersion != s.Config.Status.LatestVersion {
			t.Fatalf("Status() latestVersion = %d, want %d", got.LatestVersion, s.Config.Status.LatestVersion)
		}
		checkCounters(t, got, s.Settings.SeedStatus)
		checkRolloutResult(t, rs)
	})
}

// checkCounters fails t when a replica counter of st leaves int32's range,
// or, without seedStatus (which kept upstream's unclamped subtraction),
// falls below zero.
func checkCounters(t *testing.T, st dcplan.ConfigStatus, seedStatus bool) {
	t.Helper()
	for name, n := range map[string]dcplan.Replicas{"replicas": st.Replicas, "updatedReplicas": st.UpdatedReplicas,
		"availableReplicas": st.AvailableReplicas, "unavailableReplicas": st.UnavailableReplicas, "readyReplicas": st.ReadyReplicas} {
		if int64(n) != int64(int32(n)) || n < 0 && !seedStatus {
			t.Fatalf("Status() %s = %d", name, n)
		}
	}
}

// checkRolloutResult fails t when r is not an answer oc could print: a
// known state with a message, on stdout unless it failed, on stderr
// (`error: ...`, one trailing newline) when it did.
func checkRolloutResult(t *testing.T, r conditions.RolloutResult) {
	t.Helper()
	switch r.State {
	case conditions.RolloutInProgress, conditions.RolloutDone:
		if r.Stdout() != r.Message || r.Stderr() != "" || !strings.HasSuffix(r.Message, "\n") {
			t.Fatalf("RolloutStatus() = %+v: stdout %q, stderr %q", r, r.Stdout(), r.Stderr())
		}
	case conditions.RolloutFailed:
		if e := r.Stderr(); r.Stdout() != "" || !strings.HasPrefix(e, "error: ") || !strings.HasSuffix(e, "\n") || strings.HasSuffix(e, "\n\n") {
			t.Fatalf("RolloutStatus() = %+v: stdout %q, stderr %q", r, r.Stdout(), e)
		}
	default:
		t.Fatalf("RolloutStatus() state %v", r.State)
	}
	if r.Message == "" {
		t.Fatalf("RolloutStatus() = %+v: no message", r)
	}
}

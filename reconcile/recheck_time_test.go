package reconcile_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestRecheckDeletionTimeInUTC: the refused adoption of SPEC 1.7 and
// 10.14 (`<ns>/<dc> has just been deleted at <time>`) renders the live
// DC's deletionTimestamp in UTC, whatever zone the adapter's time.Time
// carries, so that one world always reads the same text (upstream
// prints it in its process's zone, which a cluster's containers usually
// set to UTC).
func TestRecheckDeletionTimeInUTC(t *testing.T) {
	cfg := config(1)
	d := rollout(t, cfg, 1, dcplan.PhaseComplete, 3)
	d.HasController, d.Controller = false, dcplan.OwnerRef{}
	s := settled(snapshot(cfg, d))
	s.Recheck = dcplan.Recheck{Done: true, UID: cfg.UID,
		DeletionTime: time.Date(2026, 11, 30, 10, 59, 0, 0, time.FixedZone("CET", 3600))}

	p := reconcile.Config(s)
	const want = "ns/web has just been deleted at 2026-11-30 09:59:00 +0000 UTC"
	if !strings.HasSuffix(p.Message, want) {
		t.Errorf("Config().Message = %q, want it to end in %q", p.Message, want)
	}
}

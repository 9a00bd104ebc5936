package reconcile_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestCleanupFailedEventFollowsLastDelete pins where the warning of a
// history cleanup with a failed delete stands among the plan's writes
// (SPEC 3.6.4, 13.1: events in upstream's order): upstream records it once
// cleanupOldDeployments has sent every delete, so it follows the last
// delete of the pass, not the one that failed.
func TestCleanupFailedEventFollowsLastDelete(t *testing.T) {
	cfg := config(4)
	cfg.RevisionHistoryLimit, cfg.HasRevisionHistoryLimit = 1, true
	s := settled(snapshot(cfg,
		rollout(t, cfg, 1, dcplan.PhaseComplete, 0),
		rollout(t, cfg, 2, dcplan.PhaseComplete, 0),
		rollout(t, cfg, 3, dcplan.PhaseComplete, 0),
		rollout(t, cfg, 4, dcplan.PhaseComplete, 3)))
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionDeleteRC, Name: "web-1",
		Reason: dcplan.StatusInternalError, Code: 500, Message: "Internal error occurred: etcdserver: request timed out"}}}

	p := reconcile.Config(s)
	if len(p.DeleteRCs) != 2 || p.DeleteRCs[0].RC != "web-1" || p.DeleteRCs[1].RC != "web-2" {
		t.Fatalf("Config() deletes %v, want web-1 and web-2 (3.7.5)\n%s", p.DeleteRCs, dcplan.Describe(p))
	}
	want := dcplan.ActionRef{Kind: dcplan.ActionDeleteRC, Index: 1}
	for _, e := range p.Events {
		if e.Reason == dcplan.EventReplicationControllerCleanupFailed {
			if e.After != want {
				t.Errorf("the cleanup warning follows %+v, want %+v (the last delete)", e.After, want)
			}
			return
		}
	}
	t.Errorf("Config() records no ReplicationControllerCleanupFailed warning (3.6.4)\n%s", dcplan.Describe(p))
}

package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestReconcileCleanupLeavesOutUndeletedActive: SPEC 3.7.expect, 3.6.4. An
// RC this controller deleted that a finalizer holds listed (in
// Snapshot.Undeleted, with its deletionTimestamp) is gone as history goes
// in Modern: it neither counts nor is deleted again. When it is the
// newest Complete RC, history without it has no active RC, so every RC
// but the latest is prunable: the reconcile pass of web-2 (deleting),
// web-4 (Failed, 0 replicas) and web-5 (latest, Failed), limit 0,
// deletes web-4, as the paused pass over the same RCs does. Exact keeps
// no expectations: web-2 is the active RC and nothing is older.
func TestReconcileCleanupLeavesOutUndeletedActive(t *testing.T) {
	cfg := config(5)
	cfg.HasRevisionHistoryLimit, cfg.RevisionHistoryLimit = true, 0
	web2 := rollout(t, cfg, 2, dcplan.PhaseComplete, 3)
	web2.Deleting = true
	s := snapshot(cfg, web2, rollout(t, cfg, 4, dcplan.PhaseFailed, 0), rollout(t, cfg, 5, dcplan.PhaseFailed, 0))
	s.Undeleted = []string{web2.Name}
	deleted := func(p dcplan.Plan) []string {
		var out []string
		for _, d := range p.DeleteRCs {
			out = append(out, d.RC)
		}
		return out
	}
	tests := []struct {
		name   string
		preset dcplan.Preset
		paused bool
		want   []string
	}{
		{"Modern reconcile", dcplan.Modern, false, []string{"web-4"}},
		{"Modern paused", dcplan.Modern, true, []string{"web-4"}},
		{"Exact reconcile", dcplan.Exact, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := withPreset(s, tt.preset)
			in.Config.Paused = tt.paused
			p := reconcile.Config(in)
			if d := cmp.Diff(tt.want, deleted(p)); d != "" {
				t.Errorf("Config() deletes mismatch (-want +got):\n%s\nplan:\n%s", d, dcplan.Describe(p))
			}
		})
	}
}

package reconcile

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// TestCreateWithoutCopyAgrees holds the claim create relies on (SPEC
// 3.2.12, 3.7, 3.9): in the modern pass that creates the latest RC,
// cleanup and status over the RC list without the new RC equal cleanup
// and status over the list with it, on random histories (phases,
// replicas, cancellations, history limits, preset).
func TestCreateWithoutCopyAgrees(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(rt, "rcs")
		preset := rapid.SampledFrom([]dcplan.Preset{dcplan.Modern, dcplan.Exact}).Draw(rt, "preset")
		s := steadySnapshot(t, n, preset)
		for i := range s.Deployments {
			d := &s.Deployments[i]
			d.Phase = rapid.SampledFrom([]dcplan.Phase{dcplan.PhaseComplete, dcplan.PhaseFailed, dcplan.PhaseRunning, dcplan.PhaseNew}).Draw(rt, "phase")
			d.Replicas = dcplan.Replicas(rapid.IntRange(0, 3).Draw(rt, "replicas"))
			d.StatusReplicas = dcplan.Replicas(rapid.IntRange(0, 3).Draw(rt, "status"))
			d.AvailableReplicas = min(d.StatusReplicas, dcplan.Replicas(rapid.IntRange(0, 3).Draw(rt, "available")))
			d.ReadyReplicas = d.AvailableReplicas
			d.Cancelled = rapid.Bool().Draw(rt, "cancelled")
		}
		if rapid.Bool().Draw(rt, "limited") {
			s.Config.HasRevisionHistoryLimit = true
			s.Config.RevisionHistoryLimit = int32(rapid.IntRange(0, 4).Draw(rt, "limit"))
		}
		s.Config.Status.LatestVersion = dcplan.Version(n + 1)
		cfg := &s.Config
		rc, err := dcplan.NewDeployment(cfg)
		if err != nil {
			rt.Fatal(err)
		}
		rcs := s.Deployments
		with := append(slices.Clip(rcs), rc)
		created := conditions.Created(rc.Name, cfg.Status.LatestVersion, s.Now)

		var without, withNew dcplan.Plan
		prune(&s, rcs, ruleCleanup, rc.Name, false, &without)
		prune(&s, with, ruleCleanup, rc.Name, false, &withNew)
		if d := cmp.Diff(withNew.DeleteRCs, without.DeleteRCs); d != "" {
			rt.Fatalf("cleanup differs (-with the new RC +without):\n%s", d)
		}
		a := statusWrite(&s, with, true, ruleCreate, created)
		b := statusWrite(&s, rcs, true, ruleCreate, created)
		if d := cmp.Diff(a, b); d != "" {
			rt.Fatalf("status differs (-with the new RC +without):\n%s", d)
		}
	})
}

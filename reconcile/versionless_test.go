package reconcile_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
)

// TestVersionlessRC: an RC someone created by hand with the DC's label and
// neither a version nor a phase annotation is a world clusters hold (SPEC
// 13.1). Upstream reads its version as -1 (SPEC 5.1) and its phase as ""
// (5.2): it is claimed (3.3), never the latest or active rollout (5.5,
// 5.6), scaled to 0 beside a complete latest (3.6.3) and counted in the
// status (3.6.5); the deployer leaves it alone; and because an empty phase
// is in flight (3.4), a new version cancels it and then waits for it
// forever, since nothing ever gives it a phase (SPEC 3.4.unknown):
// upstream's stall, a finding of this test, kept by AwaitUnknownPhase
// (Exact, Origin); Modern creates the new rollout beside it.
func TestVersionlessRC(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		cfg := config(2)
		manual := dcplan.Deployment{Namespace: "ns", Name: "web-manual", UID: "uid-manual",
			Version: dcplan.NoVersion, Replicas: 2, StatusReplicas: 2, ConfigLabel: "web"}
		s := withPreset(settled(snapshot(cfg,
			rollout(t, cfg, 1, dcplan.PhaseComplete, 0),
			rollout(t, cfg, 2, dcplan.PhaseComplete, 3))), preset)
		s.Deployments = append(s.Deployments, manual)
		s.Recheck = dcplan.Recheck{Done: true, UID: cfg.UID}
		if err := s.Validate(); err != nil {
			t.Fatalf("%v: Validate() = %v, want nil", preset, err)
		}

		p := reconcile.Config(s)
		if len(p.Adopt) != 1 || p.Adopt[0].RC != "web-manual" {
			t.Errorf("%v: Config() adopts %v, want web-manual (3.3.2)", preset, p.Adopt)
		}
		// Exact re-claims the orphan it adopts before each scale attempt
		// (SPEC 3.3.reclaim).
		want := dcplan.Scale{Rule: "3.6.3", RC: "web-manual", Version: dcplan.NoVersion, From: 2, To: 0,
			Reclaim: preset.Switches().ReclaimEachAttempt}
		if len(p.Scales) != 1 || p.Scales[0] != want {
			t.Errorf("%v: Config() scales %v, want %v", preset, p.Scales, want)
		}
		if p.Status == nil || p.Status.To.Replicas != 5 {
			t.Errorf("%v: Config() = %s, want status.replicas 5 (3 + 2, 3.6.5)", preset, dcplan.Describe(p))
		}

		owned := s.Clone()
		owned.Deployments[2].HasController, owned.Deployments[2].Controller = true, s.Deployments[1].Controller
		if step := phase.Step(owned, "web-manual"); !step.IsEmpty() {
			t.Errorf("%v: Step(web-manual) = %s, want nothing: no phase, no transition (1.3)", preset, dcplan.Describe(step))
		}

		next := owned.Clone()
		next.Config.Status.LatestVersion = 3
		p = reconcile.Config(next)
		if !preset.Switches().AwaitUnknownPhase {
			// Modern: no deployer will ever move an RC without a phase, so
			// the new rollout does not wait for it.
			if len(p.Cancels) != 0 || p.Wait != dcplan.WaitNone || len(p.CreateRCs) != 1 || p.CreateRCs[0].Deployment.Name != "web-3" {
				t.Errorf("%v: Config() at version 3 = %s, want web-3 created, web-manual left alone", preset, dcplan.Describe(p))
			}
			continue
		}
		// AwaitUnknownPhase (Exact): upstream's stall.
		if len(p.Cancels) != 1 || p.Cancels[0].RC != "web-manual" || p.Wait != dcplan.WaitCancellation || len(p.CreateRCs) != 0 {
			t.Errorf("%v: Config() at version 3 = %s, want web-manual cancelled and a wait (3.4)", preset, dcplan.Describe(p))
		}
		cancelled := next.Clone()
		cancelled.Deployments[2].Cancelled = true
		p = reconcile.Config(cancelled)
		if len(p.Cancels) != 0 || p.Wait != dcplan.WaitCancellation || len(p.CreateRCs) != 0 {
			t.Errorf("%v: Config() after the cancel = %s, want the wait again (3.4: an empty phase stays in flight)", preset, dcplan.Describe(p))
		}
	}
}

package phase_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// TestPassAtRestAllocatesNothing pins issue 34 item 2 for the deployer
// controller: a pass with nothing to do (SPEC 4.4: a Complete RC, a
// Running RC whose deployer pod is still running) allocates nothing, in
// each of the passes upstream's controllers run per work item: the
// deployer controller's (Step, and its deadline check), the seed-era
// deployer-pod controller's (DeployerPod). StepAll, the batch of every
// RC, is not one of them: it groups the pods by RC first. Each case is
// checked to plan nothing first, so that the allocation count is about a
// pass at rest.
func TestPassAtRestAllocatesNothing(t *testing.T) {
	complete := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseComplete)}, deployer("web-1", dcplan.PodSucceeded))
	cleaned := snapshot(dcplan.Origin10, []dcplan.Deployment{testRC(1, dcplan.PhaseComplete)}) // the seed deletes the pod (SPEC 7.29)
	pod := dcplan.DeployerPodName("web-1")
	for _, tc := range []struct {
		name   string
		preset dcplan.Preset
		s      dcplan.Snapshot
	}{
		{"complete", dcplan.Modern, complete},
		{"complete-cleaned", dcplan.Origin10, cleaned},
		{"running", dcplan.Modern, benchSnapshot(3)},
		{"running", dcplan.Origin10, benchSnapshot(3)},
		{"running-100-pods", dcplan.Modern, benchSnapshot(100)},
		{"running-100-pods", dcplan.Origin10, benchSnapshot(100)},
	} {
		t.Run(tc.name+"/"+tc.preset.String(), func(t *testing.T) {
			s := tc.s
			s.Settings.Switches = tc.preset.Switches()
			if err := s.Validate(); err != nil {
				t.Fatalf("the case is not a valid snapshot: %v", err)
			}
			for _, pass := range []struct {
				name string
				run  func() dcplan.Plan
			}{
				{"Step", func() dcplan.Plan { return phase.Step(s, "web-1") }},
				{"DeployerPod", func() dcplan.Plan { return phase.DeployerPod(s, pod) }},
				{"CancelByDeadline", func() dcplan.Plan { return phase.CancelByDeadline(s, "web-1") }},
			} {
				if p := pass.run(); p.Actions() != 0 || len(p.Events) != 0 {
					t.Fatalf("%s: the case is not at rest: %d actions, events %v", pass.name, p.Actions(), p.Events)
				}
				if n := testing.AllocsPerRun(20, func() { pass.run() }); n != 0 {
					t.Errorf("%s at rest: %v allocations per pass, want 0", pass.name, n)
				}
			}
		})
	}
}

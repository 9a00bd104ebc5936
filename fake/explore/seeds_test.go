package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestSeedPresetsSmallSearch: the two oldest seed presets, which
// TestExplore runs only when asked (-explore.preset), find nothing but
// their known findings in a small search: OneDeployerPod, and Origin10's
// OneRolloutInFlight (its deployer-pod controller writes any phase
// change, even backwards, reviving a Failed RC beside the next rollout:
// WriteAnyPhaseChange, SPEC 7 row 28) and NoPodsAfterCancel
// (it cancels by failing the pods with a deadline: CancelByDeadline, SPEC
// 7 row 25). Origin10 and Origin13 write the
// DC twice in one pass (the replica sync, then the status), so the
// determinism check once compared the status write as sent, moved to the
// version of the pass's first write, with the same write as rendered,
// and reported a violation that was none.
func TestSeedPresetsSmallSearch(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13} {
		t.Run(p.String(), func(t *testing.T) {
			o := explore.Defaults(p.Settings())
			o.MaxStates = 6000
			res, err := explore.Explore(o)
			if err != nil {
				t.Fatal(err)
			}
			oldest := p == dcplan.Origin10
			known := map[string]bool{"OneDeployerPod": true, "OneRolloutInFlight": oldest, "NoPodsAfterCancel": oldest} // docs/exploration.md
			for _, v := range res.Violations {
				if !known[v.Property] {
					t.Errorf("violation %s: %v", v.Property, v.Err)
				}
			}
		})
	}
}

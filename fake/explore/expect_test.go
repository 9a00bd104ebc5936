package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestExploreDeployerExpectations: deployer passes are given the
// deployer's expectations (the deployer pod it created that its cache does
// not show yet, SPEC 4.2.expect), as the simulator gives them. Only DC
// controller passes used to get any, so the explorer judged every preset
// as if its deployer ignored expectations: Modern with
// PendingMissingFailsAtOnce on failed a Pending RC whose pod a stale read
// hid while the pod ran, and the next rollout's pod ran beside it
// (OneDeployerPod), which the simulator, whose deployer waits for its own
// create, never shows. With IgnoreExpectations on as well the finding is
// real, and still found.
func TestExploreDeployerExpectations(t *testing.T) {
	tests := []struct {
		name   string
		ignore bool
		want   []string
	}{
		{name: "honours expectations", ignore: false},
		{name: "ignores expectations", ignore: true, want: []string{"OneDeployerPod"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := dcplan.Modern.Settings()
			st.PendingMissingFailsAtOnce, st.IgnoreExpectations = true, tt.ignore
			o := explore.Defaults(st)
			o.Users, o.Faults, o.Stale, o.Hooks = 1, 0, 1, 0
			// The finding's trace has one oc command, rollout latest.
			o.Replicas, o.Limits, o.Ops = []int{1}, []int{1}, []string{"latest"}
			res := mustExplore(t, o)
			t.Logf("%d states, %d transitions", res.States, res.Transitions)
			checkFindings(t, res, st, tt.want, "stale reads with expectations ignored")
		})
	}
}

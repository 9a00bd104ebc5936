package explore_test

import (
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// ExampleExplore explores the smallest world: one DC at one replica with
// revisionHistoryLimit 1, no oc command and no fault, so only the first
// rollout's interleavings of the two controllers and the kubelet, with
// the one hook pod its deployer pod may create.
func ExampleExplore() {
	o := explore.Defaults(dcplan.Modern.Settings())
	o.Replicas, o.Limits, o.Users, o.Faults, o.Stale = []int{1}, []int{1}, 0, 0, 0
	res, err := explore.Explore(o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d states, %d transitions, %d violations\n", res.States, res.Transitions, len(res.Violations))
	// Output:
	// 254 states, 818 transitions, 0 violations
}

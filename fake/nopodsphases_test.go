package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestNoPodsAfterCancelWhateverThePodPhase holds that NoPodsAfterCancel
// judges the pods of a cancelled, failed rollout whatever their phase
// (SPEC 2.3: its deployer and hook pods are deleted, not left to end):
// a hook pod still Pending and a deployer pod that ended Failed (the
// deployer's exit once the cancel stopped it) survive just as a Running
// one does. Every other case left a Running pod behind, so an invariant
// that looked at Running pods alone passed them all.
func TestNoPodsAfterCancelWhateverThePodPhase(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	d := rcOf(t, c2, 2, Failed, 0)
	d.Cancelled = true
	for _, p := range []dcplan.Pod{
		{Namespace: "ns", Name: "web-2-hook-pre", DeployerFor: "web-2", Phase: dcplan.PodPending},
		deployerPod("web-2", dcplan.PodFailed),
	} {
		c := withPods(state(c2, rcOf(t, c2, 1, Complete, 1), d), p)
		check(t, fake.NoPodsAfterCancel(c), "pod "+p.Name+" of cancelled rc web-2 survives", "a "+p.Phase.String()+" pod is no pod the cancel may leave")
	}
}

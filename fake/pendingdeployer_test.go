package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestOneDeployerPodCountsPendingPods holds that OneDeployerPod counts a
// deployer pod still Pending (not scheduled yet, or pulling its image)
// as one that is not terminal (SPEC 4.3.new.4: a deployer pod is created
// only for the one rollout in flight): web-2's pod, Pending, beside
// web-3's, Running, is two deployer pods at once. Every other case of
// the invariant ran its pods Running, so an invariant that counted
// Running pods alone passed them all.
func TestOneDeployerPodCountsPendingPods(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	two := withPods(state(c3, rcOf(t, c3, 2, Pending, 0), rcOf(t, c3, 3, Running, 0)),
		deployerPod("web-2", dcplan.PodPending), deployerPod("web-3", dcplan.PodRunning))
	check(t, fake.OneDeployerPod(two), "2 deployer pods running: web-2-deploy, web-3-deploy", "web-2's pending pod is a deployer pod not terminal")
	one := withPods(state(c3, rcOf(t, c3, 3, Pending, 0)), deployerPod("web-3", dcplan.PodPending))
	check(t, fake.OneDeployerPod(one), "", "web-3's pending pod alone")
}

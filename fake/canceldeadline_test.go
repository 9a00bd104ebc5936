package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestCancelByDeadlineIsTheOldestDeployers holds where CancelDeletesPods
// accepts an active deadline in place of a delete (SPEC 2.3, 7 row 25):
// only with CancelByDeadline (the oldest deployer, Origin10), and only
// a deadline of one second, which stops the pod at once. Modern deletes
// the pods of a cancelled rollout, so a pod it left with a one-second
// deadline is left; and under Origin10 a pod left with the strategy's
// own deadline (600 s) is left running.
func TestCancelByDeadlineIsTheOldestDeployers(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	before := withPods(state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0)), deployerPod("web-3", dcplan.PodRunning))
	before.Deployments[1].Cancelled = true
	deadline := func(s int64) fake.ConfigState {
		after := withPods(state(c3, before.Deployments...), deployerPod("web-3", dcplan.PodRunning))
		after.Pods[0].HasActiveDeadline, after.Pods[0].ActiveDeadlineSeconds = true, s
		return after
	}
	pass := func(after fake.ConfigState, p dcplan.Preset) fake.Transition {
		return fake.Transition{Actor: "deployer", Kind: fake.PassDeployer, Target: "web-3", Before: before, After: after, Settings: p.Settings()}
	}
	check(t, fake.CancelDeletesPods(pass(deadline(1), dcplan.Modern)), "left pod web-3-deploy of cancelled rc/web-3 Running", "Modern deletes the pods")
	check(t, fake.CancelDeletesPods(pass(deadline(600), dcplan.Origin10)), "left pod web-3-deploy of cancelled rc/web-3 Running", "a 600 s deadline does not stop the pod")
	check(t, fake.CancelDeletesPods(pass(deadline(1), dcplan.Origin10)), "", "the oldest deployer's cancel by deadline")
}

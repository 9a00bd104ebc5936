package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestFailsForACauseEdges holds the causes FailsForACause accepts for an
// RC moved to Failed, and those it does not: a New RC may time out
// (SPEC 4.3.new.3), with UnrelatedPodEffects even beside a pod; a cancel written with the failure
// is a cause (SPEC 2.3); a pod squatting the deployer pod's name is
// another RC's, so the RC's own pod is gone (SPEC 4.3), and the pod that
// counts is the one the RC's deployer-pod annotation names; an RC already
// Failed or cancelled before has its cause; under Modern a New RC beside
// its own deployer pod has none, since its timeout does not fire then
// (SPEC 11 item 4); a pass that read a stale
// cache is not judged; and a pod that succeeded fails its RC only with
// the seed pod controller, on a non-zero exit code (SPEC 2.2, 7 row 29),
// never for Modern.
func TestFailsForACauseEdges(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	exited := func(code int32) dcplan.Pod {
		p := deployerPod("web-3", dcplan.PodSucceeded)
		p.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, ExitCode: code}}
		return p
	}
	squatter := deployerPod("web-3", dcplan.PodRunning)
	squatter.DeploymentName, squatter.DeployerFor = "web-9", "web-9"
	fail := func(from dcplan.Phase, cancel bool, pods ...dcplan.Pod) fake.Transition {
		in := withPods(state(c3, rcOf(t, c3, 3, from, 0)), pods...)
		return fake.Transition{Actor: "deployer", Kind: fake.PassDeployer,
			Writes: []fake.LiveWrite{editOf(t, "web-3", in, func(d *dcplan.Deployment) { d.Phase, d.Cancelled = Failed, cancel })}}
	}
	// web-3's deployer pod is named by its annotation (a long name is
	// hashed, SPEC 5.10), not web-3-deploy.
	named := rcOf(t, c3, 3, Running, 0)
	named.DeployerPodName = "web-3-0badc0de-deploy"
	namedPod := deployerPod("web-3", dcplan.PodRunning)
	namedPod.Name = named.DeployerPodName
	namedWorld := withPods(state(c3, named), namedPod)
	// A Failed RC scaled down while its deployer pod still runs.
	failedWorld := withPods(state(c3, rcOf(t, c3, 2, Failed, 1), rcOf(t, c3, 3, Complete, 1)), deployerPod("web-2", dcplan.PodRunning))
	cancelledRC := rcOf(t, c3, 3, Running, 0)
	cancelledRC.Cancelled = true
	cancelledWorld := withPods(state(c3, cancelledRC), deployerPod("web-3", dcplan.PodRunning))
	seedExit0 := fail(Running, false, exited(0))
	seedExit0.Settings = dcplan.Origin15.Settings()
	stale := fail(Running, false, deployerPod("web-3", dcplan.PodRunning))
	stale.Stale = true
	exactNew := fail(New, false, deployerPod("web-3", dcplan.PodRunning))
	exactNew.Settings = dcplan.Exact.Settings()
	seedPods := fail(Running, false, exited(1))
	seedPods.Settings = dcplan.Origin15.Settings()
	tests := []struct {
		name    string
		why     string
		t       fake.Transition
		wantErr string
	}{
		{name: "4.3.new.3 New times out beside its pod", why: "with UnrelatedPodEffects (Exact, SPEC 10.4) the strategy's timeout fails a New RC, whatever its pod", t: exactNew},
		{name: "11.4 Modern, New beside its running pod", why: "Modern's timeout does not fail a New RC whose related deployer pod exists (SPEC 11 item 4): the pod makes it Running",
			t: fail(New, false, deployerPod("web-3", dcplan.PodRunning)), wantErr: "rc/web-3 failed (New -> Failed) while its deployer pod web-3-deploy is Running"},
		{name: "4.3.new.3 Modern, New without a pod", why: "no deployer pod: the strategy's timeout fails the New RC", t: fail(New, false)},
		{name: "4.3.new.6 Modern, New beside an unrelated pod", why: "a pod squatting the name fails the New RC (SPEC 4.3.new.6)", t: fail(New, false, squatter)},
		{name: "2.3 cancelled with the failure", why: "the write that fails web-3 also cancels it", t: fail(Running, true, deployerPod("web-3", dcplan.PodRunning))},
		{name: "4.3 squatted name", why: "web-3-deploy is web-9's pod: web-3's own is gone", t: fail(Running, false, squatter)},
		{name: "stale pass", why: "the pass saw a pod that has moved on since", t: stale},
		{name: "7#29 seed pod controller", why: "the deployer pod succeeded with exit code 1", t: seedPods},
		{name: "7#29 seed, exit code 0", why: "the seed pod controller completes an RC whose pod succeeded with exit code 0", t: seedExit0,
			wantErr: "rc/web-3 failed (Running -> Failed) while its deployer pod web-3-deploy is Succeeded"},
		{name: "4.3 the annotated pod name", why: "web-3's deployer pod, named by its annotation, runs",
			t:       fake.Transition{Actor: "deployer", Kind: fake.PassDeployer, Writes: []fake.LiveWrite{editOf(t, "web-3", namedWorld, func(d *dcplan.Deployment) { d.Phase = Failed })}},
			wantErr: "rc/web-3 failed (Running -> Failed) while its deployer pod web-3-0badc0de-deploy is Running"},
		{name: "2.1 already failed", why: "a scale of the Failed web-2 moves it nowhere", t: fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Writes: []fake.LiveWrite{scaleOf(t, "web-2", 0, failedWorld)}}},
		{name: "2.3 cancelled before", why: "web-3 was cancelled in the live world: its failure has a cause, whatever its pod, even from a write that drops the annotation",
			t: fake.Transition{Actor: "deployer", Kind: fake.PassDeployer,
				Writes: []fake.LiveWrite{editOf(t, "web-3", cancelledWorld, func(d *dcplan.Deployment) { d.Phase, d.Cancelled = Failed, false })}}},
		{name: "2.2 modern, exit code ignored", why: "Modern completes an RC whose pod succeeded, whatever the exit codes", t: fail(Running, false, exited(1)),
			wantErr: "rc/web-3 failed (Running -> Failed) while its deployer pod web-3-deploy is Succeeded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, fake.FailsForACause(tt.t), tt.wantErr, tt.why)
		})
	}
}

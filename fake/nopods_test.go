package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestNoPodsAfterCancelEdges holds which pods NoPodsAfterCancel counts
// against a cancelled rollout, and when (SPEC 2.3): every pod of a
// cancelled RC that failed labelled openshift.io/deployer-pod-for.name
// for it (a hook pod, or a deployer pod annotated for another RC), the
// pods the deployer deletes (SPEC 4.6); not a pod known by the
// deployment-name annotation alone, its label removed, which no deployer
// of any preset deletes; none of an RC whose
// cancel lost the race to success (it completed, and its deployer pod
// stays like any completed rollout's).
func TestNoPodsAfterCancelEdges(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	cancelled := func(ph dcplan.Phase, pods ...dcplan.Pod) fake.ConfigState {
		d := rcOf(t, c2, 2, ph, 0)
		d.Cancelled = true
		return withPods(state(c2, rcOf(t, c2, 1, Complete, 1), d), pods...)
	}
	tests := []struct {
		name    string
		why     string
		c       fake.ConfigState
		wantErr string
	}{
		{name: "2.3 hook pod by label", why: "the pre hook of the cancelled web-2 survives",
			c:       cancelled(Failed, dcplan.Pod{Namespace: "ns", Name: "web-2-hook-pre", DeployerFor: "web-2", Phase: dcplan.PodRunning}),
			wantErr: "pod web-2-hook-pre of cancelled rc web-2 survives"},
		{name: "2.3 pod by annotation", why: "the deployer pod of web-2, its label removed, survives: the deployer deletes by label only (SPEC 4.6), as upstream does",
			c: cancelled(Failed, dcplan.Pod{Namespace: "ns", Name: "web-2-deploy", DeploymentName: "web-2", Phase: dcplan.PodFailed})},
		{name: "4.6 pod by label, annotated for another RC", why: "a pod labelled for web-2 is one the deployer deletes, whatever its annotation",
			c:       cancelled(Failed, dcplan.Pod{Namespace: "ns", Name: "web-2-deploy", DeploymentName: "web-1", DeployerFor: "web-2", Phase: dcplan.PodRunning}),
			wantErr: "pod web-2-deploy of cancelled rc web-2 survives"},
		{name: "2.3 cancel raced by success", why: "web-2 completed before the cancel was recorded: its pod stays",
			c: cancelled(Complete, deployerPod("web-2", dcplan.PodSucceeded))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, fake.NoPodsAfterCancel(tt.c), tt.wantErr, tt.why)
		})
	}
}

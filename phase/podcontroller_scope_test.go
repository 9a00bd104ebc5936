package phase_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// SPEC 7 row 29 / 12 "deployer-pod controller: RC gone ⇒ delete its
// pods". Snapshot.Pods may hold every pod of the namespace ("at least"
// this DC's deployer pods; the package's own benchmark snapshot holds 99
// deployer pods of other rollouts). An RC missing from s.Deployments (the
// RCs of *this* DC) is not a gone RC: the seed controller looked it up
// namespace-wide, so neither StepAll nor DeployerPod deletes another
// DC's live deployer pod (both did before).
func TestSeedPodControllerKeepsOtherConfigsPods(t *testing.T) {
	other := dcplan.Pod{Namespace: "ns", Name: "api-3-deploy", UID: "uid-api-3-deploy", CreationTime: podCreated,
		Phase: dcplan.PodRunning, DeploymentName: "api-3", DeployerFor: "api-3"}
	for _, pr := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13, dcplan.Origin15} {
		s := snapshot(pr, []dcplan.Deployment{testRC(1, dcplan.PhaseComplete)}, other)
		for name, p := range map[string]dcplan.Plan{
			"StepAll":     phase.StepAll(s),
			"DeployerPod": phase.DeployerPod(s, "api-3-deploy"),
		} {
			if len(p.DeletePods) > 0 {
				t.Errorf("%v %s deletes the running deployer pod of RC api-3 (another DC's, alive):\n%s", pr, name, dcplan.Describe(p))
			}
		}
	}
}

// SPEC 12 "deployer-pod controller: replicas annotation synced from
// desired-replicas on any terminal phase; desired-replicas dropped only on
// Complete". A hand-edited desired-replicas ("abc", or beyond int32:
// UnreadDesiredReplicas) moves into openshift.io/deployment.replicas when
// the pod succeeds (CommitDesired: "its text moves as it stands"), and is
// synced as well when the pod fails (it was not before).
func TestSeedFailedSyncsUnreadDesired(t *testing.T) {
	unread := func(d *dcplan.Deployment) {
		d.HasDesiredReplicas, d.DesiredReplicas, d.UnreadDesiredReplicas = false, 0, true
	}
	for _, pr := range []dcplan.Preset{dcplan.Origin10, dcplan.Origin13, dcplan.Origin15} {
		s := snapshot(pr, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, unread)}, deployer("web-1", dcplan.PodSucceeded))
		ok := phase.DeployerPod(s, "web-1-deploy")
		s = snapshot(pr, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, unread)}, deployer("web-1", dcplan.PodFailed))
		failed := phase.DeployerPod(s, "web-1-deploy")
		if len(ok.Transitions) != 1 || !ok.Transitions[0].CommitDesired {
			t.Fatalf("%v: setup: success should commit the unread annotation:\n%s", pr, dcplan.Describe(ok))
		}
		if len(failed.Transitions) != 1 || !failed.Transitions[0].SyncDesired {
			t.Errorf("%v: pod Failed with an unread desired-replicas annotation does not sync it into deployment.replicas (Complete does):\n%s",
				pr, dcplan.Describe(failed))
		}
	}
}

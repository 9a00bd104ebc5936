package fake_test

import (
	"context"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestPassTransitionToleratesAsRunPass: PassTransition sends a pass as
// wire.RunPass does, so a failure a request tolerates (NotFound on a pod
// delete, SPEC 13.1) is success: the pass goes on and is not Faulted. Here
// the hook pod goes with the deployer pod, its owner, before its own
// delete reaches the server.
func TestPassTransitionToleratesAsRunPass(t *testing.T) {
	cfg := passConfig(1)
	owned := dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "dc-uid", Controller: true}
	rc := dcplan.Deployment{Namespace: "ns", Name: "web-1", UID: "uweb-1", Version: 1, Phase: dcplan.PhaseRunning, Cancelled: true,
		ConfigLabel: "web", ConfigName: "web", HasController: true, Controller: owned}
	deployer := dcplan.Pod{Namespace: "ns", Name: "web-1-deploy", UID: "upod", DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodRunning}
	hook := dcplan.Pod{Namespace: "ns", Name: "web-1-hook-pre", UID: "uhook", DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodRunning,
		Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "Pod", Name: "web-1-deploy", UID: "upod"}}}
	s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{rc}, Pods: []dcplan.Pod{deployer, hook}}
	plan := dcplan.Plan{
		DeletePods:  []dcplan.DeletePod{{Pod: "web-1-deploy", RC: "web-1"}, {Pod: "web-1-hook-pre", RC: "web-1"}},
		Transitions: []dcplan.Transition{{RC: "web-1", From: dcplan.PhaseRunning, To: dcplan.PhaseFailed}},
	}

	srv, err := fake.ServerOf(s)
	if err != nil {
		t.Fatal(err)
	}
	pass, err := wire.RunPass(context.Background(), srv, s, func(dcplan.Snapshot) dcplan.Plan { return plan })
	if err != nil || pass.Failed() != nil {
		t.Fatalf("wire.RunPass: %v, %v", err, pass.Failed())
	}

	tr, err := fake.PassTransition(s, plan, fake.PassDeployer, "deployer")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Faulted {
		t.Errorf("PassTransition().Faulted = true, want false: RunPass took the hook pod's NotFound for success")
	}
	if d, ok := tr.After.Deployment("web-1"); !ok || d.Phase != dcplan.PhaseFailed {
		t.Errorf("after the pass web-1 is %v, want Failed as RunPass leaves it", d.Phase)
	}
}

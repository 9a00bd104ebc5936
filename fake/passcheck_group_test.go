package fake_test

import (
	"context"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestPassTransitionSendsTheWholeGroup: PassTransition sends a pass as
// wire.RunPass does, so a failure inside a request group (the deployer's
// owner patches, SPEC 4.6: errors aggregated) does not stop the group's
// later requests; the pass stops after the group. Here the owner patch of
// a pod gone from the server fails NotFound (owner patches tolerate
// none), and the hook pod's patch after it still goes.
func TestPassTransitionSendsTheWholeGroup(t *testing.T) {
	cfg := passConfig(1)
	owned := dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "dc-uid", Controller: true}
	rc := dcplan.Deployment{Namespace: "ns", Name: "web-1", UID: "uweb-1", Version: 1, Phase: dcplan.PhaseRunning,
		ConfigLabel: "web", ConfigName: "web", HasController: true, Controller: owned}
	hook := dcplan.Pod{Namespace: "ns", Name: "web-1-hook-pre", UID: "uhook", DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodRunning}
	s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{rc}, Pods: []dcplan.Pod{hook}}
	plan := dcplan.Plan{
		SetPodOwners: []dcplan.SetPodOwner{{Pod: "web-1-deploy", RC: "web-1", RCUID: "uweb-1"}, {Pod: "web-1-hook-pre", RC: "web-1", RCUID: "uweb-1"}},
		Transitions:  []dcplan.Transition{{RC: "web-1", From: dcplan.PhaseRunning, To: dcplan.PhaseComplete}},
	}

	srv, err := fake.ServerOf(s)
	if err != nil {
		t.Fatal(err)
	}
	pass, err := wire.RunPass(context.Background(), srv, s, func(dcplan.Snapshot) dcplan.Plan { return plan })
	if err != nil {
		t.Fatalf("wire.RunPass: %v", err)
	}
	if pass.Sent < 2 || pass.Errs[0] == nil || pass.Errs[1] != nil || pass.Requests[1].Name != "web-1-hook-pre" {
		t.Fatalf("wire.RunPass sent %v with answers %v, want the deployer pod's patch failing and the hook pod's after it", pass.Requests[:pass.Sent], pass.Errs)
	}

	tr, err := fake.PassTransition(s, plan, fake.PassDeployer, "deployer")
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Faulted {
		t.Errorf("PassTransition().Faulted = false, want true: the first owner patch failed")
	}
	if len(tr.Writes) != 1 || tr.Writes[0].Request.Name != "web-1-hook-pre" {
		t.Fatalf("PassTransition wrote %d requests %v, want the hook pod's owner patch, sent after the failure in its group", len(tr.Writes), tr.Writes)
	}
	if d, ok := tr.After.Deployment("web-1"); !ok || d.Phase != dcplan.PhaseRunning {
		t.Errorf("after the pass web-1 is %v, want Running: the pass stops after the group", d.Phase)
	}
}

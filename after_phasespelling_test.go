package dcplan_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// SPEC 7 row 28, 13.1: the oldest seed's deployer-pod controller writes
// any phase change, so an RC whose phase annotation is a hand edit
// ("Bogus", PhaseUnknown) is moved to the pod's phase. The written RC
// reads back with that phase and no PhaseSpelling (which is "" for every
// phase but PhaseUnknown); After must hold the same RC.
func TestAfterTransitionDropsPhaseSpelling(t *testing.T) {
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"ns","uid":"uid-web-1",` +
		`"resourceVersion":"5","annotations":{"openshift.io/deployment-config.name":"web","openshift.io/deployment-config.latest-version":"1",` +
		`"openshift.io/deployment.phase":"Bogus"}},"spec":{"replicas":0}}`
	d, err := wire.DecodeDeployment([]byte(rc))
	if err != nil {
		t.Fatal(err)
	}
	if d.Phase != dcplan.PhaseUnknown || d.PhaseSpelling != "Bogus" {
		t.Fatalf("decoded RC: phase %v, spelling %q; want PhaseUnknown spelled Bogus", d.Phase, d.PhaseSpelling)
	}
	s := dcplan.Snapshot{Settings: dcplan.Origin10.Settings(), Deployments: []dcplan.Deployment{d},
		Pods: []dcplan.Pod{{Namespace: "ns", Name: "web-1-deploy", DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodRunning}}}
	p := phase.DeployerPod(s, "web-1-deploy")
	if len(p.Transitions) != 1 {
		t.Fatalf("seed deployer-pod controller plans:\n%s\nwant one transition", dcplan.Describe(p))
	}
	written := writtenRC(t, s, p)
	got, _ := s.After(p).Deployment("web-1")
	if got.Phase != written.Phase || got.PhaseSpelling != written.PhaseSpelling {
		t.Errorf("After: phase %v spelled %q; the written RC reads phase %v spelled %q",
			got.Phase, got.PhaseSpelling, written.Phase, written.PhaseSpelling)
	}
}

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

// SPEC 12 (SeedReplicasAnnotation), 13.1: the seed deployer-pod
// controller copies the desired-replicas annotation's text into
// openshift.io/deployment.replicas when the rollout fails, a count or not.
// After must hold what the written RC reads back as: a hand-edited
// desired-replicas ("abc") makes the replicas annotation no count either,
// so the "0" the RC was created with is gone.
func TestAfterSyncDesiredUnreadCount(t *testing.T) {
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"ns","uid":"uid-web-1",` +
		`"resourceVersion":"5","annotations":{"openshift.io/deployment-config.name":"web","openshift.io/deployment-config.latest-version":"1",` +
		`"openshift.io/deployment.phase":"Running","openshift.io/deployment.replicas":"0","kubectl.kubernetes.io/desired-replicas":"abc"}},"spec":{"replicas":0}}`
	d, err := wire.DecodeDeployment([]byte(rc))
	if err != nil {
		t.Fatal(err)
	}
	if !d.HasSyncedReplicas || !d.UnreadDesiredReplicas {
		t.Fatalf("decoded RC: HasSyncedReplicas %v, UnreadDesiredReplicas %v; want both", d.HasSyncedReplicas, d.UnreadDesiredReplicas)
	}
	s := dcplan.Snapshot{Settings: dcplan.Origin15.Settings(), Deployments: []dcplan.Deployment{d},
		Pods: []dcplan.Pod{{Namespace: "ns", Name: "web-1-deploy", DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodFailed}}}
	p := phase.DeployerPod(s, "web-1-deploy")
	if len(p.Transitions) != 1 || !p.Transitions[0].SyncDesired {
		t.Fatalf("seed deployer-pod controller plans:\n%s\nwant one transition that syncs desired-replicas", dcplan.Describe(p))
	}
	written := writtenRC(t, s, p)
	got, _ := s.After(p).Deployment("web-1")
	if got.HasSyncedReplicas != written.HasSyncedReplicas || got.SyncedReplicas != written.SyncedReplicas {
		t.Errorf("After: synced replicas %d (present %v); the written RC reads %d (present %v)",
			got.SyncedReplicas, got.HasSyncedReplicas, written.SyncedReplicas, written.HasSyncedReplicas)
	}
}

// writtenRC is the RC the last RC write among p's requests leaves, read
// back as the server would store it.
func writtenRC(t *testing.T, s dcplan.Snapshot, p dcplan.Plan) dcplan.Deployment {
	t.Helper()
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var written *dcplan.Deployment
	for _, r := range reqs {
		if r.Resource == wire.ResourceRCs && r.Body != nil {
			w, err := wire.DecodeDeployment(r.Body)
			if err != nil {
				t.Fatal(err)
			}
			written = &w
		}
	}
	if written == nil {
		t.Fatalf("no RC write among the requests of\n%s", dcplan.Describe(p))
	}
	return *written
}

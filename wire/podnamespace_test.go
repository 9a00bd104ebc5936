package wire_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestPodRequestsGoToThePodsNamespace: the seed-era deployer-pod
// controller deletes the deployer and hook pods of an RC that is gone,
// with no DC in the snapshot either (SPEC 7 row 29, the seed-era pod
// controller).
// Each request goes to the namespace of the pod it names, not to "".
// Issue: a DeletePod took its namespace from the DC or the first RC.
func TestPodRequestsGoToThePodsNamespace(t *testing.T) {
	s := dcplan.Snapshot{Pods: []dcplan.Pod{
		{Namespace: "shop", Name: "web-1-deploy", DeploymentName: "web-1"},
		{Namespace: "shop", Name: "web-1-hook-pre", DeploymentName: "web-1"},
	}}
	p := dcplan.Plan{
		DeletePods: []dcplan.DeletePod{
			{Rule: dcplan.Rule("7.29"), Pod: "web-1-deploy", RC: "web-1"},
			{Rule: dcplan.Rule("7.29"), Pod: "web-1-hook-pre", RC: "web-1"},
		},
		SetPodOwners: []dcplan.SetPodOwner{{Pod: "web-1-hook-pre", RC: "web-1", RCUID: "u"}},
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, q := range reqs {
		got = append(got, string(q.Verb)+" "+q.Namespace+"/"+q.Name)
	}
	want := []string{"patch shop/web-1-hook-pre", "delete shop/web-1-deploy", "delete shop/web-1-hook-pre"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("requests (-want +got):\n%s", d)
	}
}

package dcplan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestAfterDeleteRCOwners: what the garbage collector leaves of the pods
// of a deleted RC (SPEC 3.7, 7 row 29; Snapshot.After step 6). A pod that
// another owner still holds loses the RC's reference and stays: an owner
// the snapshot holds (the DC, here), or one of a kind a snapshot never
// holds (a Job), which it cannot say is gone. An RC without a uid owns
// nothing: its delete leaves pods whose references carry no uid alone.
func TestAfterDeleteRCOwners(t *testing.T) {
	rcRef := func(uid string) dcplan.OwnerRef {
		return dcplan.OwnerRef{APIVersion: "v1", Kind: "ReplicationController", Name: "web-1", UID: uid}
	}
	job := dcplan.OwnerRef{APIVersion: "batch/v1", Kind: "Job", Name: "j", UID: "job-1"}
	dc := dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "dc-uid"}
	tests := []struct {
		name  string
		rcUID string
		pod   []dcplan.OwnerRef
		want  []dcplan.OwnerRef // nil: the pod is gone
	}{
		{"held by a job", "rc-1", []dcplan.OwnerRef{rcRef("rc-1"), job}, []dcplan.OwnerRef{job}},
		{"held by the dc", "rc-1", []dcplan.OwnerRef{dc, rcRef("rc-1")}, []dcplan.OwnerRef{dc}},
		{"owned by the rc alone", "rc-1", []dcplan.OwnerRef{rcRef("rc-1")}, nil},
		{"rc without uid", "", []dcplan.OwnerRef{rcRef("")}, []dcplan.OwnerRef{rcRef("")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := dcplan.Snapshot{Now: afterNow, Config: dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid"},
				Deployments: []dcplan.Deployment{{Namespace: "ns", Name: "web-1", UID: tt.rcUID}},
				Pods:        []dcplan.Pod{{Namespace: "ns", Name: "web-1-deploy", UID: "pod-1", Owners: tt.pod}}}
			after := s.After(dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}}})
			p, ok := after.Pod("web-1-deploy")
			if tt.want == nil {
				if ok {
					t.Errorf("After() keeps the pod with owners %+v, want it collected", p.Owners)
				}
				return
			}
			if !ok {
				t.Fatalf("After() collected the pod, want it kept with owners %+v", tt.want)
			}
			if d := cmp.Diff(tt.want, p.Owners); d != "" {
				t.Errorf("After() pod owners mismatch (-want +got):\n%s", d)
			}
		})
	}
}

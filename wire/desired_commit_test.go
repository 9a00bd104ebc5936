package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestSuccessMovesAnUnreadDesiredCount: an RC whose desired-replicas
// annotation is no count ("abc", "") completes with the annotation's text
// moved into openshift.io/deployment.replicas and desired-replicas
// removed, in every preset, as upstream copies the string (SPEC 2.2,
// 13.1). Modern read such an annotation as absent and kept it.
func TestSuccessMovesAnUnreadDesiredCount(t *testing.T) {
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		for _, val := range []string{"abc", ""} {
			rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"ns","uid":"uid-web-1",` +
				`"resourceVersion":"5","annotations":{"openshift.io/deployment-config.name":"web","openshift.io/deployment-config.latest-version":"1",` +
				`"openshift.io/deployment.phase":"Running","kubectl.kubernetes.io/desired-replicas":"` + val + `"}},"spec":{"replicas":0}}`
			d, err := wire.DecodeDeployment([]byte(rc))
			if err != nil {
				t.Fatal(err)
			}
			s := dcplan.Snapshot{Settings: preset.Settings(), Deployments: []dcplan.Deployment{d},
				Pods: []dcplan.Pod{{Namespace: "ns", Name: "web-1-deploy", DeploymentName: "web-1", DeployerFor: "web-1", Phase: dcplan.PodSucceeded,
					Owners: []dcplan.OwnerRef{{Kind: "ReplicationController", Name: "web-1", UID: "uid-web-1", APIVersion: "v1"}}}}}
			p := phase.Step(s, "web-1")
			reqs, err := wire.Requests(s, p)
			if err != nil {
				t.Fatal(err)
			}
			var ann map[string]string
			for _, r := range reqs {
				if r.Resource == wire.ResourceRCs {
					var obj struct {
						Metadata struct {
							Annotations map[string]string `json:"annotations"`
						} `json:"metadata"`
					}
					if err := json.Unmarshal(r.Body, &obj); err != nil {
						t.Fatal(err)
					}
					ann = obj.Metadata.Annotations
				}
			}
			got, moved := ann[dcplan.AnnotationReplicas]
			_, kept := ann[dcplan.AnnotationDesiredReplicas]
			if ann == nil || !moved || got != val || kept {
				t.Errorf("%v, desired-replicas %q: written replicas %q (present %v), desired-replicas kept %v; want %q moved\n%s",
					preset, val, got, moved, kept, val, dcplan.Describe(p))
			}
		}
	}
}

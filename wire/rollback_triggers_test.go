package wire

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// rollbackTriggersBody rolls shop/frontend back to revision 1 with
// --change-triggers, revision 1's encoded DC holding triggers (raw JSON),
// and returns the spec.triggers the DC update sends.
func rollbackTriggersBody(t *testing.T, triggers string) string {
	t.Helper()
	var list map[string]any
	unmarshalStd(t, fixture(t, "list-dc-rc-pods.json"), &list)
	for _, it := range list["items"].([]any) {
		m := it.(map[string]any)
		if m["metadata"].(map[string]any)["name"] != "frontend-1" {
			continue
		}
		ann := m["metadata"].(map[string]any)["annotations"].(map[string]any)
		var enc map[string]any
		unmarshalStd(t, []byte(ann["openshift.io/encoded-deployment-config"].(string)), &enc)
		var tr any
		unmarshalStd(t, []byte(triggers), &tr)
		enc["spec"].(map[string]any)["triggers"] = tr
		b, _ := json.Marshal(enc)
		ann["openshift.io/encoded-deployment-config"] = string(b) + "\n"
	}
	doc, _ := json.Marshal(list)
	s, err := DecodeSnapshot(doc, "shop", "frontend", mustTime(t, "2026-11-01T12:00:00Z"), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	p, _, _, err := history.Rollback(s, 1, history.RollbackOptions{IncludeTriggers: true})
	if err != nil {
		t.Fatal(err)
	}
	reqs, err := Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range reqs {
		if q.Verb == VerbUpdate && q.Resource == ResourceConfigs && q.Subresource == "" {
			var body struct {
				Spec map[string]json.RawMessage `json:"spec"`
			}
			unmarshalStd(t, q.Body, &body)
			if tr, ok := body.Spec["triggers"]; ok {
				return string(tr)
			}
			return "(absent)"
		}
	}
	t.Fatalf("no DC update among %v", reqs)
	return ""
}

// Revision 1 had no triggers (`triggers: []`, the documented way to turn
// the default ConfigChange trigger off). Upstream's rollback copies that
// empty list and oc PUTs "triggers":[]; a PUT without the key is
// defaulted by openshift-apiserver (SetDefaults_DeploymentConfigSpec:
// Triggers == nil => [{type: ConfigChange}]), turning automatic rollouts on.
func TestRollbackToRevisionWithoutTriggersSendsEmptyList(t *testing.T) {
	if got := rollbackTriggersBody(t, `[]`); got != `[]` {
		t.Errorf("spec.triggers = %s, want []", got)
	}
}

// Revision 1 listed the same triggers in the other order: the PUT must
// carry them in the revision's order, each over its own element of the
// DC as read (the ImageChange trigger's automatic disabled, as the
// rollback generator disables it), with no imageChangeParams left on the
// ConfigChange trigger from the element the DC held at its index.
func TestRollbackTriggersInOtherOrderCarryNoStaleParams(t *testing.T) {
	got := rollbackTriggersBody(t, `[{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend"],"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest"}}},{"type":"ConfigChange"}]`)
	want := `[{"type":"ImageChange","imageChangeParams":{"containerNames":["frontend"],"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest"}}},{"type":"ConfigChange"}]`
	if got != want {
		t.Errorf("spec.triggers =\n%s\nwant\n%s", got, want)
	}
}

// The rollback generator turns every ImageChange trigger manual
// (automatic false), and oc PUTs the generated DC as its typed client
// encodes it: DeploymentTriggerImageChangeParams.Automatic is declared
// `json:"automatic,omitempty"`, so a manual trigger goes out without the
// key, never as "automatic":false (encoding/json of the openshift/api
// type, checked in examples/kube).
func TestRollbackDisabledImageTriggerOmitsAutomatic(t *testing.T) {
	got := rollbackTriggersBody(t, `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend"],"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest"}}}]`)
	want := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"containerNames":["frontend"],"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest"}}}]`
	if got != want {
		t.Errorf("spec.triggers =\n%s\nwant\n%s", got, want)
	}
}

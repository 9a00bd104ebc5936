package wire

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// rollbackTriggersBody rolls shop/frontend back to revision 1 with
// --change-triggers, revision 1's encoded DC holding triggers (raw JSON),
// and returns the spec.triggers the DC update sends.
func rollbackTriggersBody(t *testing.T, triggers string) string {
	t.Helper()
	return rollbackTriggersBodyOver(t, "", triggers, history.RollbackOptions{IncludeTriggers: true})
}

// rollbackTriggersBodyOver is rollbackTriggersBody with the current DC's
// spec.triggers made current (raw JSON) first ("" leaves them as the
// fixture has them), and the rollback's options opts.
func rollbackTriggersBodyOver(t *testing.T, current, triggers string, opts history.RollbackOptions) string {
	t.Helper()
	var list map[string]any
	unmarshalStd(t, fixture(t, "list-dc-rc-pods.json"), &list)
	for _, it := range list["items"].([]any) {
		m := it.(map[string]any)
		if m["kind"] == "DeploymentConfig" && current != "" {
			var tr any
			unmarshalStd(t, []byte(current), &tr)
			m["spec"].(map[string]any)["triggers"] = tr
		}
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
	p, _, _, err := history.Rollback(s, 1, opts)
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

// A trigger of the revision that the current DC does not hold goes out
// as the revision's element, as the rollback generator copies the
// revision's triggers whole (openshift-apiserver GenerateRollback:
// Convert(&to.Spec.Triggers, ...)): imageChangeParams.from is a
// corev1.ObjectReference, so its uid, apiVersion, resourceVersion and
// fieldPath survive the typed round trip and oc's PUT, in the struct's
// key order. Members no API type of the library lists (a later API
// version's) stay too, after the known ones, as wire writes them in
// every spliced object.
func TestRollbackTriggerKeepsRevisionMembers(t *testing.T) {
	got := rollbackTriggersBody(t, `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend"],`+
		`"from":{"apiVersion":"image.openshift.io/v1","fieldPath":"spec.tags[0]","kind":"ImageStreamTag","name":"frontend:v1","namespace":"shop","resourceVersion":"77","uid":"is-uid-1"},`+
		`"zeta":{"b":1,"a":2}}}]`)
	want := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"containerNames":["frontend"],` +
		`"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:v1","uid":"is-uid-1","apiVersion":"image.openshift.io/v1","resourceVersion":"77","fieldPath":"spec.tags[0]"},` +
		`"zeta":{"a":2,"b":1}}}]`
	if got != want {
		t.Errorf("spec.triggers =\n%s\nwant\n%s", got, want)
	}
}

// A trigger of the revision that the current DC also holds (same type
// and image) goes out as the revision's element, not the current one's:
// the generated DC's triggers are the revision's, whatever the DC holds.
// The current DC's from.uid (and unknown members) go, the revision's
// from.apiVersion and containerNames come, and only automatic is switched
// off; also when the two are alike in every field the library models
// (the current one manual already), as upstream's PUT of the generated
// DC carries them.
func TestRollbackMatchedTriggerIsRevisionElement(t *testing.T) {
	revision := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend"],` +
		`"from":{"apiVersion":"image.openshift.io/v1","kind":"ImageStreamTag","name":"frontend:latest","namespace":"shop"},"lastTriggeredImage":"img@1"}}]`
	want := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"containerNames":["frontend"],` +
		`"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest","apiVersion":"image.openshift.io/v1"},"lastTriggeredImage":"img@1"}}]`
	for _, tt := range []struct{ name, current string }{
		{"differing", `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend","sidecar"],` +
			`"from":{"kind":"ImageStreamTag","name":"frontend:latest","namespace":"shop","uid":"cur-uid"},"lastTriggeredImage":"img@2","extra":"current"}}]`},
		{"alike in the model", `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"containerNames":["frontend"],` +
			`"from":{"kind":"ImageStreamTag","name":"frontend:latest","namespace":"shop","uid":"cur-uid"},"lastTriggeredImage":"img@1"}}]`},
	} {
		if got := rollbackTriggersBodyOver(t, tt.current, revision, history.RollbackOptions{IncludeTriggers: true}); got != want {
			t.Errorf("%s: spec.triggers =\n%s\nwant\n%s", tt.name, got, want)
		}
	}
}

// Without --change-triggers the generated DC keeps the current DC's
// triggers, only made manual: the update carries the current elements,
// their members the library does not model included, and nothing of the
// revision's.
func TestRollbackWithoutChangeTriggersKeepsCurrentElements(t *testing.T) {
	current := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend"],` +
		`"from":{"kind":"ImageStreamTag","name":"frontend:latest","namespace":"shop","uid":"cur-uid"},"lastTriggeredImage":"img@2"}}]`
	revision := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"automatic":true,"containerNames":["frontend"],` +
		`"from":{"apiVersion":"image.openshift.io/v1","kind":"ImageStreamTag","name":"frontend:latest","namespace":"shop"},"lastTriggeredImage":"img@1"}}]`
	want := `[{"type":"ConfigChange"},{"type":"ImageChange","imageChangeParams":{"containerNames":["frontend"],` +
		`"from":{"kind":"ImageStreamTag","namespace":"shop","name":"frontend:latest","uid":"cur-uid"},"lastTriggeredImage":"img@2"}}]`
	if got := rollbackTriggersBodyOver(t, current, revision, history.RollbackOptions{}); got != want {
		t.Errorf("spec.triggers =\n%s\nwant\n%s", got, want)
	}
}

// Revision 1's encoded DC holds "triggers":null (nil in the typed DC, a
// hand edit: the controller encodes a DC read from the API server, whose
// defaulting never leaves the list nil). SPEC 6m.4a: the rollback
// generator of openshift-apiserver starts the copied list as an empty
// one (rollback.Spec.Triggers = []DeploymentTriggerPolicy{}) and appends
// the revision's triggers, so with --change-triggers the generated DC
// holds [] whatever the revision held, and oc PUTs "triggers":[] as for
// a revision with [] (a PUT without the key would be defaulted to a
// ConfigChange trigger, turning automatic rollouts on).
func TestRollbackToRevisionWithNullTriggersSendsEmptyList(t *testing.T) {
	if got := rollbackTriggersBody(t, `null`); got != `[]` {
		t.Errorf("spec.triggers = %s, want []", got)
	}
}

// A ConfigUpdate whose triggers name an RC the snapshot does not hold is
// a plan of another snapshot: Requests refuses it with ErrInvalidSnapshot.
func TestRollbackTriggersOfMissingRC(t *testing.T) {
	s, err := DecodeSnapshot(fixture(t, "list-dc-rc-pods.json"), "shop", "frontend", mustTime(t, "2026-11-01T12:00:00Z"), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	p := dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "frontend", SetTriggers: true,
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}, TriggersRC: "frontend-9"}}}
	if _, err := Requests(s, p); !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Errorf("Requests() error = %v, want ErrInvalidSnapshot", err)
	}
}

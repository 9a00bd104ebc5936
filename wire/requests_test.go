package wire

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
)

// typedListSnapshot decodes list-dc-rc-pods.json as an API LIST of each
// resource returns it: a typed list per kind (DeploymentConfigList,
// ReplicationControllerList, PodList) whose items carry no kind and
// apiVersion.
func typedListSnapshot(t *testing.T) dcplan.Snapshot {
	t.Helper()
	var list struct {
		Items []map[string]any `json:"items"`
	}
	unmarshalStd(t, fixture(t, "list-dc-rc-pods.json"), &list)
	lists := map[string][]any{}
	for _, it := range list.Items {
		k := it["kind"].(string)
		delete(it, "kind")
		delete(it, "apiVersion")
		lists[k] = append(lists[k], it)
	}
	var objs Objects
	for _, k := range []string{"DeploymentConfig", "ReplicationController", "Pod"} {
		b, err := json.Marshal(map[string]any{"kind": k + "List", "apiVersion": "v1", "items": lists[k]})
		if err != nil {
			t.Fatal(err)
		}
		o, err := DecodeList(b)
		if err != nil {
			t.Fatalf("DecodeList(%sList) error: %v", k, err)
		}
		objs.Configs = append(objs.Configs, o.Configs...)
		objs.Deployments = append(objs.Deployments, o.Deployments...)
		objs.Pods = append(objs.Pods, o.Pods...)
	}
	s, err := objs.Snapshot("shop", "frontend", mustTime(t, "2026-11-01T12:00:00Z"), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Reference: client-go's typed clients, whose versioning encoder sets
// kind and apiVersion on every body they send.
// SPEC 13: an update is a PUT of the full object as upstream's typed
// client sends it, kind and apiVersion first, also for objects read from
// a typed list (whose items carry neither).
func TestRequestsBodiesCarryTypeMeta(t *testing.T) {
	s := typedListSnapshot(t)
	p := dcplan.Plan{
		Scales: []dcplan.Scale{{RC: "frontend-1", Version: 1, From: 0, To: 0}},
		Status: &dcplan.StatusUpdate{Config: "frontend", To: s.Config.Status},
	}
	reqs, err := Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		ResourceRCs:     `{"kind":"ReplicationController","apiVersion":"v1",`,
		ResourceConfigs: `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1",`,
	}
	for _, q := range reqs {
		if q.Body == nil {
			continue
		}
		if w := want[q.Resource]; !bytes.HasPrefix(q.Body, []byte(w)) {
			t.Errorf("%s body starts %.60s, want %s", q.String(), q.Body, w)
		}
	}
}

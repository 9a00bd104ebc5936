package fake_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

var serverNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

const (
	srvRC = `{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-1","namespace":"shop",
		"uid":"rc-uid-1","resourceVersion":"500","generation":3,"creationTimestamp":"2026-11-01T11:00:00Z",
		"annotations":{"openshift.io/deployment.phase":"Complete","kubectl.kubernetes.io/desired-replicas":"2"},
		"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true,"blockOwnerDeletion":true}]},
		"spec":{"replicas":2,"selector":{"a":"b"}},"status":{"replicas":2,"readyReplicas":2}}`
	srvPod = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-deploy","namespace":"shop","uid":"pod-uid","resourceVersion":"400"},
		"spec":{"containers":[{"name":"deployment","image":"deployer"}]},"status":{"phase":"Running"}}`
	srvDC = `{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web","namespace":"shop","uid":"dc-uid","resourceVersion":"700","generation":5},
		"spec":{"replicas":2,"triggers":[{"type":"ConfigChange"}],"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"img:1"}]}}},
		"status":{"latestVersion":1,"observedGeneration":5}}`
)

// newTestServer returns a server holding srvRC, srvPod and srvDC.
func newTestServer(t *testing.T) *fake.Server {
	t.Helper()
	s := fake.NewServer(serverNow)
	for _, o := range []struct{ res, obj string }{{wire.ResourceRCs, srvRC}, {wire.ResourcePods, srvPod}, {wire.ResourceConfigs, srvDC}} {
		if err := s.Put(o.res, []byte(o.obj)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// get decodes a stored object and returns the value at a dotted path
// (list indexes as numbers), or "<absent>".
func get(t *testing.T, s *fake.Server, res, name, path string) any {
	t.Helper()
	b, ok := s.Object(res, "shop", name)
	if !ok {
		return "<no object>"
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Split(path, "|") {
		switch x := v.(type) {
		case map[string]any:
			e, ok := x[p]
			if !ok {
				return "<absent>"
			}
			v = e
		case []any:
			i := int(p[0] - '0')
			if i >= len(x) {
				return "<absent>"
			}
			v = x[i]
		default:
			return "<absent>"
		}
	}
	return v
}

// heldRC stores web-1 with the finalizers b.example/two and
// c.example/three.
func heldRC(t *testing.T, s *fake.Server) {
	t.Helper()
	b := rcWith(t, func(m map[string]any) { meta(m)["finalizers"] = []any{"b.example/two", "c.example/three"} })
	if err := s.Put(wire.ResourceRCs, b); err != nil {
		t.Fatal(err)
	}
}

// markedRC stores web-1 as heldRC does, marked deleting
// (deletionTimestamp set, as a delete leaves an object with finalizers).
func markedRC(t *testing.T, s *fake.Server) {
	t.Helper()
	b := rcWith(t, func(m map[string]any) {
		meta(m)["finalizers"] = []any{"b.example/two", "c.example/three"}
		meta(m)["deletionTimestamp"] = "2026-11-01T11:30:00Z"
	})
	if err := s.Put(wire.ResourceRCs, b); err != nil {
		t.Fatal(err)
	}
}

func rcWith(t *testing.T, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(srvRC), &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func meta(m map[string]any) map[string]any { return m["metadata"].(map[string]any) }

func TestServerRequests(t *testing.T) {
	type check struct {
		res, name, path string
		want            any
	}
	tests := []struct {
		name, why string
		req       func(t *testing.T) wire.Request
		// setup, when set, changes the server's objects first (Put: no
		// log entry).
		setup  func(t *testing.T, s *fake.Server)
		faults []fake.Fault
		// errText is the expected error text ("" for success), reason its
		// status reason.
		errText string
		reason  dcplan.StatusReason
		checks  []check
	}{
		{
			name: "create stamps server metadata",
			why:  "the deployer pod body has no namespace, uid, resourceVersion or creationTimestamp: the server sets them; the status sent is replaced by phase Pending and the generation is 1 (the pod strategy's PrepareForCreate, Kubernetes 1.35+)",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-2-deploy",
					Body: []byte(`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-2-deploy","creationTimestamp":null},"spec":{},"status":{"phase":"Running"}}`)}
			},
			checks: []check{
				{wire.ResourcePods, "web-2-deploy", "metadata|namespace", "shop"},
				{wire.ResourcePods, "web-2-deploy", "metadata|creationTimestamp", "2026-11-01T12:00:00Z"},
				{wire.ResourcePods, "web-2-deploy", "metadata|uid", "00000000-0000-4000-8000-000000000001"},
				{wire.ResourcePods, "web-2-deploy", "metadata|resourceVersion", "701"},
				{wire.ResourcePods, "web-2-deploy", "status|phase", "Pending"},
				{wire.ResourcePods, "web-2-deploy", "metadata|generation", 1.0},
				{wire.ResourcePods, "web-2-deploy", "status|startTime", "<absent>"},
			},
		},
		{
			name: "create RC resets status and sets generation",
			why:  "the RC create strategy ignores status and starts generation at 1",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-2",
					Body: []byte(`{"metadata":{"name":"web-2","namespace":"shop"},"spec":{"replicas":0},"status":{"replicas":5}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-2", "status", map[string]any{"replicas": 0.0}},
				{wire.ResourceRCs, "web-2", "metadata|generation", 1.0},
			},
		},
		{
			name: "create RC takes the v1 defaults",
			why:  "the API server defaults a missing spec.replicas to 1, and an empty selector and labels to the template's labels",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-2",
					Body: []byte(`{"metadata":{"name":"web-2","namespace":"shop"},"spec":{"template":{"metadata":{"labels":{"app":"web"}}}}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-2", "spec|replicas", 1.0},
				{wire.ResourceRCs, "web-2", "spec|selector", map[string]any{"app": "web"}},
				{wire.ResourceRCs, "web-2", "metadata|labels", map[string]any{"app": "web"}},
			},
		},
		{
			name: "create RC keeps what it sets",
			why:  "the defaults fill only what is missing: replicas 0, a selector and labels of its own stay",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-2",
					Body: []byte(`{"metadata":{"name":"web-2","namespace":"shop","labels":{"own":"x"}},"spec":{"replicas":0,"selector":{"sel":"y"},"template":{"metadata":{"labels":{"app":"web"}}}}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-2", "spec|replicas", 0.0},
				{wire.ResourceRCs, "web-2", "spec|selector", map[string]any{"sel": "y"}},
				{wire.ResourceRCs, "web-2", "metadata|labels", map[string]any{"own": "x"}},
			},
		},
		{
			name: "update RC without replicas",
			why:  "an update's body is defaulted as a create's: a missing spec.replicas is 1 (a spec change: generation up)",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { delete(m["spec"].(map[string]any), "replicas") })}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "spec|replicas", 1.0},
				{wire.ResourceRCs, "web-1", "metadata|generation", 4.0},
			},
		},
		{
			name: "patch RC replicas to null",
			why:  "a patch that removes spec.replicas (null) leaves the default, 1",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"spec":{"replicas":null}}`)}
			},
			checks: []check{{wire.ResourceRCs, "web-1", "spec|replicas", 1.0}},
		},
		{
			name: "create of a taken name",
			why:  "AlreadyExists carries client-go's text; the stored object is untouched",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) {
						m["spec"].(map[string]any)["replicas"] = 9
						delete(m["metadata"].(map[string]any), "resourceVersion")
					})}
			},
			errText: `replicationcontrollers "web-1" already exists`, reason: dcplan.StatusAlreadyExists,
			checks: []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "create carrying a resourceVersion",
			why:  "the storage refuses it before it looks for the name: a bare 500 (a client creating what it read)",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { m["spec"].(map[string]any)["replicas"] = 9 })}
			},
			errText: `resourceVersion should not be set on objects to be created`, reason: "",
			checks: []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "create in another namespace than the body's",
			why:  "the API server refuses a body whose namespace differs from the request's",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "other",
					Body: []byte(`{"metadata":{"name":"p","namespace":"shop"}}`)}
			},
			errText: "the namespace of the provided object does not match the namespace sent on the request", reason: dcplan.StatusBadRequest,
		},
		{
			name: "update with the read resourceVersion",
			why:  "a PUT stores the body, keeps status, bumps resourceVersion and generation (spec changed)",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) {
						m["spec"].(map[string]any)["replicas"] = 0
						m["status"] = map[string]any{"replicas": 7}
						meta(m)["annotations"].(map[string]any)["openshift.io/deployment.phase"] = "Failed"
					})}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "spec|replicas", 0.0},
				{wire.ResourceRCs, "web-1", "status|replicas", 2.0},
				{wire.ResourceRCs, "web-1", "metadata|annotations|openshift.io/deployment.phase", "Failed"},
				{wire.ResourceRCs, "web-1", "metadata|resourceVersion", "701"},
				{wire.ResourceRCs, "web-1", "metadata|generation", 4.0},
				{wire.ResourceRCs, "web-1", "metadata|uid", "rc-uid-1"},
			},
		},
		{
			name: "update without a spec change keeps generation",
			why:  "generation counts spec changes only",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { meta(m)["annotations"].(map[string]any)["x"] = "y" })}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|generation", 3.0},
				{wire.ResourceRCs, "web-1", "metadata|annotations|x", "y"},
			},
		},
		{
			name: "update with a stale resourceVersion",
			why:  "optimistic concurrency: a body read before another write conflicts",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { meta(m)["resourceVersion"] = "499"; m["spec"].(map[string]any)["replicas"] = 0 })}
			},
			errText: `Operation cannot be fulfilled on replicationcontrollers "web-1": the object has been modified; please apply your changes to the latest version and try again`,
			reason:  dcplan.StatusConflict,
			checks:  []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "update of a recreated object",
			why:  "the body's uid is a storage precondition: Conflict with the storage error text",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { meta(m)["uid"] = "old-uid" })}
			},
			errText: `Operation cannot be fulfilled on replicationcontrollers "web-1": StorageError: invalid object, Code: 4, Key: /registry/controllers/shop/web-1, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: old-uid, UID in object meta: rc-uid-1`,
			reason:  dcplan.StatusConflict,
		},
		{
			name: "update of a missing object",
			why:  "NotFound names the resource and the object",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-9",
					Body: rcWith(t, func(m map[string]any) { meta(m)["name"] = "web-9" })}
			},
			errText: `replicationcontrollers "web-9" not found`, reason: dcplan.StatusNotFound,
		},
		{
			name: "DC status update",
			why:  "deploymentconfigs/status replaces status only; a spec change in the body is ignored",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700"},"spec":{"replicas":9},"status":{"latestVersion":2,"observedGeneration":5}}`)}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "status", map[string]any{"latestVersion": 2.0, "observedGeneration": 5.0}},
				{wire.ResourceConfigs, "web", "spec|replicas", 2.0},
				{wire.ResourceConfigs, "web", "metadata|generation", 5.0},
			},
		},
		{
			name: "DC status update keeps the body's metadata but labels",
			why:  "openshift-apiserver's DC status strategy resets the spec and the labels only: the body's annotations are stored, its labels and spec are not",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700","labels":{"x":"y"},"annotations":{"note":"kept"}},` +
						`"spec":{"replicas":9},"status":{"latestVersion":1,"observedGeneration":5}}`)}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "metadata|annotations", map[string]any{"note": "kept"}},
				{wire.ResourceConfigs, "web", "metadata|labels", "<absent>"},
				{wire.ResourceConfigs, "web", "spec|replicas", 2.0},
				{wire.ResourceConfigs, "web", "metadata|generation", 5.0},
			},
		},
		{
			name: "DC status lowers latestVersion",
			why:  "3.2.10: the DC status validation refuses a decrement (openshift-apiserver's ValidateDeploymentConfigStatusUpdate)",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700"},"status":{"latestVersion":0,"observedGeneration":5}}`)}
			},
			errText: `DeploymentConfig.apps.openshift.io "web" is invalid: status.latestVersion: Invalid value: 0: latestVersion cannot be decremented`,
			reason:  dcplan.StatusInvalid,
		},
		{
			name: "DC status skips a version",
			why:  "3.2.7: latestVersion moves up by one a write at most, so a DC made again over its RCs catches up a version a pass",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700"},"status":{"latestVersion":3,"observedGeneration":5}}`)}
			},
			errText: `DeploymentConfig.apps.openshift.io "web" is invalid: status.latestVersion: Invalid value: 3: latestVersion can only be incremented by 1`,
			reason:  dcplan.StatusInvalid,
		},
		{
			name: "DC status with negative counts and an older generation",
			why:  "3.9: negative counts (upstream's wrapped int32 sums, WrapReplicaSums) and a lower observedGeneration are refused, every problem listed in the validation's order",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700"},"status":{"latestVersion":1,"observedGeneration":4,"replicas":-2,"unavailableReplicas":-1}}`)}
			},
			errText: `DeploymentConfig.apps.openshift.io "web" is invalid: [status.replicas: Invalid value: -2: must be greater than or equal to 0, ` +
				`status.unavailableReplicas: Invalid value: -1: must be greater than or equal to 0, status.observedGeneration: Invalid value: 4: observedGeneration cannot be decremented]`,
			reason: dcplan.StatusInvalid,
		},
		{
			name: "DC spec update bumps generation",
			why:  "the DC's generation counts spec changes; status in the body is ignored",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700","generation":5},"spec":{"replicas":3},"status":{"latestVersion":9}}`)}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "metadata|generation", 6.0},
				{wire.ResourceConfigs, "web", "spec|replicas", 3.0},
				{wire.ResourceConfigs, "web", "status|latestVersion", 1.0},
			},
		},
		{
			name: "DC update bumping latestVersion by one bumps generation",
			why: "the DC update strategy keeps a client's latestVersion one above the stored one and counts it as a " +
				"generation change, spec unchanged (SPEC 6.4, 6m.4a: rollout latest's fallback, rollback)",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","namespace":"shop","resourceVersion":"700","generation":5},` +
						`"spec":{"replicas":2,"triggers":[{"type":"ConfigChange"}],"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"img:1"}]}}},` +
						`"status":{"latestVersion":2}}`)}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "status|latestVersion", 2.0},
				{wire.ResourceConfigs, "web", "metadata|generation", 6.0},
			},
		},
		{
			name: "release patch deletes the owner reference by uid",
			why:  "a {$patch: delete, uid} element removes that owner; an emptied list disappears",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dc-uid"}],"uid":"rc-uid-1"}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences", "<absent>"},
				{wire.ResourceRCs, "web-1", "metadata|resourceVersion", "701"},
				{wire.ResourceRCs, "web-1", "metadata|generation", 3.0},
			},
		},
		{
			name: "adopt patch adds an owner reference",
			why:  "owner references merge by uid: as in apimachinery's strategic merge, the patch's new uid comes first, then the references only the server holds",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"X","name":"x","uid":"x-uid"}],"uid":"rc-uid-1"}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|0|uid", "x-uid"},
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|0|name", "x"},
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|1|uid", "dc-uid"},
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|2", "<absent>"},
			},
		},
		{
			name: "owner patch merges an element with the same uid",
			why:  "an element whose uid is present is merged into that element, not appended",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"ownerReferences":[{"uid":"dc-uid","controller":false}]}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|0|controller", false},
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|0|name", "web"},
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|1", "<absent>"},
			},
		},
		{
			name: "patch null deletes an annotation",
			why:  "null in a strategic merge patch removes the key; other annotations stay",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"annotations":{"kubectl.kubernetes.io/desired-replicas":null,"new":"1"}}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|annotations|kubectl.kubernetes.io/desired-replicas", "<absent>"},
				{wire.ResourceRCs, "web-1", "metadata|annotations|openshift.io/deployment.phase", "Complete"},
				{wire.ResourceRCs, "web-1", "metadata|annotations|new", "1"},
			},
		},
		{
			name: "patch of a recreated object",
			why:  "metadata.uid in a patch cannot change the uid: the API server answers Invalid (field is immutable), which release tolerates",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"dc-uid"}],"uid":"other-uid"}}`)}
			},
			errText: `ReplicationController "web-1" is invalid: metadata.uid: Invalid value: "other-uid": field is immutable`,
			reason:  dcplan.StatusInvalid,
			checks:  []check{{wire.ResourceRCs, "web-1", "metadata|ownerReferences|0|uid", "dc-uid"}},
		},
		{
			name: "patch of a missing pod",
			why:  "NotFound before anything else",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourcePods, Namespace: "shop", Name: "gone", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"ownerReferences":[]}}`)}
			},
			errText: `pods "gone" not found`, reason: dcplan.StatusNotFound,
		},
		{
			name: "patch merges containers by name",
			why:  "containers are a merge list keyed by name: the image of one container changes, the others stay",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"spec":{"containers":[{"name":"deployment","image":"new"}]}}`)}
			},
			checks: []check{{wire.ResourcePods, "web-1-deploy", "spec|containers|0|image", "new"}},
		},
		{
			name: "JSON merge patch replaces lists",
			why:  "application/merge-patch+json has no merge keys: owner references are replaced whole",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: "application/merge-patch+json",
					Patch: []byte(`{"metadata":{"ownerReferences":[{"name":"x","uid":"x-uid"}]}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|0|uid", "x-uid"},
				{wire.ResourceRCs, "web-1", "metadata|ownerReferences|1", "<absent>"},
			},
		},
		{
			name: "finalizers merge as a set",
			why:  "metadata.finalizers has patch strategy merge: [b, c] patched with [a, b] is [a, b, c], the patch's values in patch order, then those only the server holds",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"finalizers":["a.example/one","b.example/two"]}}`)}
			},
			setup: heldRC,
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|finalizers|0", "a.example/one"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|1", "b.example/two"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|2", "c.example/three"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|3", "<absent>"},
			},
		},
		{
			name: "finalizers merge keeps the stored order of stored values",
			why:  "[b, c] patched with [c, a]: b stays before c, where the server had it, and the new a follows c in patch order: [b, c, a]",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"finalizers":["c.example/three","a.example/one"]}}`)}
			},
			setup: heldRC,
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|finalizers|0", "b.example/two"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|1", "c.example/three"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|2", "a.example/one"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|3", "<absent>"},
			},
		},
		{
			name: "finalizer removed from the list",
			why:  "$deleteFromPrimitiveList/finalizers removes the values it lists, as kubectl patches a finalizer away",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"$deleteFromPrimitiveList/finalizers":["b.example/two"]}}`)}
			},
			setup: heldRC,
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|finalizers|0", "c.example/three"},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|1", "<absent>"},
			},
		},
		{
			name: "unsupported directive",
			why:  "directives the server does not model are refused, not ignored",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge,
					Patch: []byte(`{"metadata":{"$retainKeys":["name"]}}`)}
			},
			errText: `unsupported strategic merge directive $retainKeys at "metadata"`, reason: dcplan.StatusBadRequest,
		},
		{
			name: "unsupported patch type",
			why:  "JSON patches are not modelled: 415 as the API server answers unknown types",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: "application/json-patch+json",
					Patch: []byte(`[]`)}
			},
			errText: "the body of the request was in an unknown format - accepted media types include: application/merge-patch+json, application/strategic-merge-patch+json",
			reason:  "UnsupportedMediaType",
		},
		{
			name: "delete",
			why:  "a delete removes the object; the options travel in the log",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}}
			},
			checks: []check{{wire.ResourceRCs, "web-1", "metadata", "<no object>"}},
		},
		{
			name: "delete with the preconditions the object meets",
			why:  "SPEC 3.7.5.unchanged: the uid and resourceVersion as read still hold: deleted",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground, Preconditions: wire.Preconditions{UID: "rc-uid-1", ResourceVersion: "500"}}}
			},
			checks: []check{{wire.ResourceRCs, "web-1", "metadata", "<no object>"}},
		},
		{
			name: "delete with a stale resourceVersion precondition",
			why:  "SPEC 3.7.5.unchanged: the RC changed since it was read: the registry's Conflict, naming the kind, and it stays",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground, Preconditions: wire.Preconditions{UID: "rc-uid-1", ResourceVersion: "499"}}}
			},
			errText: `Operation cannot be fulfilled on ReplicationController "web-1": the ResourceVersion in the precondition (499) does not match the ResourceVersion in record (500). The object might have been modified`,
			reason:  dcplan.StatusConflict,
			checks:  []check{{wire.ResourceRCs, "web-1", "metadata|uid", "rc-uid-1"}},
		},
		{
			name: "delete with a policy misspelt",
			why:  "the API server validates the delete options once the object is found, before its preconditions: Unsupported value, and the RC stays",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Delete: wire.DeleteOptions{PropagationPolicy: "background", Preconditions: wire.Preconditions{UID: "other-uid"}}}
			},
			errText: `DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "background": supported values: "Foreground", "Background", "Orphan", "nil"`,
			reason:  dcplan.StatusInvalid,
			checks:  []check{{wire.ResourceRCs, "web-1", "metadata|uid", "rc-uid-1"}},
		},
		{
			name: "delete with another uid as precondition",
			why:  "the uid is checked first, as the registry checks it: an RC created again under the name is not deleted",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Delete: wire.DeleteOptions{Preconditions: wire.Preconditions{UID: "old-uid", ResourceVersion: "499"}}}
			},
			errText: `Operation cannot be fulfilled on ReplicationController "web-1": the UID in the precondition (old-uid) does not match the UID in record (rc-uid-1). The object might have been deleted and then recreated`,
			reason:  dcplan.StatusConflict,
			checks:  []check{{wire.ResourceRCs, "web-1", "metadata|uid", "rc-uid-1"}},
		},
		{
			name: "delete of a missing pod",
			why:  "NotFound (which deletes tolerate, SPEC 13.1)",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "shop", Name: "gone"}
			},
			errText: `pods "gone" not found`, reason: dcplan.StatusNotFound,
		},
		{
			name: "instantiate without force and a latest RC without its encoded config",
			why:  "latestVersion 1 needs RC web-1's encoded config to compare the template with; it has none: InternalError",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceInstantiate, Namespace: "shop", Name: "web",
					Body: []byte(`{"kind":"DeploymentRequest","apiVersion":"apps.openshift.io/v1","name":"web","latest":false,"force":false}`)}
			},
			errText: "Internal error occurred: object web-1 does not have encoded deployment config annotation", reason: dcplan.StatusInternalError,
			checks: []check{{wire.ResourceConfigs, "web", "status|latestVersion", 1.0}},
		},
		{
			name: "event",
			why:  "an event is recorded, not stored",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbEvent, Event: &wire.Event{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "shop", Name: "web"},
					Type: "Normal", Reason: "DeploymentCreated", Message: "m", Time: serverNow}}
			},
		},
		{
			name: "fault fails before touching state",
			why:  "an injected status error is returned as is and the object is unchanged",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1"}
			},
			faults: []fake.Fault{{Verb: "delete", Resource: "replicationcontrollers", Name: "web-1",
				Err: &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: "Internal error occurred: etcdserver: leader changed"}}},
			errText: "Internal error occurred: etcdserver: leader changed", reason: dcplan.StatusInternalError,
			checks: []check{{wire.ResourceRCs, "web-1", "metadata|name", "web-1"}},
		},
		{
			name: "fault for another name",
			why:  "a fault restricted to one name does not fail requests for others",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1"}
			},
			faults: []fake.Fault{{Verb: "delete", Resource: "replicationcontrollers", Name: "web-2", Err: errors.New("connection refused")}},
			checks: []check{{wire.ResourceRCs, "web-1", "metadata", "<no object>"}},
		},
		{
			name: "status update of a marked object adds no finalizer",
			why: "the RC status strategy resets only the spec: a body naming a finalizer more adds one to an object being " +
				"deleted, which the metadata validation refuses; nothing is stored",
			setup: markedRC,
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web-1",
					Body: []byte(`{"metadata":{"name":"web-1","resourceVersion":"500","finalizers":["b.example/two","c.example/three","d.example/four"]},"status":{"replicas":1}}`)}
			},
			errText: `ReplicationController "web-1" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"d.example/four"}`,
			reason:  dcplan.StatusInvalid,
			checks: []check{
				{wire.ResourceRCs, "web-1", "status|replicas", 2.0},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|2", "<absent>"},
			},
		},
		{
			name:  "status patch of a marked object adds no finalizer",
			why:   "as the status update: a status patch's metadata is the object's",
			setup: markedRC,
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web-1",
					PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"metadata":{"finalizers":["d.example/four"]},"status":{"replicas":1}}`)}
			},
			errText: `ReplicationController "web-1" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"d.example/four"}`,
			reason:  dcplan.StatusInvalid,
			checks: []check{
				{wire.ResourceRCs, "web-1", "status|replicas", 2.0},
				{wire.ResourceRCs, "web-1", "metadata|finalizers|2", "<absent>"},
			},
		},
		{
			name: "status update without status clears it",
			why: "through the status subresource status is the body's, not the stored one: one without status stores the typed zero status, " +
				"whose replicas has no omitempty",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web-1",
					Body: []byte(`{"metadata":{"name":"web-1","resourceVersion":"500"}}`)}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "status", map[string]any{"replicas": 0.0}},
				{wire.ResourceRCs, "web-1", "spec|replicas", 2.0},
			},
		},
		{
			name: "update sets no deletion fields",
			why:  "deletionTimestamp and deletionGracePeriodSeconds are immutable: only a delete sets them (Invalid, both listed)",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy",
					Body: []byte(`{"metadata":{"name":"web-1-deploy","resourceVersion":"400","deletionTimestamp":"2026-11-01T11:30:00Z",` +
						`"deletionGracePeriodSeconds":30},"spec":{"containers":[{"name":"deployment","image":"deployer"}]}}`)}
			},
			errText: `Pod "web-1-deploy" is invalid: [metadata.deletionTimestamp: Invalid value: "2026-11-01T11:30:00Z": field is immutable, ` +
				`metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable]`,
			reason: dcplan.StatusInvalid,
			checks: []check{
				{wire.ResourcePods, "web-1-deploy", "metadata|deletionTimestamp", "<absent>"},
			},
		},
		{
			name: "update keeps the server's generation",
			why:  "generation is the server's: an update of an object without one (the pod) that sends one stores none",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy",
					Body: []byte(`{"metadata":{"name":"web-1-deploy","resourceVersion":"400","generation":7},` +
						`"spec":{"containers":[{"name":"deployment","image":"deployer"}]}}`)}
			},
			checks: []check{
				{wire.ResourcePods, "web-1-deploy", "metadata|deletionTimestamp", "<absent>"},
				{wire.ResourcePods, "web-1-deploy", "metadata|deletionGracePeriodSeconds", "<absent>"},
				{wire.ResourcePods, "web-1-deploy", "metadata|generation", "<absent>"},
				{wire.ResourcePods, "web-1-deploy", "status|phase", "Running"},
			},
		},
		{
			name: "update of an object without status stores none",
			why:  "the main resource keeps the stored status, here none: the status the body sends is ignored",
			setup: func(t *testing.T, s *fake.Server) {
				if err := s.Put(wire.ResourceRCs, rcWith(t, func(m map[string]any) { delete(m, "status") })); err != nil {
					t.Fatal(err)
				}
			},
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { m["spec"].(map[string]any)["replicas"] = 3 })}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "status", "<absent>"},
				{wire.ResourceRCs, "web-1", "spec|replicas", 3.0},
			},
		},
		{
			name: "RC update ignores a status.latestVersion one up",
			why: "only the DC update strategy keeps a client's status.latestVersion one above the stored one; an RC's " +
				"update keeps the stored status and, spec unchanged, its generation",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) { m["status"] = map[string]any{"replicas": 2, "latestVersion": 1} })}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "status|latestVersion", "<absent>"},
				{wire.ResourceRCs, "web-1", "metadata|generation", 3.0},
			},
		},
		{
			name:  "patch adding a finalizer to a marked object is Invalid",
			why:   "as an update: no write adds a finalizer to an object being deleted (metadata validation); nothing is stored",
			setup: markedRC,
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"metadata":{"finalizers":["d.example/four"]},"spec":{"replicas":1}}`)}
			},
			errText: `ReplicationController "web-1" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"d.example/four"}`,
			reason:  dcplan.StatusInvalid,
			checks:  []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "delete marking an object at generation 0 keeps it",
			why:  "the registry store's markAsDeleting counts a generation only for an object whose generation is above 0",
			setup: func(t *testing.T, s *fake.Server) {
				b := rcWith(t, func(m map[string]any) {
					meta(m)["finalizers"] = []any{"b.example/two"}
					meta(m)["generation"] = 0
				})
				if err := s.Put(wire.ResourceRCs, b); err != nil {
					t.Fatal(err)
				}
			},
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1"}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|generation", 0.0},
				{wire.ResourceRCs, "web-1", "metadata|deletionTimestamp", "2026-11-01T12:00:00Z"},
			},
		},
		{
			name: "collecting a dependent already marked leaves it",
			why: "the collector's delete of a dependent being deleted finds it marked: the registry store leaves it as " +
				"it is (no new deletionTimestamp, generation or resourceVersion) until its finalizers go",
			setup: markedRC,
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
					Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "metadata", "<no object>"},
				{wire.ResourceRCs, "web-1", "metadata|deletionTimestamp", "2026-11-01T11:30:00Z"},
				{wire.ResourceRCs, "web-1", "metadata|generation", 3.0},
				{wire.ResourceRCs, "web-1", "metadata|resourceVersion", "500"},
			},
		},
		{
			name: "DC update setting latestVersion 1 over none bumps generation",
			why: "a stored DC without status.latestVersion is at version 0: a client's latestVersion 1 is one above it, " +
				"kept and counted as a generation change",
			setup: func(t *testing.T, s *fake.Server) {
				if err := s.Put(wire.ResourceConfigs, []byte(strings.Replace(srvDC, `"latestVersion":1,`, "", 1))); err != nil {
					t.Fatal(err)
				}
			},
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
					Body: []byte(strings.Replace(srvDC, `"latestVersion":1,`, `"latestVersion":1,"replicas":9,`, 1))}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "status|latestVersion", 1.0},
				{wire.ResourceConfigs, "web", "status|replicas", "<absent>"},
				{wire.ResourceConfigs, "web", "metadata|generation", 6.0},
			},
		},
		{
			name: "DC update setting latestVersion 1 on a DC without status",
			why:  "a seeded DC with no status at all: the client's latestVersion 1 is kept in a status of its own",
			setup: func(t *testing.T, s *fake.Server) {
				if err := s.Put(wire.ResourceConfigs, []byte(strings.Replace(srvDC, `,
		"status":{"latestVersion":1,"observedGeneration":5}`, "", 1))); err != nil {
					t.Fatal(err)
				}
			},
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
					Body: []byte(srvDC)}
			},
			checks: []check{
				{wire.ResourceConfigs, "web", "status", map[string]any{"latestVersion": 1.0}},
				{wire.ResourceConfigs, "web", "metadata|generation", 6.0},
			},
		},
		{
			name: "update drops empty and null metadata maps",
			why:  "a typed object omits empty labels and annotations: an update sending {} or null stores neither field",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) {
						meta(m)["labels"] = map[string]any{}
						meta(m)["annotations"] = nil
					})}
			},
			checks: []check{
				{wire.ResourceRCs, "web-1", "metadata|labels", "<absent>"},
				{wire.ResourceRCs, "web-1", "metadata|annotations", "<absent>"},
			},
		},
		{
			name: "update in another namespace is BadRequest",
			why:  "as for a create: a body naming a namespace other than the request's is refused, nothing stored",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) {
						meta(m)["namespace"] = "other"
						m["spec"].(map[string]any)["replicas"] = 3
					})}
			},
			errText: "the namespace of the provided object does not match the namespace sent on the request", reason: dcplan.StatusBadRequest,
			checks: []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "patch with a stale resourceVersion",
			why:  "a patch naming metadata.resourceVersion is conditional on it: another version conflicts, nothing stored",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					PatchType: "application/merge-patch+json", Patch: []byte(`{"metadata":{"resourceVersion":"499"},"spec":{"replicas":0}}`)}
			},
			errText: `Operation cannot be fulfilled on replicationcontrollers "web-1": the object has been modified; please apply your changes to the latest version and try again`,
			reason:  dcplan.StatusConflict,
			checks:  []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "patch with the stored resourceVersion",
			why:  "the precondition holds: the patch applies",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					PatchType: "application/merge-patch+json", Patch: []byte(`{"metadata":{"resourceVersion":"500"},"spec":{"replicas":0}}`)}
			},
			checks: []check{{wire.ResourceRCs, "web-1", "spec|replicas", 0.0}},
		},
		{
			name: "create without a name is Invalid",
			why:  "metadata.name is required (there is no generateName here); nothing is stored",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "shop",
					Body: []byte(`{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"i"}]}}`)}
			},
			errText: `Pod "" is invalid: metadata.name: Required value: name or generateName is required`,
			reason:  dcplan.StatusInvalid,
			checks:  []check{{wire.ResourcePods, "", "metadata", "<no object>"}},
		},
		{
			name: "update naming another object is BadRequest",
			why:  "the body's metadata.name must be the URL's; nothing is stored",
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) {
						meta(m)["name"] = "web-2"
						m["spec"].(map[string]any)["replicas"] = 3
					})}
			},
			errText: "the name of the object (web-2) does not match the name on the URL (web-1)", reason: dcplan.StatusBadRequest,
			checks: []check{{wire.ResourceRCs, "web-1", "spec|replicas", 2.0}},
		},
		{
			name: "update adding finalizers to a marked object names each once, sorted",
			why: "metadata validation lists the new finalizers as a sorted set (sets.List of the difference): a " +
				"finalizer sent twice is named once, and the stored ones not at all",
			setup: markedRC,
			req: func(t *testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
					Body: rcWith(t, func(m map[string]any) {
						meta(m)["finalizers"] = []any{"z.example/z", "b.example/two", "a.example/a", "z.example/z", "c.example/three"}
					})}
			},
			errText: `ReplicationController "web-1" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"a.example/a", "z.example/z"}`,
			reason:  dcplan.StatusInvalid,
		},
		{
			name: "create fault matches the body's name",
			why:  "a create's request names no object: a fault on a name matches the name in the body",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "shop",
					Body: []byte(`{"metadata":{"name":"web-2-deploy"},"spec":{"containers":[{"name":"c","image":"i"}]}}`)}
			},
			faults:  []fake.Fault{{Verb: "create", Resource: "pods", Name: "web-2-deploy", Err: errors.New("connection refused")}},
			errText: "connection refused",
			checks:  []check{{wire.ResourcePods, "web-2-deploy", "metadata", "<no object>"}},
		},
		{
			name: "status fault does not fail the main resource",
			why:  "fault resources match resource and subresource exactly",
			req: func(*testing.T) wire.Request {
				return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Namespace: "shop", Name: "web",
					Body: []byte(`{"metadata":{"name":"web","resourceVersion":"700"},"spec":{"replicas":4}}`)}
			},
			faults: []fake.Fault{{Verb: "update", Resource: "deploymentconfigs/status", Err: errors.New("connection refused")}},
			checks: []check{{wire.ResourceConfigs, "web", "spec|replicas", 4.0}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			if tc.setup != nil {
				tc.setup(t, s)
			}
			for _, f := range tc.faults {
				s.Inject(f)
			}
			req := tc.req(t)
			_, err := s.Do(context.Background(), req)
			if got := errText(err); got != tc.errText {
				t.Fatalf("%s\nerror = %q\nwant    %q", tc.why, got, tc.errText)
			}
			if tc.reason != "" {
				var se *wire.StatusError
				if !errors.As(err, &se) || se.Reason != tc.reason {
					t.Fatalf("%s\nerror %v: want a status error with reason %s", tc.why, err, tc.reason)
				}
			}
			for _, c := range tc.checks {
				if got := get(t, s, c.res, c.name, c.path); !reflect.DeepEqual(got, c.want) {
					t.Errorf("%s\n%s %s %s = %#v, want %#v", tc.why, c.res, c.name, c.path, got, c.want)
				}
			}
			log := s.Log()
			if req.Verb == wire.VerbEvent {
				if len(log) != 0 || len(s.Events()) != 1 || s.Events()[0].Reason != "DeploymentCreated" {
					t.Errorf("%s\nlog %d writes, events %v", tc.why, len(log), s.Events())
				}
				return
			}
			if len(log) != 1 || !reflect.DeepEqual(log[0].Request, req) || errText(log[0].Err) != tc.errText {
				t.Fatalf("%s\nlog = %+v, want the one request with its error", tc.why, log)
			}
			if err != nil && string(log[0].Before) != string(log[0].After) {
				t.Errorf("%s\nfailed attempt changed the object:\nbefore %s\nafter  %s", tc.why, log[0].Before, log[0].After)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestServerFaultTimes(t *testing.T) {
	// why: a fault with Times fails that many matching calls, counting
	// every attempt, then lets requests through; Times 0 fails every call.
	s := newTestServer(t)
	conflict := &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409, Message: "Operation cannot be fulfilled on replicationcontrollers: the object has been modified; please apply your changes to the latest version and try again"}
	s.Inject(fake.Fault{Verb: "update", Resource: "replicationcontrollers", Times: 2, Err: conflict})
	s.Inject(fake.Fault{Verb: "get", Resource: "deploymentconfigs", Err: errors.New("connection refused")})
	body := rcWith(t, func(m map[string]any) { m["spec"].(map[string]any)["replicas"] = 1 })
	req := wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", Body: body}
	var got []string
	for range 3 {
		_, err := s.Do(context.Background(), req)
		got = append(got, errText(err))
	}
	want := []string{conflict.Message, conflict.Message, ""}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("attempts = %q, want %q", got, want)
	}
	if n := len(s.Log()); n != 3 {
		t.Errorf("log has %d writes, want 3 (failed attempts are logged)", n)
	}
	for range 2 {
		if _, err := s.Get(context.Background(), wire.ResourceConfigs, "shop", "web"); errText(err) != "connection refused" {
			t.Errorf("get = %v, want the injected transport error on every call", err)
		}
	}
	if b, err := s.Get(context.Background(), wire.ResourceRCs, "shop", "web-1"); err != nil || !strings.Contains(string(b), `"replicas":1`) {
		t.Errorf("get rc = %s, %v; want the updated RC", b, err)
	}
	if _, err := s.Get(context.Background(), wire.ResourceRCs, "shop", "web-9"); errText(err) != `replicationcontrollers "web-9" not found` {
		t.Errorf("get missing = %v", err)
	}
	// An event fault has no resource and matches the event's object name.
	s.Inject(fake.Fault{Verb: "event", Name: "web", Times: 1, Err: errors.New("connection refused")})
	event := wire.Request{Verb: wire.VerbEvent, Event: &wire.Event{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "shop", Name: "web"},
		Type: "Normal", Reason: "DeploymentCreated", Message: "m", Time: serverNow}}
	for i, want := range []string{"connection refused", ""} {
		if _, err := s.Do(context.Background(), event); errText(err) != want {
			t.Errorf("event %d = %v, want %q", i+1, err, want)
		}
	}
	if n := len(s.Events()); n != 1 {
		t.Errorf("%d events recorded, want 1 (the failed one is not)", n)
	}
}

func TestServerInstantiate(t *testing.T) {
	const configTrigger = `[{"type":"ConfigChange"}]`
	rc := func(triggers, template string) string {
		enc, _ := json.Marshal(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"shop"},"spec":{"triggers":` + triggers + `,"template":` + template + `}}`)
		return `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","namespace":"shop","annotations":{"openshift.io/encoded-deployment-config":` + string(enc) + `}}}`
	}
	same := `{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"img:1"}]}}`
	other := `{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"img:0"}]}}`
	tests := []struct {
		name, why string
		dc        string // replaces srvDC when set
		rc        string // RC web-1 when set
		body      string
		errText   string
		latest    float64
		message   any
	}{
		{name: "config change", why: "the template differs from the latest RC's: a config change rollout",
			rc: rc(configTrigger, other), body: `{"name":"web","latest":false,"force":false}`, latest: 2, message: "config change"},
		{name: "nothing to trigger", why: "same template, no force: the 204 answer, nothing changes",
			rc: rc(configTrigger, same), body: `{"name":"web","latest":true,"force":false}`, latest: 1, message: "<absent>"},
		{name: "paused", why: "a paused DC is refused with or without force (SPEC 11a item 10)",
			dc: strings.Replace(srvDC, `"replicas":2,`, `"replicas":2,"paused":true,`, 1), body: `{"name":"web","force":true}`,
			errText: `DeploymentRequest.apps.openshift.io "web" is invalid: spec.paused: Invalid value: true: deployment config "web" is paused - unpause to request a new deployment`,
			latest:  1, message: "<absent>"},
		{name: "unresolved image", why: "an image trigger without lastTriggeredImage makes the request a BadRequest",
			dc: strings.Replace(srvDC, `{"type":"ConfigChange"}`, `{"type":"ImageChange","imageChangeParams":{"automatic":true,"from":{"kind":"ImageStreamTag","name":"is:latest"}}}`, 1),
			rc: rc(configTrigger, same), body: `{"name":"web","force":true}`,
			errText: `cannot trigger a deployment for "web" because it contains unresolved images`, latest: 1, message: "<absent>"},
		{name: "image change", why: "an automatic trigger fired by another image than the latest RC's config: an image change cause from the ImageStreamTag",
			dc:   strings.Replace(srvDC, `{"type":"ConfigChange"}`, `{"type":"ImageChange","imageChangeParams":{"automatic":true,"from":{"kind":"ImageStreamTag","name":"is:latest"},"lastTriggeredImage":"img:2"}}`, 1),
			rc:   rc(`[{"type":"ImageChange","imageChangeParams":{"from":{"name":"is:latest"},"lastTriggeredImage":"img:1"}}]`, same),
			body: `{"name":"web"}`, latest: 2, message: "image change"},
		{name: "force", why: "force triggers a manual rollout whatever the triggers say",
			rc: rc(configTrigger, same), body: `{"name":"web","latest":true,"force":true}`, latest: 2, message: "manual change"},
		{name: "missing latest RC", why: "latestVersion 1 needs RC web-1 to compare with: its NotFound is the answer",
			body: `{"name":"web","force":true}`, errText: `replicationcontrollers "web-1" not found`, latest: 1, message: "<absent>"},
		{name: "no name", why: "a DeploymentRequest without a name is Invalid, though the URL names the DC; nothing changes",
			rc: rc(configTrigger, other), body: `{"latest":false,"force":true}`,
			errText: `DeploymentRequest.apps.openshift.io "" is invalid: name: Invalid value: "": name of the deployment config is missing`,
			latest:  1, message: "<absent>"},
		{name: "missing DC", why: "NotFound with the group-qualified resource",
			body: `{"name":"nope","force":true}`, errText: `deploymentconfigs.apps.openshift.io "nope" not found`, latest: 1, message: "<absent>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fake.NewServer(serverNow)
			dc := srvDC
			if tc.dc != "" {
				dc = tc.dc
			}
			if err := s.Put(wire.ResourceConfigs, []byte(dc)); err != nil {
				t.Fatal(err)
			}
			if tc.rc != "" {
				if err := s.Put(wire.ResourceRCs, []byte(tc.rc)); err != nil {
					t.Fatal(err)
				}
			}
			_, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs,
				Subresource: wire.SubresourceInstantiate, Namespace: "shop", Name: "web", Body: []byte(tc.body)})
			if errText(err) != tc.errText {
				t.Fatalf("%s\nerror = %q, want %q", tc.why, errText(err), tc.errText)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "status|latestVersion"); got != tc.latest {
				t.Errorf("%s\nlatestVersion = %v, want %v", tc.why, got, tc.latest)
			}
			if got := get(t, s, wire.ResourceConfigs, "web", "status|details|message"); got != tc.message {
				t.Errorf("%s\ndetails.message = %v, want %v", tc.why, got, tc.message)
			}
		})
	}
}

func TestServerObjectsSorted(t *testing.T) {
	// why: listings never depend on map order.
	s := fake.NewServer(serverNow)
	for _, n := range []string{"c", "a", "b"} {
		if err := s.Put(wire.ResourcePods, []byte(`{"metadata":{"name":"`+n+`","namespace":"ns"}}`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Put(wire.ResourcePods, []byte(`{"metadata":{"name":"z","namespace":"other"}}`)); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range s.Objects(wire.ResourcePods, "ns") {
		var m map[string]map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		names = append(names, m["metadata"]["name"].(string))
	}
	if !reflect.DeepEqual(names, []string{"a", "b", "c"}) {
		t.Errorf("Objects = %v, want a b c", names)
	}
	s.Remove(wire.ResourcePods, "ns", "b")
	if _, ok := s.Object(wire.ResourcePods, "ns", "b"); ok {
		t.Error("Remove left the object")
	}
	if err := s.Put("services", []byte(`{"metadata":{"name":"x"}}`)); err == nil {
		t.Error("Put of an unsupported resource succeeded")
	}
}

func TestServerLogOwnsRequests(t *testing.T) {
	// why: the log keeps what was sent even when the caller reuses its
	// buffers; a cancelled context sends nothing.
	s := newTestServer(t)
	body := []byte(`{"metadata":{"name":"p","namespace":"shop"}}`)
	if _, err := s.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: "shop", Body: body}); err != nil {
		t.Fatal(err)
	}
	copy(body, "XXXXXXXXXXXX")
	if got := string(s.Log()[0].Request.Body); !strings.HasPrefix(got, `{"metadata"`) {
		t.Errorf("logged body aliases the caller's: %s", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.Do(ctx, wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "shop", Name: "p"})
	if !errors.Is(err, context.Canceled) || len(s.Log()) != 1 {
		t.Errorf("cancelled Do = %v with %d writes logged, want context.Canceled and no new write", err, len(s.Log()))
	}
	if _, ok := s.Object(wire.ResourcePods, "shop", "p"); !ok {
		t.Error("a cancelled delete removed the pod")
	}
	f := fake.Fault{Verb: "update", Resource: "deploymentconfigs/status", Name: "web", Times: 1, Err: errors.New("connection refused")}
	if got, want := f.String(), "update deploymentconfigs/status web ×1: connection refused"; got != want {
		t.Errorf("Fault.String() = %q, want %q", got, want)
	}
}

// TestServerClone holds that a clone holds the same objects and mints
// the versions the original would, and that writes to either leave the
// other alone.
func TestServerClone(t *testing.T) {
	s := fake.NewServer(fake.Epoch)
	c := fake.NewConfig("ns", "web", 1)
	b, err := wire.EncodeConfig(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(wire.ResourceConfigs, b); err != nil {
		t.Fatal(err)
	}
	clone := s.Clone()
	orig, _ := s.Object(wire.ResourceConfigs, "ns", "web")
	got, ok := clone.Object(wire.ResourceConfigs, "ns", "web")
	if !ok || string(got) != string(orig) {
		t.Fatalf("clone holds %s, want %s", got, orig)
	}
	clone.Remove(wire.ResourceConfigs, "ns", "web")
	if _, ok := s.Object(wire.ResourceConfigs, "ns", "web"); !ok {
		t.Errorf("removing from the clone removed from the original")
	}
	if len(clone.Log()) != 0 {
		t.Errorf("clone has a write log")
	}
}

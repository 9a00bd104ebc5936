package conformance_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/conformance"
	"github.com/dcplan/dcplan/wire"
)

func TestCheckJSON(t *testing.T) {
	tests := []struct{ name, why, in, err string }{
		{name: "compact", why: "the form upstream's encoder writes", in: `{"a":[1,-2,0],"b":{"c":"x y"}}`},
		{name: "whitespace", why: "whitespace decodes alike but is not upstream's body", in: `{"a": 1}`, err: "not compact"},
		{name: "trailing newline", why: "nothing after the value", in: "{\"a\":1}\n", err: "not compact"},
		{name: "trailing data", why: "one value only", in: `{"a":1}{}`, err: "after top-level value"},
		{name: "fraction", why: "1.0 equals 1 by value, and is refused for an int32", in: `{"spec":{"replicas":1.0}}`, err: "number 1.0"},
		{name: "exponent", why: "1e0 likewise", in: `[1e0]`, err: "number 1e0"},
		{name: "minus zero", why: "-0 is not canonical", in: `{"a":-0}`, err: "number -0"},
		{name: "duplicate key", why: "a decoder keeps the last, the recorded form cannot show the first", in: `{"a":{"b":1,"b":2}}`, err: `duplicate key "b"`},
		{name: "same key in two objects", why: "keys are per object", in: `{"a":{"b":1},"c":[{"b":1},{"b":2}],"b":3}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := conformance.CheckJSON([]byte(tc.in))
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("%s: CheckJSON(%s) = %v, want %q", tc.why, tc.in, err, tc.err)
			}
		})
	}
}

func TestCheckForm(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	dc := `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"c","namespace":"ns","uid":"dcu","resourceVersion":"6"},"spec":{"replicas":1},"status":{"latestVersion":1}}`
	rc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"c-1","namespace":"ns","resourceVersion":"5","annotations":{"a":"1"}},"spec":{"replicas":1}}`
	tests := []struct {
		name, why string
		req       wire.Request
		event     *wire.Event
		// problem is a substring of the one problem, "" for none.
		problem string
	}{
		{name: "status update", why: "the DC as held, with a new status",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "ns", Name: "c",
				Body: []byte(strings.Replace(dc, `"latestVersion":1`, `"latestVersion":2`, 1))}},
		{name: "status update without its precondition", why: "the server ignores all but status; the request is not upstream's",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "ns", Name: "c",
				Body: []byte(strings.Replace(dc, `,"resourceVersion":"6"`, ``, 1))},
			problem: `changes {"metadata.resourceVersion":null} outside status`},
		{name: "status update with a spec change", why: "nothing outside status changes (README)",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Namespace: "ns", Name: "c",
				Body: []byte(strings.Replace(dc, `"replicas":1`, `"replicas":3`, 1))},
			problem: `changes {"spec.replicas":3} outside status`},
		{name: "create of another kind", why: "Record drops kind and apiVersion from a create",
			req: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns",
				Body: []byte(`{"kind":"ReplicaSet","apiVersion":"apps/v1","metadata":{"name":"c-2"},"spec":{"replicas":1}}`)},
			problem: "kind ReplicaSet, apiVersion apps/v1: want ReplicationController, v1"},
		{name: "null annotation", why: "null is the empty string in a string map, not absent",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1",
				Body: []byte(strings.Replace(rc, `"a":"1"`, `"a":null`, 1))},
			problem: `metadata.annotations.a is null`},
		{name: "replicas 1.0", why: "numbers compare by value in the recorded form",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1",
				Body: []byte(strings.Replace(rc, `"replicas":1`, `"replicas":1.0`, 1))},
			problem: "body: number 1.0"},
		{name: "spaced patch", why: "a patch may hold whitespace, as upstream's adoption template does; it is compared as a value",
			req: wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", PatchType: wire.PatchStrategicMerge,
				Patch: []byte("{\"metadata\":{\n\t\t\t\"annotations\":{\"b\":\"2\"}\n\t\t}}")}},
		{name: "spaced patch, a key twice", why: "compacted, a patch is checked as a body is",
			req: wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", PatchType: wire.PatchStrategicMerge,
				Patch: []byte("{\"metadata\": {\"annotations\":{\"b\":\"2\", \"b\":\"3\"}}}")},
			problem: `patch: duplicate key "b"`},
		{name: "spaced body", why: "a body is compact, as the clientsets encode it",
			req:     wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", Body: []byte(strings.Replace(rc, `"replicas":1`, `"replicas": 1`, 1))},
			problem: "body: not compact JSON"},
		{name: "field manager", why: "the controllers' clientsets send no fieldManager; Record has no query to compare it",
			req:     wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", Body: []byte(rc), FieldManager: "kubectl-rollout"},
			problem: `names field manager "kubectl-rollout"`},
		{name: "update with a patch", why: "an update sends its body only; Record does not show a patch beside it",
			req:     wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", Body: []byte(rc), Patch: []byte(`{}`)},
			problem: "a update sends a body only (body 161 bytes, patch 2 bytes"},
		{name: "update with delete options", why: "an update sends its body only; Record does not show delete options beside it",
			req: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "c-1", Body: []byte(rc),
				Delete: wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground}},
			problem: "a update sends a body only (body 161 bytes, patch 0 bytes, patchType \"\", delete {PropagationPolicy:Background"},
		{name: "delete with a body", why: "a delete sends its options, nothing else",
			req:     wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Namespace: "ns", Name: "p", Body: []byte(`{}`)},
			problem: "a delete sends options only"},
		{name: "event elsewhere", why: "the recorded event object has no namespace",
			event:   &wire.Event{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "other", Name: "c"}, Type: "Normal", Reason: "R", Message: "m"},
			problem: `namespace "other", want "ns"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := fake.NewServer(now)
			if err := srv.Put(wire.ResourceConfigs, []byte(dc)); err != nil {
				t.Fatal(err)
			}
			if err := srv.Put(wire.ResourceRCs, []byte(rc)); err != nil {
				t.Fatal(err)
			}
			if tc.event != nil {
				tc.req = wire.Request{Verb: wire.VerbEvent, Event: tc.event}
			}
			_, _ = srv.Do(t.Context(), tc.req)
			got := conformance.CheckForm("ns", srv.Log(), srv.Events())
			switch {
			case tc.problem == "" && len(got) != 0:
				t.Errorf("%s: problems %q, want none", tc.why, got)
			case tc.problem != "" && (len(got) != 1 || !strings.Contains(got[0], tc.problem)):
				t.Errorf("%s: problems %q, want one with %q", tc.why, got, tc.problem)
			}
		})
	}
}

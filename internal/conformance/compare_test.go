package conformance_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/conformance"
	"github.com/dcplan/dcplan/wire"
)

func TestCompare(t *testing.T) {
	w := func(verb, resource, name string, fields map[string]any) conformance.Write {
		return conformance.Write{Verb: verb, Resource: resource, Namespace: "ns", Name: name, Fields: fields}
	}
	del := func(name string) conformance.Write { return w("delete", "pods", name, map[string]any{}) }
	upd := func(name string, replicas any) conformance.Write {
		return w("update", "replicationcontrollers", name, map[string]any{"spec.replicas": replicas})
	}
	ev := conformance.Event{Type: "Normal", Reason: "R", Message: "m", Object: "DeploymentConfig/c"}
	tests := []struct {
		name, why string
		want, got conformance.Expected
		// diff is a substring of the difference, "" for equal.
		diff string
	}{
		{name: "equal", why: "identical expectations compare equal",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", 1)}, Events: []conformance.Event{ev}, Error: "e", ErrorClass: "retry"},
			got:  conformance.Expected{Writes: []conformance.Write{upd("c-1", 1)}, Events: []conformance.Event{ev}, Error: "e", ErrorClass: "retry"}},
		{name: "numbers by value", why: "json.Number 2 equals the int 2 and 2.0",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", json.Number("2"))}},
			got:  conformance.Expected{Writes: []conformance.Write{upd("c-1", 2.0)}}},
		{name: "pod deletes are a set", why: "a run of pod deletes compares whatever its order",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", 1), del("a"), del("b"), del("c")}},
			got:  conformance.Expected{Writes: []conformance.Write{upd("c-1", 1), del("c"), del("a"), del("b")}}},
		{name: "scale updates keep their order", why: "scale updates are significant in order (highest version first)",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-2", 0), upd("c-1", 0)}},
			got:  conformance.Expected{Writes: []conformance.Write{upd("c-1", 0), upd("c-2", 0)}},
			diff: `write 0 (update replicationcontrollers ns/c-2): name: want "c-2", got "c-1"`},
		{name: "a set does not span another write", why: "only consecutive writes of one class form a set",
			want: conformance.Expected{Writes: []conformance.Write{del("a"), upd("c-1", 1), del("b")}},
			got:  conformance.Expected{Writes: []conformance.Write{del("b"), upd("c-1", 1), del("a")}},
			diff: `write 0 (delete pods ns/a): name: want "a", got "b"`},
		{name: "pod creates keep their order", why: "only deletes and patches of pods form sets, not creates",
			want: conformance.Expected{Writes: []conformance.Write{w("create", "pods", "a", map[string]any{}), w("create", "pods", "b", map[string]any{})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("create", "pods", "b", map[string]any{}), w("create", "pods", "a", map[string]any{})}},
			diff: `write 0 (create pods ns/a): name: want "a", got "b"`},
		{name: "RC deletes keep their order", why: "history cleanup deletes RCs oldest first: not a set",
			want: conformance.Expected{Writes: []conformance.Write{w("delete", "replicationcontrollers", "c-1", map[string]any{}), w("delete", "replicationcontrollers", "c-2", map[string]any{})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("delete", "replicationcontrollers", "c-2", map[string]any{}), w("delete", "replicationcontrollers", "c-1", map[string]any{})}},
			diff: `write 0 (delete replicationcontrollers ns/c-1): name: want "c-1", got "c-2"`},
		{name: "RC patches are a set", why: "claims of RCs are issued in cache order",
			want: conformance.Expected{Writes: []conformance.Write{w("patch", "replicationcontrollers", "c-1", map[string]any{}), w("patch", "replicationcontrollers", "c-2", map[string]any{})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("patch", "replicationcontrollers", "c-2", map[string]any{}), w("patch", "replicationcontrollers", "c-1", map[string]any{})}}},
		{name: "pod patches are a set", why: "claims of pods are issued in cache order",
			want: conformance.Expected{Writes: []conformance.Write{w("patch", "pods", "a", map[string]any{}), w("patch", "pods", "b", map[string]any{})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("patch", "pods", "b", map[string]any{}), w("patch", "pods", "a", map[string]any{})}}},
		{name: "missing write", why: "a write upstream sent and the run did not",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", 1), del("a")}},
			got:  conformance.Expected{Writes: []conformance.Write{upd("c-1", 1)}},
			diff: `write 1: missing delete pods ns/a`},
		{name: "verb", why: "the verb is part of the write",
			want: conformance.Expected{Writes: []conformance.Write{w("update", "pods", "a", map[string]any{})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("create", "pods", "a", map[string]any{})}},
			diff: `verb: want "update", got "create"`},
		{name: "resource", why: "the resource is part of the write",
			want: conformance.Expected{Writes: []conformance.Write{w("update", "deploymentconfigs/status", "c", map[string]any{})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("update", "deploymentconfigs", "c", map[string]any{})}},
			diff: `resource: want "deploymentconfigs/status", got "deploymentconfigs"`},
		{name: "namespace", why: "the namespace is part of the write",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", 1)}},
			got:  conformance.Expected{Writes: []conformance.Write{{Verb: "update", Resource: "replicationcontrollers", Namespace: "other", Name: "c-1", Fields: map[string]any{"spec.replicas": 1}}}},
			diff: `namespace: want "ns", got "other"`},
		{name: "patch body", why: "a patch differing in one value differs",
			want: conformance.Expected{Writes: []conformance.Write{{Verb: "patch", Resource: "pods", Namespace: "ns", Name: "a", PatchType: "application/merge-patch+json", Patch: map[string]any{"a": "x"}}}},
			got:  conformance.Expected{Writes: []conformance.Write{{Verb: "patch", Resource: "pods", Namespace: "ns", Name: "a", PatchType: "application/merge-patch+json", Patch: map[string]any{"a": "y"}}}},
			diff: "patch:\n  want {\"a\":\"x\"}\n  got  {\"a\":\"y\"}"},
		{name: "patch type", why: "the patch type is part of the write",
			want: conformance.Expected{Writes: []conformance.Write{{Verb: "patch", Resource: "pods", Namespace: "ns", Name: "a", PatchType: "application/strategic-merge-patch+json", Patch: map[string]any{}}}},
			got:  conformance.Expected{Writes: []conformance.Write{{Verb: "patch", Resource: "pods", Namespace: "ns", Name: "a", PatchType: "application/merge-patch+json", Patch: map[string]any{}}}},
			diff: `patchType: want "application/strategic-merge-patch+json", got "application/merge-patch+json"`},
		{name: "unexpected field", why: "a field the run lists and upstream does not",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", 1)}},
			got:  conformance.Expected{Writes: []conformance.Write{w("update", "replicationcontrollers", "c-1", map[string]any{"spec.replicas": 1, "spec.paused": true})}},
			diff: `fields[spec.paused]: unexpected true`},
		{name: "field value", why: "a differing field is named with both values",
			want: conformance.Expected{Writes: []conformance.Write{upd("c-1", 1)}},
			got:  conformance.Expected{Writes: []conformance.Write{upd("c-1", 3)}},
			diff: `fields[spec.replicas]: want 1, got 3`},
		{name: "missing field", why: "a field upstream lists and the run lacks",
			want: conformance.Expected{Writes: []conformance.Write{w("update", "replicationcontrollers", "c-1", map[string]any{"a": nil})}},
			got:  conformance.Expected{Writes: []conformance.Write{w("update", "replicationcontrollers", "c-1", map[string]any{})}},
			diff: `fields[a]: missing null`},
		{name: "extra write", why: "a write upstream did not send",
			want: conformance.Expected{},
			got:  conformance.Expected{Writes: []conformance.Write{del("a")}},
			diff: `write 0: unexpected delete pods ns/a`},
		{name: "extra failed write", why: "an unexpected write is described with its failure text",
			want: conformance.Expected{},
			got:  conformance.Expected{Writes: []conformance.Write{{Verb: "delete", Resource: "pods", Namespace: "ns", Name: "a", Failed: "gone"}}},
			diff: `write 0: unexpected delete pods ns/a failed "gone"`},
		{name: "failed text", why: "a failure text is part of the write",
			want: conformance.Expected{Writes: []conformance.Write{{Verb: "delete", Resource: "pods", Namespace: "ns", Name: "a", Failed: "x"}}},
			got:  conformance.Expected{Writes: []conformance.Write{del("a")}},
			diff: `failed: want "x", got ""`},
		{name: "options", why: "empty options equal absent ones; a policy does not",
			want: conformance.Expected{Writes: []conformance.Write{{Verb: "delete", Resource: "pods", Namespace: "ns", Name: "a", Options: map[string]any{"propagationPolicy": "Background"}}}},
			got:  conformance.Expected{Writes: []conformance.Write{{Verb: "delete", Resource: "pods", Namespace: "ns", Name: "a", Options: map[string]any{}}}},
			diff: `options: want {"propagationPolicy":"Background"}, got {}`},
		{name: "event", why: "events compare in order",
			want: conformance.Expected{Events: []conformance.Event{ev}},
			got:  conformance.Expected{Events: []conformance.Event{{Type: "Warning", Reason: "R", Message: "m", Object: "DeploymentConfig/c"}}},
			diff: "event 0:"},
		{name: "missing event", why: "an event upstream emitted and the run did not",
			want: conformance.Expected{Events: []conformance.Event{ev, ev}},
			got:  conformance.Expected{Events: []conformance.Event{ev}},
			diff: "event 1: missing {Type:Normal Reason:R Message:m Object:DeploymentConfig/c}"},
		{name: "unexpected event", why: "an event the run emitted and upstream did not",
			want: conformance.Expected{},
			got:  conformance.Expected{Events: []conformance.Event{ev}},
			diff: "event 0: unexpected {Type:Normal Reason:R Message:m Object:DeploymentConfig/c}"},
		{name: "event message", why: "one byte of a message differs",
			want: conformance.Expected{Events: []conformance.Event{ev}},
			got:  conformance.Expected{Events: []conformance.Event{{Type: "Normal", Reason: "R", Message: "n", Object: "DeploymentConfig/c"}}},
			diff: "event 0:\n want {Type:Normal Reason:R Message:m Object:DeploymentConfig/c}\n got  {Type:Normal Reason:R Message:n Object:DeploymentConfig/c}"},
		{name: "error text", why: "the returned error text is compared, whatever the class",
			want: conformance.Expected{Error: "cannot scale c-1", ErrorClass: "retry"},
			got:  conformance.Expected{Error: "cannot scale c-2", ErrorClass: "retry"},
			diff: "error:\n want \"cannot scale c-1\"\n got  \"cannot scale c-2\""},
		{name: "error missing", why: "a pass that returns no error where upstream did",
			want: conformance.Expected{Error: "e", ErrorClass: "retry"},
			got:  conformance.Expected{},
			diff: "error:\n want \"e\"\n got  \"\""},
		{name: "error class", why: "the class is compared after the text",
			want: conformance.Expected{Error: "e", ErrorClass: "retry"},
			got:  conformance.Expected{Error: "e", ErrorClass: "fatal"},
			diff: `error class: want "retry", got "fatal"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := conformance.Compare(tc.want, tc.got)
			if tc.diff == "" && got != "" || tc.diff != "" && !strings.Contains(got, tc.diff) {
				t.Errorf("%s\nCompare = %q\nwant     %q", tc.why, got, tc.diff)
			}
		})
	}
}

func TestRecordEvents(t *testing.T) {
	// why: events recorded by the server compare with the recorded form:
	// the object is <Kind>/<name>, the namespace and time are not part of it.
	srv := fake.NewServer(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	e := wire.Event{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "test", Name: "config"},
		Type: "Warning", Reason: "ReplicationControllerScaleFailed", Message: "m", Time: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	if _, err := srv.Do(context.Background(), wire.Request{Verb: wire.VerbEvent, Event: &e}); err != nil {
		t.Fatal(err)
	}
	want := []conformance.Event{{Type: "Warning", Reason: "ReplicationControllerScaleFailed", Message: "m", Object: "DeploymentConfig/config"}}
	if d := conformance.Compare(conformance.Expected{Events: want}, conformance.Expected{Events: conformance.RecordEvents(srv.Events())}); d != "" {
		t.Error(d)
	}
}

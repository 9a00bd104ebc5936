package wire

import (
	"errors"
	"slices"
	"testing"
)

// TestPassReplaced holds Pass.Replaced, the versions an adapter expects
// its cache to move past after its own writes (SPEC 4.2.expect): the
// version read once the object was written, then each accepted update's
// or patch's precondition; no failed, unsent, create, delete or event request, and
// no write of another object, counts.
func TestPassReplaced(t *testing.T) {
	rc := func(verb Verb, ns, name, body string) Request {
		return Request{Verb: verb, Resource: ResourceRCs, Namespace: ns, Name: name, Body: []byte(body)}
	}
	upd := func(rv string) Request {
		return rc(VerbUpdate, "ns", "web-1", `{"kind":"ReplicationController","metadata":{"name":"web-1","resourceVersion":"`+rv+`"}}`)
	}
	tests := []struct {
		name string
		pass Pass
		want []string
	}{
		{"no write", Pass{}, nil},
		{"others", Pass{Requests: []Request{
			rc(VerbCreate, "ns", "web-1", `{}`), rc(VerbDelete, "ns", "web-1", ""), rc(VerbUpdate, "ns", "web-2", `{}`),
			rc(VerbUpdate, "other", "web-1", `{}`), {Verb: VerbUpdate, Resource: ResourcePods, Namespace: "ns", Name: "web-1"},
			{Verb: VerbEvent, Resource: ResourceRCs, Namespace: "ns", Name: "web-1"},
		}, Sent: 6, Errs: make([]error, 6)}, nil},
		{"failed", Pass{Requests: []Request{upd("5")}, Sent: 1, Errs: []error{errors.New("Conflict")}}, nil},
		{"unsent", Pass{Requests: []Request{upd("5")}}, nil},
		{"patch", Pass{Requests: []Request{rc(VerbPatch, "ns", "web-1", `{"metadata":{"annotations":{}}}`)}, Sent: 1, Errs: []error{nil}}, []string{"5"}},
		{"update, rebased update", Pass{Requests: []Request{upd("5"), upd("6")}, Sent: 2, Errs: []error{nil, nil}}, []string{"5", "6"}},
		{"a patch with a precondition", Pass{Requests: []Request{rc(VerbPatch, "ns", "web-1", `{"metadata":{"resourceVersion":"9"}}`)}, Sent: 1, Errs: []error{nil}}, []string{"5", "9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pass.Replaced(ResourceRCs, "ns", "web-1", "5"); !slices.Equal(got, tt.want) {
				t.Errorf("Replaced() = %q, want %q", got, tt.want)
			}
		})
	}
}

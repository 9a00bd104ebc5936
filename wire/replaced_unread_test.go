package wire

import (
	"slices"
	"testing"
)

// TestPassReplacedWithoutAReadVersion: an object the pass planned from
// without a resourceVersion (a hand-built one) contributes no read
// version to Replaced (SPEC 4.2.expect): the versions are only those its
// accepted writes carried, never an empty string an adapter would keep
// as an expectation no cache can show.
func TestPassReplacedWithoutAReadVersion(t *testing.T) {
	rc := func(verb Verb, body string) Request {
		return Request{Verb: verb, Resource: ResourceRCs, Namespace: "ns", Name: "web-1", Body: []byte(body)}
	}
	tests := []struct {
		name string
		reqs []Request
		want []string
	}{
		{"patch", []Request{rc(VerbPatch, `{"metadata":{"annotations":{}}}`)}, nil},
		{"update", []Request{rc(VerbUpdate, `{"kind":"ReplicationController","metadata":{"name":"web-1","resourceVersion":"6"}}`)}, []string{"6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Pass{Requests: tt.reqs, Sent: len(tt.reqs), Errs: make([]error, len(tt.reqs))}
			if got := p.Replaced(ResourceRCs, "ns", "web-1", ""); !slices.Equal(got, tt.want) {
				t.Errorf("Replaced(read \"\") = %q, want %q", got, tt.want)
			}
		})
	}
}

package wire

import "testing"

// TestRebasesForgetAVersionNotAnswered: a Rebase request goes at the
// version the last write of its object answered with; after a write
// whose answer carries none, or a delete, that version is not known any
// more, and the request goes as rendered rather than at an older one.
func TestRebasesForgetAVersionNotAnswered(t *testing.T) {
	dc := Request{Verb: VerbUpdate, Resource: ResourceConfigs, Namespace: "ns", Name: "web"}
	for _, tc := range []struct {
		name string
		last Request
		w    Written
		want string // the version a later Rebase request goes at; "" for none
	}{
		{"answered with a version", dc, Written{ResourceVersion: "7"}, "7"},
		{"answered without one", dc, Written{}, ""},
		{"deleted", Request{Verb: VerbDelete, Resource: ResourceConfigs, Namespace: "ns", Name: "web"}, Written{ResourceVersion: "8"}, ""},
		{"another object", Request{Verb: VerbUpdate, Resource: ResourceConfigs, Namespace: "ns", Name: "api"}, Written{}, "5"},
	} {
		var vs rebases
		vs.record(&dc, Written{ResourceVersion: "5"})
		vs.record(&tc.last, tc.w)
		if got := vs.versions[keyOf(&dc)]; got != tc.want {
			t.Errorf("%s: a Rebase of dc/web goes at %q, want %q", tc.name, got, tc.want)
		}
	}
}

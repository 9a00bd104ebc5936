package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan/wire"
)

// TestDeleteBody: a delete's options render as metav1.DeleteOptions
// marshals them: gracePeriodSeconds, preconditions (uid, then
// resourceVersion, each only when set; SPEC 3.7.5.unchanged), then
// propagationPolicy; no body for the default options.
func TestDeleteBody(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts wire.DeleteOptions
		want string
	}{
		{"default", wire.DeleteOptions{}, ""},
		{"background", wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground},
			`{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Background"}`},
		{"grace zero", wire.DeleteOptions{HasGracePeriod: true},
			`{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":0}`},
		{"both preconditions", wire.DeleteOptions{PropagationPolicy: wire.PropagationBackground,
			Preconditions: wire.Preconditions{UID: "rc-uid-1", ResourceVersion: "42"}},
			`{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"uid":"rc-uid-1","resourceVersion":"42"},"propagationPolicy":"Background"}`},
		{"uid only", wire.DeleteOptions{Preconditions: wire.Preconditions{UID: "rc-uid-1"}},
			`{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"uid":"rc-uid-1"}}`},
		{"version only", wire.DeleteOptions{HasGracePeriod: true, GracePeriodSeconds: 5, Preconditions: wire.Preconditions{ResourceVersion: "7\"8"}},
			`{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":5,"preconditions":{"resourceVersion":"7\"8"}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := wire.Request{Verb: wire.VerbDelete, Delete: tt.opts}
			got := r.DeleteBody()
			if string(got) != tt.want {
				t.Fatalf("DeleteBody() = %s, want %s", got, tt.want)
			}
			if got != nil && !json.Valid(got) {
				t.Errorf("DeleteBody() = %s: not JSON", got)
			}
		})
	}
}

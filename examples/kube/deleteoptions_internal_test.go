package kube

import (
	"encoding/json"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/wire"
)

// TestDeleteOptionsMatchDeleteBody: the options the controller gives
// client-go for a delete marshal to the bytes wire renders for it
// (Request.DeleteBody), preconditions included (SPEC 3.7.5.unchanged), so
// the real server gets what the goldens and the fake show.
func TestDeleteOptionsMatchDeleteBody(t *testing.T) {
	for _, o := range []wire.DeleteOptions{
		{PropagationPolicy: wire.PropagationBackground},
		{HasGracePeriod: true},
		{PropagationPolicy: wire.PropagationBackground, Preconditions: wire.Preconditions{UID: "rc-uid-1", ResourceVersion: "42"}},
		{Preconditions: wire.Preconditions{UID: "rc-uid-1"}},
		{HasGracePeriod: true, GracePeriodSeconds: 5, Preconditions: wire.Preconditions{ResourceVersion: "7"}},
	} {
		opts := deleteOptions(o)
		opts.TypeMeta = metav1.TypeMeta{Kind: "DeleteOptions", APIVersion: "v1"}
		got, err := json.Marshal(opts)
		if err != nil {
			t.Fatal(err)
		}
		r := wire.Request{Verb: wire.VerbDelete, Delete: o}
		if want := r.DeleteBody(); string(got) != string(want) {
			t.Errorf("deleteOptions(%+v) marshals to %s, want %s", o, got, want)
		}
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/wire"
)

// TestServerDeleteCollectsDependents: a delete with Background (or
// Foreground) propagation removes, as the garbage collector soon does, the
// objects whose ownerReferences name the deleted one, and theirs in turn
// (SPEC 3.7: history cleanup deletes old RCs with Background propagation;
// SPEC 7 row 29: their deployer pods are left to that collector). A
// delete without propagation of a v1 ReplicationController orphans: the
// RC strategy's default for the core group, so its pods stay.
func TestServerDeleteCollectsDependents(t *testing.T) {
	const (
		deployer = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-deploy","namespace":"shop","uid":"pod-uid",` +
			`"ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"web-1","uid":"rc-uid-1"}]},"spec":{}}`
		hook = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1-hook-pre","namespace":"shop","uid":"hook-uid",` +
			`"ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"web-1-deploy","uid":"pod-uid"}]},"spec":{}}`
		other = `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-2-deploy","namespace":"shop","uid":"pod-uid-2",` +
			`"ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"web-2","uid":"rc-uid-2"}]},"spec":{}}`
	)
	tests := []struct {
		policy string
		gone   bool
	}{
		{wire.PropagationBackground, true},
		{"Foreground", true},
		{"", false},
		{"Orphan", false},
	}
	for _, tt := range tests {
		t.Run("policy="+tt.policy, func(t *testing.T) {
			s := newTestServer(t)
			for _, p := range []string{deployer, hook, other} {
				if err := s.Put(wire.ResourcePods, []byte(p)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Do(t.Context(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
				Delete: wire.DeleteOptions{PropagationPolicy: tt.policy}}); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"web-1-deploy", "web-1-hook-pre"} {
				if _, ok := s.Object(wire.ResourcePods, "shop", name); ok == tt.gone {
					t.Errorf("pod %s: present %v after the RC's delete, want %v", name, ok, !tt.gone)
				}
			}
			if _, ok := s.Object(wire.ResourcePods, "shop", "web-2-deploy"); !ok {
				t.Error("another RC's pod went too")
			}
		})
	}
}

package fake_test

import (
	"context"
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestServerNoOpWriteKeepsResourceVersion checks that an update or a
// patch whose result is the stored object is not written, as etcd3's
// GuaranteedUpdate skips it: it succeeds, answers the stored object with
// its resourceVersion, and the next write that changes something gets
// the next version, as if the no-op had not been.
func TestServerNoOpWriteKeepsResourceVersion(t *testing.T) {
	rcPatch := func(p string) wire.Request {
		return wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", PatchType: wire.PatchStrategicMerge, Patch: []byte(p)}
	}
	tests := []struct {
		name string
		req  func(stored []byte) wire.Request
	}{
		{"PUT of the object as stored", func(b []byte) wire.Request {
			return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", Body: b}
		}},
		{"PUT of the status as stored", func(b []byte) wire.Request {
			return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Subresource: wire.SubresourceStatus, Namespace: "shop", Name: "web-1", Body: b}
		}},
		{"PUT changing only status, through the main resource", func([]byte) wire.Request {
			return wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1",
				Body: []byte(`{"metadata":{"name":"web-1","annotations":{"openshift.io/deployment.phase":"Complete","kubectl.kubernetes.io/desired-replicas":"2"},
				"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true,"blockOwnerDeletion":true}]},
				"spec":{"replicas":2,"selector":{"a":"b"}},"status":{"replicas":9}}`)}
		}},
		{"release patch of an owner the RC does not have", func([]byte) wire.Request {
			return rcPatch(`{"metadata":{"ownerReferences":[{"$patch":"delete","uid":"nobody"}],"uid":"rc-uid-1"}}`)
		}},
		{"adopt patch of the owner the RC has", func([]byte) wire.Request {
			return rcPatch(`{"metadata":{"ownerReferences":[{"apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","name":"web","uid":"dc-uid","controller":true,"blockOwnerDeletion":true}],"uid":"rc-uid-1"}}`)
		}},
		{"patch setting an annotation to its value", func([]byte) wire.Request {
			return rcPatch(`{"metadata":{"annotations":{"openshift.io/deployment.phase":"Complete"},"resourceVersion":"500"}}`)
		}},
		{"patch of spec.replicas to its value, written 2.0", func([]byte) wire.Request {
			return rcPatch(`{"spec":{"replicas":2.0}}`)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			stored, _ := s.Object(wire.ResourceRCs, "shop", "web-1")
			w, err := s.Do(context.Background(), tc.req(stored))
			if err != nil {
				t.Fatal(err)
			}
			if w.ResourceVersion != "500" {
				t.Errorf("answer's resourceVersion %q, want the stored 500", w.ResourceVersion)
			}
			if after, _ := s.Object(wire.ResourceRCs, "shop", "web-1"); string(after) != string(stored) {
				t.Errorf("stored object changed:\n%s\n%s", stored, after)
			}
			if log := s.Log(); len(log) != 1 || log[0].Err != nil || string(log[0].After) != string(log[0].Before) {
				t.Errorf("log %+v, want one successful write leaving the object as it was", log)
			}
			w, err = s.Do(context.Background(), rcPatch(`{"metadata":{"annotations":{"new":"1"}}}`))
			if err != nil {
				t.Fatal(err)
			}
			if w.ResourceVersion != "701" {
				t.Errorf("next change's resourceVersion %q, want 701 (the no-op minted none)", w.ResourceVersion)
			}
		})
	}
}

// TestWorldClientNoOpWriteStoresNothing checks that a no-op update through
// World.Client takes no write: no new version, no Watch change.
func TestWorldClientNoOpWriteStoresNothing(t *testing.T) {
	ctx := context.Background()
	w := fake.NewWorld(fake.Epoch)
	c := w.Client()
	if _, err := c.Do(ctx, wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: "ns",
		Body: []byte(`{"metadata":{"name":"x","annotations":{"a":"1"}},"spec":{"replicas":1}}`)}); err != nil {
		t.Fatal(err)
	}
	var changes int
	w.Watch = func(fake.Change) { changes++ }
	seq := w.Seq()
	stored, _ := w.Wire(fake.KindRC, "ns", "x")
	for _, r := range []wire.Request{
		{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Namespace: "ns", Name: "x", Body: stored},
		{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "ns", Name: "x", PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"metadata":{"annotations":{"a":"1"}}}`)},
	} {
		if _, err := c.Do(ctx, r); err != nil {
			t.Fatalf("%s: %v", r.Verb, err)
		}
	}
	if after, _ := w.Wire(fake.KindRC, "ns", "x"); string(after) != string(stored) || w.Seq() != seq || changes != 0 {
		t.Errorf("no-op writes: seq %d -> %d, %d watch changes, object\n%s\n%s", seq, w.Seq(), changes, stored, after)
	}
	if _, err := c.Do(ctx, wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: "ns", Name: "x", PatchType: wire.PatchStrategicMerge,
		Patch: []byte(`{"metadata":{"annotations":{"a":"2"}}}`)}); err != nil {
		t.Fatal(err)
	}
	if w.Seq() != seq+1 || changes != 1 {
		t.Errorf("a change: seq %d -> %d, %d watch changes; want one write", seq, w.Seq(), changes)
	}
}

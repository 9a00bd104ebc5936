package fake

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestSimClientCrashesAfterItsWrites: a pass drawn to crash after n
// writes sends n and then fails every later one with errCrash, the
// context cancelled; the writes it sent reached the server.
func TestSimClientCrashesAfterItsWrites(t *testing.T) {
	s := NewSim(Options{})
	if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &simClient{sim: s, srv: s.world.Client(), crashAfter: 2, cancel: cancel}
	scale := func(n int) error {
		_, err := c.Do(ctx, wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: "ns", Name: "web",
			PatchType: patchMerge, Patch: []byte(`{"spec":{"replicas":` + strconv.Itoa(n) + `}}`)})
		return err
	}
	for n := range 2 {
		if err := scale(n + 2); err != nil {
			t.Fatalf("write %d of 2 before the crash: %v", n+1, err)
		}
	}
	if err := scale(7); !errors.Is(err, errCrash) || !c.crashed || ctx.Err() == nil {
		t.Fatalf("third write: %v (crashed %v, ctx %v), want errCrash and the pass cancelled", err, c.crashed, ctx.Err())
	}
	if cfg, _ := s.world.Config("ns", "web"); cfg.Replicas != 3 {
		t.Errorf("replicas %d, want 3: the two writes before the crash, not the one after", cfg.Replicas)
	}
}

// TestErrForbiddenNamesTheSubresource: RBAC's refusal names the resource
// with its subresource and the API group, in the API server's words.
func TestErrForbiddenNamesTheSubresource(t *testing.T) {
	err := errForbidden(wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceInstantiate,
		Namespace: "ns", Name: "web"})
	const want = `deploymentconfigs.apps.openshift.io "web" is forbidden: User "system:serviceaccount:openshift-infra:dcplan-sim" ` +
		`cannot create resource "deploymentconfigs/instantiate" in API group "apps.openshift.io" in the namespace "ns"`
	var se *wire.StatusError
	if !errors.As(err, &se) || se.Reason != dcplan.StatusForbidden || se.Code != 403 || se.Message != want {
		t.Errorf("errForbidden = %v\nwant Forbidden (403) %q", err, want)
	}
}

// TestSimClientRecordsOnlySuccessfulWrites: a recorded pass keeps the
// writes the server took, each with its request, not the ones it refused.
func TestSimClientRecordsOnlySuccessfulWrites(t *testing.T) {
	s := NewSim(Options{})
	if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	c := &simClient{sim: s, srv: s.world.Client(), crashAfter: -1, cancel: func() {}, rec: &Transition{}, ns: "ns", dc: "web"}
	c.srv.quiet = false
	for _, name := range []string{"nope", "web"} {
		_, err := c.Do(context.Background(), wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceConfigs, Namespace: "ns", Name: name,
			PatchType: patchMerge, Patch: []byte(`{"spec":{"replicas":2}}`)})
		if (err != nil) != (name == "nope") {
			t.Fatalf("patch of dc %s: %v", name, err)
		}
	}
	if len(c.rec.Writes) != 1 || c.rec.Writes[0].Request.Name != "web" {
		t.Errorf("recorded %d writes %+v, want the one patch of web", len(c.rec.Writes), c.rec.Writes)
	}
}

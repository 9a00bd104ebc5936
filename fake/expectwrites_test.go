package fake

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestDeployerExpectsItsOwnWrites holds the deployer's expectations for
// its writes of an RC (SPEC 4.2.expect, 4.3.new.6): after a pass wrote
// web-1, a cache that still shows a version one of its writes replaced
// (the one the pass read, or the one an update's precondition names) is
// reported unobserved, one that shows any other version forgets them; a
// failed write, a create, a delete and a write of another RC expect
// nothing.
func TestDeployerExpectsItsOwnWrites(t *testing.T) {
	it := expectKey{it: item{kind: KindRC, ns: "ns", name: "web-1"}}
	seen := dcplan.Snapshot{Deployments: []dcplan.Deployment{{Name: "web-1", ResourceVersion: "5"}}}
	rc := func(verb wire.Verb, name, body string) wire.Request {
		return wire.Request{Verb: verb, Resource: wire.ResourceRCs, Namespace: "ns", Name: name, Body: []byte(body)}
	}
	update := rc(wire.VerbUpdate, "web-1", `{"metadata":{"name":"web-1","resourceVersion":"6"}}`)
	cached := func(rv string) *dcplan.Deployment { return &dcplan.Deployment{Name: "web-1", ResourceVersion: rv} }

	var s Sim
	s.expectWrites(it, wire.Pass{
		Requests: []wire.Request{rc(wire.VerbCreate, "web-1", `{}`), rc(wire.VerbDelete, "web-1", ""), rc(wire.VerbUpdate, "web-2", `{}`),
			rc(wire.VerbUpdate, "web-1", `{"metadata":{"resourceVersion":"9"}}`)},
		Sent: 4, Errs: []error{nil, nil, nil, errors.New("Conflict")},
	}, seen)
	if s.unwritten(it, cached("5")) {
		t.Errorf("a pass whose only write of web-1 failed left an expectation")
	}

	s.expectWrites(it, wire.Pass{Requests: []wire.Request{rc(wire.VerbPatch, "web-1", `{"metadata":{"annotations":{}}}`), update}, Sent: 2, Errs: []error{nil, nil}}, seen)
	for _, rv := range []string{"5", "6"} {
		if !s.unwritten(it, cached(rv)) {
			t.Errorf("a cache showing version %s, which the pass's writes replaced, is not reported", rv)
		}
	}
	if s.unwritten(expectKey{it: item{kind: KindRC, ns: "ns", name: "web-2"}}, cached("5")) {
		t.Errorf("another RC's key reports web-1's expectation")
	}
	if s.unwritten(it, cached("7")) {
		t.Errorf("a cache showing version 7, the write's own, is reported stale")
	}
	if s.unwritten(it, cached("5")) {
		t.Errorf("the expectations outlived a cache that observed the write")
	}
}

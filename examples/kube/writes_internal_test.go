package kube

import (
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan/wire"
)

// TestWriteExpectations holds the deployer's expectations for its own
// writes of an RC (SPEC 4.2.expect): the versions an accepted write
// replaced (the one read, an update's precondition) read as stale until
// the cache shows another one or they expire; a failed write, a create,
// a delete and another RC's write expect nothing.
func TestWriteExpectations(t *testing.T) {
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	rc := func(verb wire.Verb, name, body string) wire.Request {
		return wire.Request{Verb: verb, Resource: wire.ResourceRCs, Namespace: "ns", Name: name, Body: []byte(body)}
	}
	var e writeExpectations
	e.record("ns/web-1", "ns", "web-1", "5", wire.Pass{
		Requests: []wire.Request{rc(wire.VerbCreate, "web-1", `{}`), rc(wire.VerbDelete, "web-1", ""), rc(wire.VerbUpdate, "web-2", `{}`),
			rc(wire.VerbUpdate, "web-1", `{"metadata":{"resourceVersion":"5"}}`)},
		Sent: 4, Errs: []error{nil, nil, nil, errors.New("Conflict")},
	}, now)
	if e.stale("ns/web-1", "5", now) {
		t.Errorf("a pass whose only write of web-1 failed left an expectation")
	}

	pass := wire.Pass{Requests: []wire.Request{rc(wire.VerbPatch, "web-1", `{"metadata":{"annotations":{}}}`),
		rc(wire.VerbUpdate, "web-1", `{"metadata":{"name":"web-1","resourceVersion":"6"}}`)}, Sent: 2, Errs: []error{nil, nil}}
	e.record("ns/web-1", "ns", "web-1", "5", pass, now)
	for _, rv := range []string{"5", "6"} {
		if !e.stale("ns/web-1", rv, now) {
			t.Errorf("a cache showing version %s, which the pass's writes replaced, is not stale", rv)
		}
	}
	if e.stale("ns/web-2", "5", now) {
		t.Errorf("another RC's key reads web-1's expectation")
	}
	if e.stale("ns/web-1", "7", now) || e.stale("ns/web-1", "5", now) {
		t.Errorf("the expectations outlived a cache that showed the write")
	}

	e.record("ns/web-1", "ns", "web-1", "5", pass, now)
	if e.stale("ns/web-1", "5", now.Add(expectationsTTL+time.Second)) {
		t.Errorf("an expectation outlived expectationsTTL (an update that changed nothing keeps its version)")
	}
}

// TestWriteExpectationsShows: an RC event shows the deployer's writes
// when its version is none they replaced; that requeues the RC but keeps
// the expectations, so that a pass which read the cache before the event
// still finds its read stale (SPEC 4.2.expect).
func TestWriteExpectationsShows(t *testing.T) {
	now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	var e writeExpectations
	if e.shows("ns/web-1", "7") {
		t.Errorf("shows() without expectations = true")
	}
	e.record("ns/web-1", "ns", "web-1", "5", wire.Pass{Requests: []wire.Request{{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs,
		Namespace: "ns", Name: "web-1", Body: []byte(`{"metadata":{"resourceVersion":"5"}}`)}}, Sent: 1, Errs: []error{nil}}, now)
	if e.shows("ns/web-1", "5") {
		t.Errorf("shows(5) = true for the version the write replaced")
	}
	if !e.shows("ns/web-1", "7") {
		t.Errorf("shows(7) = false for a version past the write")
	}
	if !e.stale("ns/web-1", "5", now) {
		t.Errorf("after shows(7), a pass that read version 5 no longer finds it stale")
	}
}

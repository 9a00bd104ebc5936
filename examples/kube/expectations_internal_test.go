package kube

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// none is a cache that shows nothing.
func none(string, string) bool { return false }

// showing is a cache that shows the given names.
func showing(names ...string) func(string, string) bool {
	return func(n, _ string) bool { return slices.Contains(names, n) }
}

// readPass is what one pass does with e for key when no informer event
// comes while it reads its caches: pending, then unobserved.
func readPass(e *expectations, key string, now time.Time, seen func(string, string) bool) []string {
	return e.unobserved(key, e.pending(key), now, lookOf(seen))
}

// lookOf is the read that shows the writes seen reports, and no object
// lingering.
func lookOf(seen func(string, string) bool) func(string, string) sight {
	return func(name, uid string) sight { return shownIf(seen(name, uid)) }
}

// TestExpectationsTakenBeforeTheRead: an informer event that observes an
// object while a pass reads its caches (after the read missed it, before
// the pass looks at its expectations) does not end the wait of that
// pass, whose read predates the object: the event has put the key back
// in the queue, and the next pass, reading after it, no longer waits.
// Taken after the read, the expectations had nothing left to report, and
// the pass planned from a view older than its own controller's write
// (SPEC 3.2.12.expect, 3.7.expect, 4.2.expect).
func TestExpectationsTakenBeforeTheRead(t *testing.T) {
	t0 := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		verb     wire.Verb
		resource string
		key      string
		name     string
		// read is the pass's read, which missed the event.
		read func(string, string) bool
	}{
		{wire.VerbCreate, wire.ResourcePods, "ns/web-1", "web-1-deploy", none},
		{wire.VerbCreate, wire.ResourceRCs, "ns/web", "web-2", none},
		{wire.VerbDelete, wire.ResourceRCs, "ns/web", "web-1", none}, // the read still lists it
	} {
		e := expectations{resource: c.resource, verb: c.verb}
		e.record(c.key, wire.Pass{Requests: []wire.Request{{Verb: c.verb, Resource: c.resource, Name: c.name}}, Sent: 1, Errs: []error{nil}}, t0)
		pending := e.pending(c.key)        // the pass begins
		if !e.observe(c.key, c.name, "") { // the event, during the read
			t.Fatalf("%s %s: observe = false for an expected object", c.verb, c.name)
		}
		if d := cmp.Diff([]string{c.name}, e.unobserved(c.key, pending, t0, lookOf(c.read))); d != "" {
			t.Errorf("%s %s: the pass whose read missed the event (-want +got):\n%s", c.verb, c.name, d)
		}
		if got := readPass(&e, c.key, t0, c.read); got != nil {
			t.Errorf("%s %s: the pass after the event: unobserved = %q, want none", c.verb, c.name, got)
		}
	}
}

// TestExpectations: an RC the DC controller created is unobserved until a
// pass sees it in the cache, an informer event observes it, or
// expectationsTTL passes; a failed create, a pod create and an RC update
// are not expectations (SPEC 3.2.12.expect).
func TestExpectations(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	pass := wire.Pass{
		Requests: []wire.Request{
			{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-2"},
			{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Name: "web-2-deploy"},
			{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: "web-1"},
			{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-3"},
			{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-4"},
		},
		Sent: 4,
		Errs: []error{nil, nil, nil, errors.New("AlreadyExists")},
	}
	e := expectations{resource: wire.ResourceRCs, verb: wire.VerbCreate}
	e.record("ns/web", pass, t0)
	if got := readPass(&e, "ns/other", t0, none); got != nil {
		t.Errorf("another DC: unobserved = %q, want none", got)
	}
	if d := cmp.Diff([]string{"web-2"}, readPass(&e, "ns/web", t0, none)); d != "" {
		t.Errorf("before the cache shows it (-want +got):\n%s", d)
	}
	if got := readPass(&e, "ns/web", t0, showing("web-2")); got != nil {
		t.Errorf("once seen: unobserved = %q, want none", got)
	}
	if got := readPass(&e, "ns/web", t0, none); got != nil {
		t.Errorf("seen once is enough: unobserved = %q, want none", got)
	}
	if e.observe("ns/web", "web-2", "") {
		t.Errorf("observe(web-2) = true after a pass saw it")
	}

	e.record("ns/web", wire.Pass{Requests: pass.Requests[:1], Sent: 1, Errs: []error{nil}}, t0)
	if got := readPass(&e, "ns/web", t0.Add(expectationsTTL), none); len(got) != 1 {
		t.Errorf("at the TTL: unobserved = %q, want web-2", got)
	}
	if got := readPass(&e, "ns/web", t0.Add(expectationsTTL+time.Second), none); got != nil {
		t.Errorf("after the TTL: unobserved = %q, want none", got)
	}

	e.record("ns/web", wire.Pass{Requests: pass.Requests[:1], Sent: 1, Errs: []error{nil}}, t0)
	if e.observe("ns/other", "web-2", "") || e.observe("ns/web", "web-2-deploy", "") {
		t.Errorf("observe: want web-2 of ns/web only")
	}
	if !e.observe("ns/web", "web-2", "") {
		t.Errorf("observe(web-2) = false for an expected RC")
	}
	if got := readPass(&e, "ns/web", t0, none); got != nil {
		t.Errorf("after its event: unobserved = %q, want none", got)
	}

	e.record("ns/web", wire.Pass{Requests: pass.Requests[:1], Sent: 1, Errs: []error{nil}}, t0)
	e.forget("ns/web")
	if got := readPass(&e, "ns/web", t0, none); got != nil {
		t.Errorf("after the DC is deleted: unobserved = %q, want none", got)
	}
}

// TestPodExpectations: the deployer's expectations hold the deployer pods
// it created, by RC key, and nothing else (SPEC 4.2.expect).
func TestPodExpectations(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	pass := wire.Pass{
		Requests: []wire.Request{
			{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Name: "web-1-deploy"},
			{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: "web-1"},
		},
		Sent: 2,
		Errs: []error{nil, errors.New("Conflict")},
	}
	e := expectations{resource: wire.ResourcePods, verb: wire.VerbCreate}
	e.record("ns/web-1", pass, t0)
	if d := cmp.Diff([]string{"web-1-deploy"}, readPass(&e, "ns/web-1", t0, none)); d != "" {
		t.Errorf("before the cache shows it (-want +got):\n%s", d)
	}
	if got := readPass(&e, "ns/web-1", t0, showing("web-1-deploy")); got != nil {
		t.Errorf("once seen: unobserved = %q, want none", got)
	}
	// An informer event observes the pod even when no pass saw it (it was
	// deleted before): it must not hold the RC.
	e.record("ns/web-1", pass, t0)
	if !e.observe("ns/web-1", "web-1-deploy", "") {
		t.Errorf("observe(web-1-deploy) = false for an expected pod")
	}
	if got := readPass(&e, "ns/web-1", t0, none); got != nil {
		t.Errorf("after its event: unobserved = %q, want none", got)
	}
	e.record("ns/web-1", wire.Pass{Requests: pass.Requests[:1], Sent: 1, Errs: []error{errors.New("AlreadyExists")}}, t0)
	if got := readPass(&e, "ns/web-1", t0, none); got != nil {
		t.Errorf("a failed create: unobserved = %q, want none", got)
	}
}

// TestDeleteExpectations: the DC controller's expectations for its RC
// deletes (SPEC 3.7.expect) record only the deletes the server accepted,
// hold while the cache still shows the RC, and end when it drops it or
// its delete event is observed.
func TestDeleteExpectations(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	pass := wire.Pass{
		Requests: []wire.Request{
			{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: "web-1"},
			{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-4"},
			{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: "web-2"},
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "web-3-deploy"},
		},
		Sent: 4,
		Errs: []error{errors.New("Conflict"), nil, nil, nil},
	}
	e := expectations{resource: wire.ResourceRCs, verb: wire.VerbDelete}
	e.record("ns/web", pass, t0)
	// The cache still shows web-1 and web-2: the drop of web-2 is what is
	// awaited (web-1's delete failed).
	gone := func(shown ...string) func(string, string) bool {
		return func(n, uid string) bool { return !showing(shown...)(n, uid) }
	}
	if d := cmp.Diff([]string{"web-2"}, readPass(&e, "ns/web", t0, gone("web-1", "web-2"))); d != "" {
		t.Errorf("while the cache shows web-2 (-want +got):\n%s", d)
	}
	if !e.observe("ns/web", "web-2", "") {
		t.Errorf("observe(web-2) = false for an expected delete")
	}
	if got := readPass(&e, "ns/web", t0, gone("web-1", "web-2")); got != nil {
		t.Errorf("after its delete event: unobserved = %q, want none", got)
	}
	e.record("ns/web", pass, t0)
	if got := readPass(&e, "ns/web", t0, gone("web-1")); got != nil {
		t.Errorf("once the cache dropped web-2: unobserved = %q, want none", got)
	}
}

// TestExpectationsOfAGoneOwnerExpire: an owner deleted while its pass was
// in flight is forgotten before the pass records what it created, and no
// pass of that key comes again to let the entry expire; the next record
// (of any key) after expectationsTTL drops it, so a controller over
// churning DCs keeps no more than a TTL's worth of expectations.
func TestExpectationsOfAGoneOwnerExpire(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	created := func(name string) wire.Pass {
		return wire.Pass{Requests: []wire.Request{{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: name}},
			Sent: 1, Errs: []error{nil}}
	}
	e := expectations{resource: wire.ResourceRCs, verb: wire.VerbCreate}
	e.forget("ns/gone") // the delete event, ahead of the pass's record
	e.record("ns/gone", created("gone-1"), t0)
	e.record("ns/web", created("web-1"), t0.Add(expectationsTTL))
	if _, ok := e.created["ns/gone"]; !ok {
		t.Fatalf("dropped before its TTL: %v", e.created)
	}
	e.record("ns/web", created("web-2"), t0.Add(expectationsTTL+time.Second))
	if _, ok := e.created["ns/gone"]; ok {
		t.Errorf("a gone owner's expectation outlived its TTL: %v", e.created)
	}
	if d := cmp.Diff([]string{"web-1", "web-2"}, readPass(&e, "ns/web", t0.Add(expectationsTTL+time.Second), none)); d != "" {
		t.Errorf("the live key's expectations (-want +got):\n%s", d)
	}
}

// TestPodDeleteExpectations: the deployer's expectations for its pod
// deletes (SPEC 4.2.expect.delete) hold each pod with the uid its pass's
// cache showed, hold while the cache lists that pod (its deletionTimestamp
// aside), and end when the cache drops it or lists another pod under the
// name, or when the delete event of that pod, not of an older one of the
// name, is observed. A pod the pass's cache did not list is no
// expectation.
func TestPodDeleteExpectations(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	pass := wire.Pass{
		Snapshot: dcplan.Snapshot{Pods: []dcplan.Pod{{Name: "web-1-deploy", UID: "u1"}, {Name: "web-1-hook-pre", UID: "h1"}}},
		Requests: []wire.Request{
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "web-1-deploy"},
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "web-1-hook-pre"},
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "web-1-hook-post"}, // not listed
			{Verb: wire.VerbUpdate, Resource: wire.ResourceRCs, Name: "web-1"},
		},
		Sent: 4,
		Errs: []error{nil, errors.New("Forbidden"), nil, nil},
	}
	e := expectations{resource: wire.ResourcePods, verb: wire.VerbDelete}
	e.record("ns/web-1", pass, t0)
	listing := func(uids map[string]string) func(string, string) bool {
		return func(n, uid string) bool { return uids[n] != uid } // seen: gone, or another pod
	}
	if d := cmp.Diff([]string{"web-1-deploy"}, readPass(&e, "ns/web-1", t0, listing(map[string]string{"web-1-deploy": "u1"}))); d != "" {
		t.Errorf("while the cache lists the pod deleted (-want +got):\n%s", d)
	}
	if got := readPass(&e, "ns/web-1", t0, listing(map[string]string{"web-1-deploy": "u2"})); got != nil {
		t.Errorf("once the cache lists another pod of the name: unobserved = %q, want none", got)
	}
	e.record("ns/web-1", pass, t0)
	if e.observe("ns/web-1", "web-1-deploy", "u0") {
		t.Errorf("the delete event of an older pod of the name observed the delete of u1")
	}
	if !e.observe("ns/web-1", "web-1-deploy", "u1") {
		t.Errorf("observe(web-1-deploy, u1) = false for an expected delete")
	}
	if got := readPass(&e, "ns/web-1", t0, listing(map[string]string{"web-1-deploy": "u1"})); got != nil {
		t.Errorf("after its delete event: unobserved = %q, want none", got)
	}
}

// TestLingeringDeletesOutliveTheTTL: a deleted object a pass's cache
// lists with its deletionTimestamp (a finalizer holds it) stays expected
// past expectationsTTL, through every pass and every sweep, until its
// delete event or a read that no longer lists it; one still listed as it
// was expires at the TTL, and so does a lingering one whose name a read
// then shows without a deletionTimestamp (another object of the name).
// Ending the wait at the TTL would change the plan of an unchanged world
// (SPEC 3.7.expect, 4.2.expect.delete).
func TestLingeringDeletesOutliveTheTTL(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	pass := wire.Pass{
		Snapshot: dcplan.Snapshot{Pods: []dcplan.Pod{{Name: "a", UID: "ua"}, {Name: "b", UID: "ub"}, {Name: "c", UID: "uc"}}},
		Requests: []wire.Request{
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "a"},
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "b"},
			{Verb: wire.VerbDelete, Resource: wire.ResourcePods, Name: "c"},
		},
		Sent: 3,
		Errs: []error{nil, nil, nil},
	}
	e := expectations{resource: wire.ResourcePods, verb: wire.VerbDelete}
	e.record("ns/web-1", pass, t0)
	// a and c terminate, b is listed as it was.
	sights := map[string]sight{"a": sightLingering, "b": sightBehind, "c": sightLingering}
	look := func(name, _ string) sight { return sights[name] }
	read := func(at time.Time) []string { return e.unobserved("ns/web-1", e.pending("ns/web-1"), at, look) }
	if d := cmp.Diff([]string{"a", "b", "c"}, read(t0)); d != "" {
		t.Errorf("within the TTL (-want +got):\n%s", d)
	}
	later := t0.Add(3 * expectationsTTL)
	e.sweep(later)
	if d := cmp.Diff([]string{"a", "c"}, read(later)); d != "" {
		t.Errorf("past the TTL and a sweep (-want +got):\n%s", d)
	}
	sights["c"] = sightBehind // another c, made again under the name
	if d := cmp.Diff([]string{"a"}, read(later)); d != "" {
		t.Errorf("once c is listed without its deletionTimestamp (-want +got):\n%s", d)
	}
	if !e.observe("ns/web-1", "a", "ua") {
		t.Fatalf("observe(a) = false for a lingering delete")
	}
	if got := read(later); got != nil {
		t.Errorf("after a's delete event: unobserved = %q, want none", got)
	}
	if _, ok := e.created["ns/web-1"]; ok {
		t.Errorf("entries left for the key: %v", e.created)
	}
}

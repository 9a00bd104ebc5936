package kube

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestExpectations: an RC the DC controller created is unobserved until
// the cache shows it or expectationsTTL passes; a failed create, a pod
// create and an RC update are not expectations (SPEC 3.2.12.expect).
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
	var e expectations
	e.record("ns/web", pass, t0)
	if got := e.unobserved("ns/other", nil, t0); got != nil {
		t.Errorf("another DC: unobserved = %q, want none", got)
	}
	if d := cmp.Diff([]string{"web-2"}, e.unobserved("ns/web", nil, t0)); d != "" {
		t.Errorf("before the cache shows it (-want +got):\n%s", d)
	}
	seen := []dcplan.Deployment{{Name: "web-2"}}
	if got := e.unobserved("ns/web", seen, t0); got != nil {
		t.Errorf("once seen: unobserved = %q, want none", got)
	}
	if got := e.unobserved("ns/web", nil, t0); got != nil {
		t.Errorf("seen once is enough: unobserved = %q, want none", got)
	}

	e.record("ns/web", wire.Pass{Requests: pass.Requests[:1], Sent: 1, Errs: []error{nil}}, t0)
	if got := e.unobserved("ns/web", nil, t0.Add(expectationsTTL)); len(got) != 1 {
		t.Errorf("at the TTL: unobserved = %q, want web-2", got)
	}
	if got := e.unobserved("ns/web", nil, t0.Add(expectationsTTL+time.Second)); got != nil {
		t.Errorf("after the TTL: unobserved = %q, want none", got)
	}

	e.record("ns/web", wire.Pass{Requests: pass.Requests[:1], Sent: 1, Errs: []error{nil}}, t0)
	e.forget("ns/web")
	if got := e.unobserved("ns/web", nil, t0); got != nil {
		t.Errorf("after the DC is deleted: unobserved = %q, want none", got)
	}
}

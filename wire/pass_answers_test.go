package wire_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// scripted is a Client that answers each write with answer (nil: success)
// and records what it was sent, events included.
type scripted struct {
	answer func(n int, r wire.Request) error
	sent   []wire.Request
}

func (c *scripted) Do(_ context.Context, r wire.Request) (wire.Written, error) {
	c.sent = append(c.sent, r)
	if r.Verb == wire.VerbEvent || c.answer == nil {
		return wire.Written{}, nil
	}
	return wire.Written{}, c.answer(len(c.sent)-1, r)
}

func (c *scripted) Get(context.Context, string, string, string) ([]byte, error) {
	return nil, errors.New("scripted: no reads")
}

// fixed plans p on every pass (a planner whose plan after a failure
// begins with what was sent, and goes on as before).
func fixed(p dcplan.Plan) wire.Planner { return func(dcplan.Snapshot) dcplan.Plan { return p } }

// TestRunPassReadsTheReasonFromTheCode: an API status without a reason
// counts as the reason its code stands for, as Kubernetes' API machinery
// reads it: a 409 is a Conflict the scale retries, a 404 a NotFound the
// history delete tolerates.
func TestRunPassReadsTheReasonFromTheCode(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	scale := dcplan.Plan{Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", From: 0, To: 1}}}
	c := &scripted{answer: func(n int, _ wire.Request) error {
		if n < 2 {
			return &wire.StatusError{Code: 409, Message: "the object has been modified"}
		}
		return nil
	}}
	p, err := wire.RunPass(t.Context(), c, s, fixed(scale))
	if err != nil || p.Failed() != nil {
		t.Fatalf("RunPass() = %v, Failed() = %v; want a scale retried past two 409s", err, p.Failed())
	}
	if len(c.sent) != 3 {
		t.Errorf("the scale was sent %d times, want 3 (two 409s, then success)", len(c.sent))
	}

	del := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}}}
	c = &scripted{answer: func(int, wire.Request) error { return &wire.StatusError{Code: 404, Message: "not found"} }}
	if p, err := wire.RunPass(t.Context(), c, s, fixed(del)); err != nil || p.Failed() != nil {
		t.Errorf("RunPass() = %v, Failed() = %v; want the delete's 404 tolerated", err, p.Failed())
	}
}

// TestRunPassTypedNilStatusError: a client returning a nil *StatusError
// as its error (a typed nil) fails the request as a transport error
// does, without a panic.
func TestRunPassTypedNilStatusError(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	del := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}}}
	c := &scripted{answer: func(int, wire.Request) error {
		var se *wire.StatusError
		return se
	}}
	p, err := wire.RunPass(t.Context(), c, s, fixed(del))
	if err != nil {
		t.Fatal(err)
	}
	if f := p.Failed(); f == nil {
		t.Error("Failed() = nil, want the delete's failure")
	}
}

// TestRunPassEventInsideAGroup: an event placed after the first of a
// group of deletes does not cut the group: when that delete fails, the
// second is still sent (a group is sent whole), and Failed names the
// group's failure.
func TestRunPassEventInsideAGroup(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	plan := dcplan.Plan{
		DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}, {Rule: "3.7.5", RC: "frontend-2"}},
		Events: []dcplan.Event{{Rule: "3.7.5", Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: s.Config.Namespace, Name: s.Config.Name},
			Type: dcplan.EventNormal, Reason: "Pruned", Message: "frontend-1", After: dcplan.ActionRef{Kind: dcplan.ActionDeleteRC, Index: 0}}},
	}
	c := &scripted{answer: func(_ int, r wire.Request) error {
		if r.Name == "frontend-1" {
			return &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}
		}
		return nil
	}}
	p, err := wire.RunPass(t.Context(), c, s, fixed(plan))
	if err != nil {
		t.Fatal(err)
	}
	var deleted []string
	for _, r := range c.sent {
		if r.Verb == wire.VerbDelete {
			deleted = append(deleted, r.Name)
		}
	}
	if len(deleted) != 2 {
		t.Errorf("deletes sent: %q, want both of the group", deleted)
	}
	if f := p.Failed(); f == nil {
		t.Error("Failed() = nil, want frontend-1's failure")
	}
}

// TestRunPassKeepsWhatWasSentOnARenderError: when the plan after a
// failure cannot be rendered (it names an RC the snapshot lacks), the
// Pass RunPass returns with the error still says what was sent.
func TestRunPassKeepsWhatWasSentOnARenderError(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	first := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}}}
	second := first
	second.Scales = []dcplan.Scale{{Rule: "3.6.3", RC: "no-such-rc", To: 1}}
	planner := func(s dcplan.Snapshot) dcplan.Plan {
		if len(s.Outcome.Failures) > 0 {
			return second
		}
		return first
	}
	c := &scripted{answer: func(int, wire.Request) error {
		return &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}
	}}
	p, err := wire.RunPass(t.Context(), c, s, planner)
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Fatalf("RunPass() = %v, want the render error", err)
	}
	if p.Sent != 1 || len(p.Errs) != 1 || len(p.Requests) < 1 || p.Requests[0].Name != "frontend-1" {
		t.Errorf("Pass: Sent %d, %d answers, requests %v; want the one delete sent and its answer", p.Sent, len(p.Errs), p.Requests)
	}
}

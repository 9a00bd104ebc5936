package wire_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// stamping is a scripted client whose writes that succeed answer
// resourceVersion 999, and which calls during (when set) with each
// request before answering it.
type stamping struct {
	scripted
	during func(n int, r wire.Request)
}

func (c *stamping) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if c.during != nil {
		c.during(len(c.sent), r)
	}
	if _, err := c.scripted.Do(ctx, r); err != nil || r.Verb == wire.VerbEvent {
		return wire.Written{}, err
	}
	return wire.Written{ResourceVersion: "999"}, nil
}

// errEtcd is a failure no request tolerates.
var errEtcd = &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}

// failDeletes answers every delete with errEtcd.
func failDeletes(_ int, r wire.Request) error {
	if r.Verb == wire.VerbDelete {
		return errEtcd
	}
	return nil
}

// resourceVersionOf is the first resourceVersion member of a body.
func resourceVersionOf(body []byte) string {
	return regexp.MustCompile(`"resourceVersion":"[^"]*"`).FindString(string(body))
}

// deleteOld is a plan that deletes the fixture's oldest RC (SPEC 3.7.5).
var deleteOld = dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}}}

// TestRunPassKeepsTheCallersFailures: the pass's failures go into its
// own Outcome, never into the array behind the caller's (planners and
// RunPass never modify their input; two passes from one snapshot would
// race on it).
func TestRunPassKeepsTheCallersFailures(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	backing := make([]dcplan.Failure, 1, 4)
	backing[0] = dcplan.Failure{Action: dcplan.ActionStatus, Name: "earlier"}
	s.Outcome.Failures = backing[:1]
	pass, err := wire.RunPass(t.Context(), &scripted{answer: failDeletes}, s, fixed(deleteOld))
	if err != nil {
		t.Fatal(err)
	}
	if len(pass.Snapshot.Outcome.Failures) != 2 {
		t.Fatalf("Outcome.Failures = %+v, want the earlier one and the delete's", pass.Snapshot.Outcome.Failures)
	}
	if got := backing[:2][1]; got != (dcplan.Failure{}) {
		t.Errorf("RunPass wrote into the caller's array: %+v", got)
	}
}

// TestRunPassRebasesAfterARePlan: a Rebase request that only the plan
// made after a failure holds still goes at the version the pass's own
// earlier write of the object left (else it meets Conflict), and
// Pass.Requests holds it as sent.
func TestRunPassRebasesAfterARePlan(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	first := dcplan.Plan{
		UpdateConfig: []dcplan.ConfigUpdate{{Rule: "3.11", Config: s.Config.Name, SetReplicas: true,
			ReplicasFrom: s.Config.Replicas, ReplicasTo: s.Config.Replicas + 1}},
		DeleteRCs: deleteOld.DeleteRCs,
	}
	second := first
	to := s.Config.Status.Clone()
	to.ObservedGeneration++
	second.Status = &dcplan.StatusUpdate{Rule: "3.11", Config: s.Config.Name, From: s.Config.Status, To: to}
	planner := func(s dcplan.Snapshot) dcplan.Plan {
		if len(s.Outcome.Failures) > 0 {
			return second
		}
		return first
	}
	c := &stamping{scripted: scripted{answer: failDeletes}}
	pass, err := wire.RunPass(t.Context(), c, s, planner)
	if err != nil {
		t.Fatal(err)
	}
	last := c.sent[len(c.sent)-1]
	if last.Subresource != wire.SubresourceStatus || !last.Rebase {
		t.Fatalf("last request sent: %s, want the DC status write", last)
	}
	if got := resourceVersionOf(last.Body); got != `"resourceVersion":"999"` {
		t.Errorf("the status write went with %s, want the update's answer, 999", got)
	}
	if got := pass.Requests[pass.Sent-1]; string(got.Body) != string(last.Body) {
		t.Errorf("Pass.Requests holds the status write with %s; it was sent with %s",
			resourceVersionOf(got.Body), resourceVersionOf(last.Body))
	}
}

// TestRunPassEndedContext: a context that ends while a request is in
// flight stops the pass before the next request it would send, with
// ctx's error; when there is none (the last request, or a failure the
// plan ends on), the pass is complete and RunPass answers as without the
// context. A failure met is in the returned Snapshot's Outcome either way.
func TestRunPassEndedContext(t *testing.T) {
	twoDeletes := dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}, {Rule: "3.7.5", RC: "frontend-2"}}}
	for _, tc := range []struct {
		name    string
		plan    dcplan.Plan
		answer  func(int, wire.Request) error
		wantErr error
		failed  int // failures in Outcome
	}{
		{name: "the last request succeeds", plan: deleteOld},
		{name: "the last request fails", plan: deleteOld, answer: failDeletes, failed: 1},
		{name: "a request is left", plan: twoDeletes, wantErr: context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			c := &stamping{scripted: scripted{answer: tc.answer}, during: func(int, wire.Request) { cancel() }}
			pass, err := wire.RunPass(ctx, c, fixtureWorld(t, dcplan.Modern), fixed(tc.plan))
			if !errors.Is(err, tc.wantErr) || tc.wantErr == nil && err != nil {
				t.Errorf("RunPass() error = %v, want %v", err, tc.wantErr)
			}
			if len(c.sent) != 1 || pass.Sent != 1 || len(pass.Errs) != 1 || len(pass.Snapshot.Outcome.Failures) != tc.failed {
				t.Errorf("sent %d, Sent %d, Errs %v, Outcome %+v; want 1 sent and %d failures in Outcome",
					len(c.sent), pass.Sent, pass.Errs, pass.Snapshot.Outcome.Failures, tc.failed)
			}
			if (pass.Failed() != nil) != (tc.failed > 0) {
				t.Errorf("Failed() = %v with %d failures", pass.Failed(), tc.failed)
			}
		})
	}
}

// TestRunPassBoundsRePlans: a planner that answers every failure with
// one more request stops after MaxReplans plans with ErrReplans, instead
// of sending for as long as the server fails.
func TestRunPassBoundsRePlans(t *testing.T) {
	// With an adoption the first plan waits for the recheck (SPEC
	// 3.3.2): the plan made with its answer is no plan after a failure,
	// and the pass sends as many requests before ErrReplans.
	for _, adopts := range []bool{false, true} {
		planner := func(s dcplan.Snapshot) dcplan.Plan {
			var p dcplan.Plan
			if adopts {
				p.Adopt = []dcplan.Adopt{{Rule: "3.3.2", RC: "frontend-1", RCUID: "u1", Config: s.Config.Name, ConfigUID: s.Config.UID}}
			}
			for range len(s.Outcome.Failures) + 1 - len(p.Adopt) {
				p.DeleteRCs = append(p.DeleteRCs, dcplan.DeleteRC{Rule: "3.7.5", RC: "frontend-1"})
			}
			return p
		}
		c := &scripted{answer: func(int, wire.Request) error { return errors.New("connection refused") }}
		pass, err := wire.RunPass(t.Context(), c, fixtureWorld(t, dcplan.Modern), planner)
		if !errors.Is(err, wire.ErrReplans) {
			t.Fatalf("adopts=%v: RunPass() error = %v, want ErrReplans", adopts, err)
		}
		if len(c.sent) != wire.MaxReplans+1 || pass.Sent != len(c.sent) {
			t.Errorf("adopts=%v: sent %d requests (Pass.Sent %d), want one per plan: %d", adopts, len(c.sent), pass.Sent, wire.MaxReplans+1)
		}
	}
}

// TestRunPassStopsBetweenAttempts: when ctx ends while a request meets
// Conflict, the pass sends no further attempt, returns ctx's error, and
// keeps the Conflict as that request's answer and failure (not a
// transport failure made up by the attempt that never went out).
func TestRunPassStopsBetweenAttempts(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	conflict := &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409, Message: "the object has been modified"}
	c := &scripted{answer: func(int, wire.Request) error {
		cancel() // ctx ends while the first attempt is answered
		return conflict
	}}
	scale := dcplan.Plan{Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", From: 0, To: 1}}}
	pass, err := wire.RunPass(ctx, c, fixtureWorld(t, dcplan.Modern), fixed(scale))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("RunPass() error = %v, want context.Canceled", err)
	}
	if len(c.sent) != 1 || pass.Sent != 1 {
		t.Fatalf("sent %d attempts (Pass.Sent %d), want 1", len(c.sent), pass.Sent)
	}
	if !errors.Is(pass.Errs[0], conflict) {
		t.Errorf("Errs[0] = %v, want the Conflict", pass.Errs[0])
	}
	if f := pass.Snapshot.Outcome.Failures; len(f) != 1 || f[0].Reason != dcplan.StatusConflict {
		t.Errorf("Outcome.Failures = %+v, want the scale's Conflict", f)
	}
}

// TestRunPassNamesTheFailedPrelude: when the adoption patch sent before
// a Reclaim scale fails, Failed names the patch, which was sent, not
// only the scale, which was not.
func TestRunPassNamesTheFailedPrelude(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	plan := dcplan.Plan{
		Adopt:  []dcplan.Adopt{{Rule: "3.3", RC: "frontend-1", RCUID: "u1", Config: s.Config.Name, ConfigUID: s.Config.UID}},
		Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", To: 1, Reclaim: true}},
	}
	s.Recheck = dcplan.Recheck{Done: true, UID: s.Config.UID}
	c := &scripted{answer: func(_ int, r wire.Request) error {
		if r.Verb == wire.VerbPatch {
			return &wire.StatusError{Reason: dcplan.StatusInternalError, Code: 500, Message: "patch failed"}
		}
		return nil
	}}
	pass, err := wire.RunPass(t.Context(), c, s, fixed(plan))
	if err != nil {
		t.Fatal(err)
	}
	failed := pass.Failed()
	if failed == nil || !strings.Contains(failed.Error(), "before it, PATCH /api/v1/namespaces/") {
		t.Fatalf("Failed() = %v, want it to name the PATCH sent before the scale", failed)
	}
	var se *wire.StatusError
	if !errors.As(failed, &se) || se.Message != "patch failed" {
		t.Errorf("Failed() = %v does not wrap the patch's StatusError", failed)
	}
}

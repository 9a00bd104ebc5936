package wire_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// errConflict is the answer to an update of an object that changed.
var errConflict = &wire.StatusError{Reason: dcplan.StatusConflict, Code: 409, Message: "the object has been modified"}

// TestRunPassRetriesOnlyConflicts: a request goes out again only while
// the answer is Conflict, and at most Attempts times in all (SPEC 13.1
// "Conflicts": upstream's retry.RetryOnConflict, 4 attempts, for the
// scale and cancel updates; the status write is tried once); any other
// failure ends it at once. Kills the mutants that retried every failure
// (send's `reasonOf(err) != Conflict` dropped) and that sent one
// attempt more (`attempt <= Attempts`).
func TestRunPassRetriesOnlyConflicts(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	scale := dcplan.Plan{Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", From: 1, To: 0}}}
	status := dcplan.Plan{Status: &dcplan.StatusUpdate{Rule: "3.9", Config: s.Config.Name, To: s.Config.Status}}
	tests := []struct {
		name   string
		plan   dcplan.Plan
		answer error
		sends  int
	}{
		{"a scale meeting Conflict every time", scale, errConflict, 4},
		{"a scale meeting InternalError", scale, errEtcd, 1},
		{"a scale meeting a transport error", scale, errors.New("connection reset"), 1},
		{"a status write meeting Conflict", status, errConflict, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &scripted{answer: func(int, wire.Request) error { return tt.answer }}
			pass, err := wire.RunPass(t.Context(), c, s, fixed(tt.plan))
			if err != nil {
				t.Fatal(err)
			}
			if len(c.sent) != tt.sends {
				t.Errorf("the request went out %d times, want %d", len(c.sent), tt.sends)
			}
			if f := pass.Snapshot.Outcome.Failures; len(f) != 1 || f[0].Message != tt.answer.Error() {
				t.Errorf("Outcome.Failures = %+v, want the one failure %q", f, tt.answer)
			}
		})
	}
}

// TestRunPassPlansAgainAfterTheWholeGroup: the failures of a group's
// requests do not stop one another; the pass plans again after the last
// request of the group, once, with every failure of the group in
// Snapshot.Outcome (SPEC 13: "try every pod, then report"), even when an
// event the plan places inside the group comes between two of them.
// Kills the mutant that looked at the very next request, event or not,
// to tell whether the group goes on (sendFrom's nextWrite as i+1), which
// planned again after the first failure and again after the second.
func TestRunPassPlansAgainAfterTheWholeGroup(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	plan := dcplan.Plan{
		DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "frontend-1"}, {Rule: "3.7.5", RC: "frontend-2"}},
		Events: []dcplan.Event{{Rule: "3.7.5", Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: s.Config.Namespace, Name: s.Config.Name},
			Type: dcplan.EventNormal, Reason: "Pruned", Message: "frontend-1", After: dcplan.ActionRef{Kind: dcplan.ActionDeleteRC, Index: 0}}},
	}
	var seen []int // the failures each plan saw
	planner := func(s dcplan.Snapshot) dcplan.Plan {
		seen = append(seen, len(s.Outcome.Failures))
		return plan
	}
	pass, err := wire.RunPass(t.Context(), &scripted{answer: failDeletes}, s, planner)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != 0 || seen[1] != 2 {
		t.Errorf("the plans saw %v failures, want [0 2]: one plan after the group, with both deletes' failures", seen)
	}
	var joined interface{ Unwrap() []error }
	if f := pass.Failed(); !errors.As(f, &joined) || len(joined.Unwrap()) != 2 {
		t.Errorf("Failed() = %v, want both deletes' failures", f)
	}
}

// TestRunPassMarksAFailedPrelude: when the adoption patch sent before a
// Reclaim scale fails, the failure in Snapshot.Outcome is the scale's,
// marked Prelude (SPEC 3.3.reclaim: the planner tells a failed re-claim
// from a failed update by it). Kills the mutant that left Prelude unset.
func TestRunPassMarksAFailedPrelude(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	plan := dcplan.Plan{
		Adopt:  []dcplan.Adopt{{Rule: "3.3", RC: "frontend-1", RCUID: "u1", Config: s.Config.Name, ConfigUID: s.Config.UID}},
		Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", To: 1, Reclaim: true}},
	}
	s.Recheck = dcplan.Recheck{Done: true, UID: s.Config.UID}
	c := &scripted{answer: func(n int, r wire.Request) error {
		if r.Verb == wire.VerbPatch && n > 0 { // the patch before the scale, not the adoption itself
			return errEtcd
		}
		return nil
	}}
	pass, err := wire.RunPass(t.Context(), c, s, fixed(plan))
	if err != nil {
		t.Fatal(err)
	}
	f := pass.Snapshot.Outcome.Failures
	if len(f) != 1 || f[0].Action != dcplan.ActionScale || f[0].Name != "frontend-1" || !f[0].Prelude || f[0].Reason != dcplan.StatusInternalError {
		t.Errorf("Outcome.Failures = %+v, want the scale of frontend-1 failed in its prelude (InternalError)", f)
	}

	// A failure of the update itself is no prelude.
	c = &scripted{answer: func(_ int, r wire.Request) error {
		if r.Verb == wire.VerbUpdate {
			return errEtcd
		}
		return nil
	}}
	if pass, err = wire.RunPass(t.Context(), c, s, fixed(plan)); err != nil {
		t.Fatal(err)
	}
	if f := pass.Snapshot.Outcome.Failures; len(f) != 1 || f[0].Prelude {
		t.Errorf("Outcome.Failures = %+v, want the scale's own failure, not marked Prelude", f)
	}
}

// createStamping answers a pod create with the creationTimestamp the
// server stamps.
type createStamping struct {
	scripted
	created time.Time
}

func (c *createStamping) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if _, err := c.scripted.Do(ctx, r); err != nil {
		return wire.Written{}, err
	}
	if r.Verb == wire.VerbCreate && r.Resource == wire.ResourcePods {
		return wire.Written{ResourceVersion: "5", Created: c.created}, nil
	}
	return wire.Written{}, nil
}

// TestRunPassWritesTheServersCreatedAt: the deployer's RC write after it
// created the deployer pod goes WithCreatedAt the creationTimestamp of
// the create's answer (SPEC 1.1, 4.3.new.4: upstream writes the pod it
// got back), not the planner's estimate, and Pass.Requests holds it as
// sent. Kills the mutant that sent every CreatedAtOf request as rendered.
func TestRunPassWritesTheServersCreatedAt(t *testing.T) {
	s := newWeb1(t, dcplan.Exact)
	stamp := time.Date(2026, 12, 3, 17, 7, 13, 0, time.UTC)
	c := &createStamping{created: stamp}
	pass, err := wire.RunPass(t.Context(), c, s, func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "web-1") })
	if err != nil {
		t.Fatal(err)
	}
	want := `"openshift.io/deployer-pod.created-at":"` + wire.FormatAnnotationTime(stamp) + `"`
	var rcWrites int
	for i, r := range c.sent {
		if r.Resource != wire.ResourceRCs {
			continue
		}
		rcWrites++
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("the RC write went with\n%s\nwant %s", r.Body, want)
		}
		if i < pass.Sent && string(pass.Requests[i].Body) != string(r.Body) {
			t.Errorf("Pass.Requests[%d] is not the RC write as sent", i)
		}
	}
	if rcWrites != 1 {
		t.Errorf("%d RC writes sent, want 1", rcWrites)
	}
}

// readsCounted is a scripted client that counts its reads.
type readsCounted struct {
	scripted
	gets []string
}

func (c *readsCounted) Get(_ context.Context, resource, _, name string) ([]byte, error) {
	c.gets = append(c.gets, resource+"/"+name)
	return nil, errors.New("readsCounted: no reads")
}

// TestRunPassReadsTheLiveRCOnlyAfterAlreadyExists: RunPass reads the RC
// a create failed to write only when the answer was AlreadyExists (SPEC
// 3.2.12); any other failure of the create (Forbidden: quota) reads
// nothing and leaves Outcome.Live and LiveErr empty. Kills the mutant
// that read the live RC after every failed create.
func TestRunPassReadsTheLiveRCOnlyAfterAlreadyExists(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	d := rc(t, &s, "frontend-3")
	d.Phase = dcplan.PhaseComplete
	s.Pods = nil
	s.Config.Status.LatestVersion = 4
	s, err := wire.Reencoded(s)
	if err != nil {
		t.Fatal(err)
	}
	forbidden := &wire.StatusError{Reason: dcplan.StatusForbidden, Code: 403, Message: `replicationcontrollers "frontend-4" is forbidden: exceeded quota`}
	c := &readsCounted{scripted: scripted{answer: func(_ int, r wire.Request) error {
		if r.Verb == wire.VerbCreate && r.Resource == wire.ResourceRCs {
			return forbidden
		}
		return nil
	}}}
	pass, err := wire.RunPass(t.Context(), c, s, reconcile.Config)
	if err != nil {
		t.Fatal(err)
	}
	if len(pass.Snapshot.Outcome.Failures) != 1 || pass.Snapshot.Outcome.Failures[0].Action != dcplan.ActionCreateRC {
		t.Fatalf("Outcome.Failures = %+v, want the create's", pass.Snapshot.Outcome.Failures)
	}
	if o := pass.Snapshot.Outcome; len(c.gets) != 0 || o.Live != nil || o.LiveErr != "" {
		t.Errorf("after a Forbidden create: reads %v, Outcome.Live %v, LiveErr %q; want no read and neither set", c.gets, o.Live, o.LiveErr)
	}
}

// dcReads answers every read with the DC it holds.
type dcReads struct {
	scripted
	dc []byte
}

func (c *dcReads) Get(context.Context, string, string, string) ([]byte, error) { return c.dc, nil }

// TestRunPassRecheckReadsTheDeletionTime: the adoption recheck (SPEC
// 3.3.2) reads the DC's uid and its metadata.deletionTimestamp into
// Snapshot.Recheck: a DC being deleted adopts nothing. Kills the mutant
// that left DeletionTime zero.
func TestRunPassRecheckReadsTheDeletionTime(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	var obj map[string]any
	if err := json.Unmarshal(s.Config.Raw, &obj); err != nil {
		t.Fatal(err)
	}
	obj["metadata"].(map[string]any)["deletionTimestamp"] = "2026-11-01T11:59:30Z"
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	plan := dcplan.Plan{Adopt: []dcplan.Adopt{{Rule: "3.3", RC: "frontend-1", RCUID: "u1", Config: s.Config.Name, ConfigUID: s.Config.UID}}}
	pass, err := wire.RunPass(t.Context(), &dcReads{dc: raw}, s, fixed(plan))
	if err != nil {
		t.Fatal(err)
	}
	want := time.Date(2026, 11, 1, 11, 59, 30, 0, time.UTC)
	if r := pass.Snapshot.Recheck; !r.Done || r.UID != s.Config.UID || !r.DeletionTime.Equal(want) || r.Err != "" {
		t.Errorf("Recheck = %+v, want done, uid %s, deletion time %s", r, s.Config.UID, want)
	}
}

// TestRunOperationKeepsTheServersError: an operation whose own error
// answers a failed request (oc rollout pause's `failed to patch: <err>`,
// SPEC 6m.7.5) keeps its text and also wraps the server's *StatusError
// (RunOperation). Kills the mutant that returned the operation's error
// alone.
func TestRunOperationKeepsTheServersError(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	c := &scripted{answer: func(int, wire.Request) error { return errConflict }}
	_, _, err := wire.RunOperation(t.Context(), c, s, func(s dcplan.Snapshot) (dcplan.Plan, struct{}, error) {
		p, err := reconcile.Pause(s)
		return p, struct{}{}, err
	})
	var se *wire.StatusError
	if err == nil || !strings.HasPrefix(err.Error(), "failed to patch: ") || !errors.As(err, &se) || se != errConflict {
		t.Errorf("RunOperation(Pause) error = %v, want `failed to patch: ...` wrapping the server's StatusError", err)
	}
}

// TestRunOperationReportsAFailureItsPlannerIgnores: an operation whose
// planner does not read Snapshot.Outcome (history.Undo) reports success;
// when a request of its pass failed, RunOperation's error is the pass's
// failure (Pass.Failed), so a command that reports success on a nil
// error reports a refused write as oc does. Kills the mutant that
// returned the operation's nil error.
func TestRunOperationReportsAFailureItsPlannerIgnores(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	d := rc(t, &s, "frontend-3")
	d.Phase = dcplan.PhaseComplete
	s.Pods = nil
	s, err := wire.Reencoded(s)
	if err != nil {
		t.Fatal(err)
	}
	c := &scripted{answer: func(int, wire.Request) error { return errEtcd }}
	pass, _, err := wire.RunOperation(t.Context(), c, s, func(s dcplan.Snapshot) (dcplan.Plan, string, error) {
		return history.Undo(s, 1, dcplan.DryRunNone)
	})
	if pass.Sent == 0 {
		t.Fatalf("the undo sent nothing (%v)", err)
	}
	var se *wire.StatusError
	if !errors.As(err, &se) || se != errEtcd || !strings.HasPrefix(err.Error(), "PUT /apis/apps.openshift.io/v1/namespaces/shop/deploymentconfigs/frontend: ") {
		t.Errorf("RunOperation(Undo) error = %v, want the failed PUT of the DC wrapping the server's StatusError", err)
	}
}

// eventsRefused is a scripted client whose event recorder fails.
type eventsRefused struct{ scripted }

func (c *eventsRefused) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if _, err := c.scripted.Do(ctx, r); err != nil {
		return wire.Written{}, err
	}
	if r.Verb == wire.VerbEvent {
		return wire.Written{}, errors.New("event recorder: queue full")
	}
	return wire.Written{}, nil
}

// TestRunPassEventsNeverFail: an event the client fails to record is no
// failure of the pass (RunPass: "events never fail"; upstream's
// recorder drops what it cannot send): the pass goes on to the next
// write and ends without a failure. Kills the mutant that counted an
// event's error as a failure.
func TestRunPassEventsNeverFail(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	plan := dcplan.Plan{
		Scales: []dcplan.Scale{{Rule: "3.6.3", RC: "frontend-1", From: 1, To: 0}},
		Status: &dcplan.StatusUpdate{Rule: "3.9", Config: s.Config.Name, To: s.Config.Status},
		Events: []dcplan.Event{{Rule: "3.6.3", Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: s.Config.Namespace, Name: s.Config.Name},
			Type: dcplan.EventNormal, Reason: "ReplicationControllerScaled", Message: "scaled", After: dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 0}}},
	}
	c := &eventsRefused{}
	pass, err := wire.RunPass(t.Context(), c, s, fixed(plan))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.sent) != 3 || pass.Sent != 3 || len(pass.Snapshot.Outcome.Failures) != 0 || pass.Failed() != nil {
		t.Errorf("sent %d (Sent %d), Outcome.Failures %+v, Failed() %v; want the scale, the event and the status sent, no failure",
			len(c.sent), pass.Sent, pass.Snapshot.Outcome.Failures, pass.Failed())
	}
}

// TestRunPassFailureCarriesTheServersText: a client may wrap the
// *StatusError it returns (fmt.Errorf("...: %w", err)); the failure in
// Snapshot.Outcome still carries the server's reason, code and text as
// the status says them, not the wrapper's words, since the next plan
// prints them as oc prints the server's message (SPEC 13: "the API
// status reason/code and text"). Kills the mutant that kept err.Error()
// as the message.
func TestRunPassFailureCarriesTheServersText(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	c := &scripted{answer: func(int, wire.Request) error { return fmt.Errorf("client: round trip: %w", errEtcd) }}
	pass, err := wire.RunPass(t.Context(), c, s, fixed(deleteOld))
	if err != nil {
		t.Fatal(err)
	}
	want := dcplan.Failure{Action: dcplan.ActionDeleteRC, Name: "frontend-1", Reason: errEtcd.Reason, Code: errEtcd.Code, Message: errEtcd.Message}
	if f := pass.Snapshot.Outcome.Failures; len(f) != 1 || f[0] != want {
		t.Errorf("Outcome.Failures = %+v, want %+v", f, want)
	}
}

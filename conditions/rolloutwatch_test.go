package conditions_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// Reference: kubectl (*RolloutStatusOptions).Validate, SPEC 6m.6.watch.1.
func TestStatusOptionsValidate(t *testing.T) {
	dc := []string{"dc/web"}
	tests := []struct {
		name     string
		why      string
		o        conditions.StatusOptions
		wantErr  error
		wantText string
	}{
		{"6m.6.watch.1: no resource", "no argument, no -f, no -k", conditions.StatusOptions{Namespace: "ns"}, conditions.ErrNoResource, "required resource not specified"},
		{"6m.6.watch.1: resource checked first", "both wrong: the resource error comes first", conditions.StatusOptions{Revision: -1}, conditions.ErrNoResource, "required resource not specified"},
		{"6m.6.watch.1: negative revision", "--revision=-1", conditions.StatusOptions{Resources: dc, Revision: -1}, conditions.ErrNegativeRevision, "revision must be a positive integer: -1"},
		{"6m.6.watch.1: filename is a resource", "-f counts", conditions.StatusOptions{Filenames: []string{"dc.yaml"}}, nil, ""},
		{"6m.6.watch.1: kustomize is a resource", "-k counts", conditions.StatusOptions{Kustomize: "overlay"}, nil, ""},
		{"6m.6.watch.1: revision 0", "0 is the latest", conditions.StatusOptions{Resources: dc}, nil, ""},
		{"6m.6.watch.1: positive revision", "checked against the DC later, by the viewer (6m.6.2)", conditions.StatusOptions{Resources: dc, Revision: 7}, nil, ""},
		{"6m.6.watch.5: negative timeout", "kubectl reads a negative --timeout as 0 and refuses nothing", conditions.StatusOptions{Resources: dc, Timeout: -1}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Validate() = %v, want errors.Is %v [%s]", err, tt.wantErr, tt.why)
			}
			got := ""
			if err != nil {
				got = err.Error()
			}
			if d := cmp.Diff(tt.wantText, got); d != "" {
				t.Errorf("Validate() text mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// step is a WatchStep as tests compare it: the error as its sentinel and
// text.
type step struct {
	Stdout  string
	Ended   bool
	Err     error // the sentinel
	ErrText string
}

// stepOf reads s as a step, failing t when s.Err wraps none of the
// sentinels.
func stepOf(t *testing.T, s conditions.WatchStep) step {
	t.Helper()
	out := step{Stdout: s.Stdout, Ended: s.Ended}
	if s.Err == nil {
		return out
	}
	out.ErrText = s.Err.Error()
	for _, sentinel := range []error{conditions.ErrRolloutFailed, conditions.ErrObjectDeleted, conditions.ErrUnexpectedEvent, conditions.ErrTimedOut} {
		if errors.Is(s.Err, sentinel) {
			out.Err = sentinel
			return out
		}
	}
	t.Fatalf("WatchStep.Err %v wraps no sentinel", s.Err)
	return out
}

// cmpSentinels compares sentinel errors by identity.
var cmpSentinels = cmp.Comparer(func(a, b error) bool { return a == b })

// watchDC returns DC "web" in the state the viewer reads as f makes it:
// latestVersion 3, generation observed, a ConfigChange trigger, counters
// satisfied.
func watchDC(f func(*dcplan.Config)) dcplan.Snapshot {
	c := config(3)
	c.Status.ObservedGeneration = c.Generation
	c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}
	c.Status.Replicas, c.Status.UpdatedReplicas, c.Status.AvailableReplicas = 3, 3, 3
	if f != nil {
		f(&c)
	}
	return snap(dcplan.Modern, c)
}

func withProgressing(r dcplan.ConditionReason, msg string) func(*dcplan.Config) {
	return func(c *dcplan.Config) {
		c.Status.Conditions = []dcplan.Condition{cond(dcplan.ConditionProgressing, dcplan.StatusTrue, r, msg, t0)}
	}
}

// Reference: kubectl (*RolloutStatusOptions).Run, the condition function
// of watchtools.UntilWithSync; SPEC 6m.6.watch.3-6m.6.watch.5.
func TestWatchStep(t *testing.T) {
	const (
		observedMsg = "Waiting for latest deployment config spec to be observed by the controller loop...\n"
		updatingMsg = "Waiting for rollout to finish: 1 out of 3 new replicas have been updated...\n"
		doneMsg     = "replication controller \"web-3\" successfully rolled out"
		failedMsg   = "replication controller \"web-3\" has failed progressing"
		pausedMsg   = "Deployment config \"web\" is paused. Resume to continue watching the status of the rollout.\n"
	)
	progress := watchDC(func(c *dcplan.Config) { c.Status.UpdatedReplicas, c.Status.AvailableReplicas = 1, 1 })
	done := watchDC(withProgressing(dcplan.ReasonNewReplicationControllerAvailable, doneMsg))
	failed := watchDC(withProgressing(dcplan.ReasonProgressDeadlineExceeded, failedMsg))
	paused := watchDC(func(c *dcplan.Config) { c.Paused = true })
	ev := func(typ conditions.WatchEventType, s dcplan.Snapshot) conditions.WatchEvent {
		return conditions.WatchEvent{Type: typ, Snapshot: s}
	}
	tests := []struct {
		name   string
		why    string
		o      conditions.StatusOptions
		events []conditions.WatchEvent
		want   []step
	}{
		{"6m.6.watch.3: added in progress", "the message is printed as is, the watch goes on",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchAdded, progress)},
			[]step{{Stdout: updatingMsg}}},
		{"6m.6.watch.3: modified in progress", "Modified is read as Added is",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchModified, progress), ev(conditions.WatchModified, progress)},
			[]step{{Stdout: updatingMsg}, {Stdout: updatingMsg}}},
		{"6m.6.watch.3: done", "done prints the message and ends the watch without error",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchAdded, progress), ev(conditions.WatchModified, done)},
			[]step{{Stdout: updatingMsg}, {Stdout: doneMsg + "\n", Ended: true}}},
		{"6m.6.watch.3: viewer error", "an error ends the watch and prints nothing on stdout",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchModified, failed)},
			[]step{{Ended: true, Err: conditions.ErrRolloutFailed, ErrText: failedMsg}}},
		{"6m.6.watch.3: viewer error with a newline", "the paused message keeps its newline as the error text (Modern, 13.2)",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchAdded, paused)},
			[]step{{Ended: true, Err: conditions.ErrRolloutFailed, ErrText: pausedMsg}}},
		{"6m.6.watch.3: revision mismatch", "--revision reaches the viewer (6m.6.2)",
			conditions.StatusOptions{Revision: 2}, []conditions.WatchEvent{ev(conditions.WatchAdded, progress)},
			[]step{{Ended: true, Err: conditions.ErrRolloutFailed, ErrText: "desired revision (2) is different from the running revision (3)"}}},
		{"6m.6.watch.3: no watch", "--watch=false ends after the first event though not done, without error",
			conditions.StatusOptions{NoWatch: true}, []conditions.WatchEvent{ev(conditions.WatchAdded, progress), ev(conditions.WatchModified, done)},
			[]step{{Stdout: updatingMsg, Ended: true}, {}}},
		{"6m.6.watch.3: no watch, done", "--watch=false on a done rollout",
			conditions.StatusOptions{NoWatch: true}, []conditions.WatchEvent{ev(conditions.WatchAdded, done)},
			[]step{{Stdout: doneMsg + "\n", Ended: true}}},
		{"6m.6.watch.3: no watch, error", "--watch=false does not hide a viewer error",
			conditions.StatusOptions{NoWatch: true}, []conditions.WatchEvent{ev(conditions.WatchAdded, failed)},
			[]step{{Ended: true, Err: conditions.ErrRolloutFailed, ErrText: failedMsg}}},
		{"6m.6.watch.4: deleted", "a deleted DC ends the watch, even one that was progressing",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchAdded, progress), ev(conditions.WatchDeleted, done)},
			[]step{{Stdout: updatingMsg}, {Ended: true, Err: conditions.ErrObjectDeleted, ErrText: "object has been deleted"}}},
		{"6m.6.watch.4: deleted first", "the viewer is not asked, even with --watch=false",
			conditions.StatusOptions{NoWatch: true}, []conditions.WatchEvent{{Type: conditions.WatchDeleted}},
			[]step{{Ended: true, Err: conditions.ErrObjectDeleted, ErrText: "object has been deleted"}}},
		{"6m.6.watch.4: bookmark", "an event type the loop has no case for, no object",
			conditions.StatusOptions{}, []conditions.WatchEvent{{Type: conditions.WatchOther, Wire: "BOOKMARK"}},
			[]step{{Ended: true, Err: conditions.ErrUnexpectedEvent, ErrText: `internal error: unexpected event watch.Event{Type:"BOOKMARK", Object:runtime.Object(nil)}`}}},
		{"6m.6.watch.4: error event", "the object as the caller printed it; the type quoted as %#v quotes it",
			conditions.StatusOptions{}, []conditions.WatchEvent{{Type: conditions.WatchOther, Wire: "ERR\"OR", Object: "(*v1.Status)(0xc000123450)"}},
			[]step{{Ended: true, Err: conditions.ErrUnexpectedEvent, ErrText: `internal error: unexpected event watch.Event{Type:"ERR\"OR", Object:(*v1.Status)(0xc000123450)}`}}},
		{"6m.6.watch.4: out of range", "a type beyond the enum is an other type",
			conditions.StatusOptions{}, []conditions.WatchEvent{{Type: conditions.WatchEventType(200)}},
			[]step{{Ended: true, Err: conditions.ErrUnexpectedEvent, ErrText: `internal error: unexpected event watch.Event{Type:"", Object:runtime.Object(nil)}`}}},
		{"6m.6.watch.5: timed out", "the timeout ends a watch that printed progress",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchAdded, progress), {Type: conditions.WatchTimedOut}},
			[]step{{Stdout: updatingMsg}, {Ended: true, Err: conditions.ErrTimedOut, ErrText: "timed out waiting for the condition"}}},
		{"6m.6.watch.5: timed out before any event", "a DC that no event shows (deleted after it was resolved)",
			conditions.StatusOptions{}, []conditions.WatchEvent{{Type: conditions.WatchTimedOut}},
			[]step{{Ended: true, Err: conditions.ErrTimedOut, ErrText: "timed out waiting for the condition"}}},
		{"6m.6.watch.2: ended ignores", "after the end nothing is read: not a done event, not a timeout",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchModified, done), ev(conditions.WatchModified, failed), {Type: conditions.WatchTimedOut}, {Type: conditions.WatchDeleted}},
			[]step{{Stdout: doneMsg + "\n", Ended: true}, {}, {}, {}}},
		{"6m.6.4: observed line", "a generation not yet observed keeps the watch going",
			conditions.StatusOptions{}, []conditions.WatchEvent{ev(conditions.WatchAdded, watchDC(func(c *dcplan.Config) { c.Generation++ }))},
			[]step{{Stdout: observedMsg}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := conditions.NewWatch(tt.o)
			var got []step
			for _, e := range tt.events {
				got = append(got, stepOf(t, w.Step(e)))
			}
			if d := cmp.Diff(tt.want, got, cmpSentinels); d != "" {
				t.Errorf("Step() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			last := tt.want[len(tt.want)-1]
			ended := false
			var err error
			for _, s := range tt.want {
				ended = ended || s.Ended
				if s.Ended {
					err = s.Err
				}
			}
			if w.Ended() != ended || !errors.Is(w.Err(), err) || (w.Err() == nil) != (err == nil) {
				t.Errorf("Ended(), Err() = %v, %v, want %v, %v (last step %+v) [%s]", w.Ended(), w.Err(), ended, err, last, tt.why)
			}
		})
	}
}

// Reference: kubectl (*RolloutStatusOptions).Run's end and
// cmdutil.CheckErr; SPEC 6m.6.watch.6, 6m "Error output".
func TestEndStatus(t *testing.T) {
	deleted := conditions.NewWatch(conditions.StatusOptions{})
	deleted.Step(conditions.WatchEvent{Type: conditions.WatchDeleted})
	paused := &dcplan.Refusal{Err: conditions.ErrRolloutFailed, Text: "Deployment config \"web\" is paused. Resume to continue watching the status of the rollout.\n"}
	server := &dcplan.Refusal{Err: errors.New("get failed"), Text: `deploymentconfigs.apps.openshift.io "api" not found`,
		Printed: `Error from server (NotFound): deploymentconfigs.apps.openshift.io "api" not found`,
		Listed:  `Error from server (NotFound): deploymentconfigs.apps.openshift.io "api" not found`}
	tests := []struct {
		name    string
		why     string
		ns      string
		objects int
		errs    []error
		want    conditions.StatusEnd
	}{
		{"6m.6.watch.6: nothing matched", "no object and no error: the line on stderr, exit 0",
			"shop", 0, nil, conditions.StatusEnd{Stderr: "No resources found in shop namespace.\n"}},
		{"6m.6.watch.6: every watch ended well", "done, or --watch=false",
			"shop", 2, []error{nil, nil}, conditions.StatusEnd{}},
		{"6m.6.watch.6: one error", "error: prefix, newline added, exit 1",
			"shop", 1, []error{deleted.Err()}, conditions.StatusEnd{Stderr: "error: object has been deleted\n", Code: 1}},
		{"6m.6.watch.6: one error among good watches", "an aggregate of one is unwrapped",
			"shop", 3, []error{nil, deleted.Err(), nil}, conditions.StatusEnd{Stderr: "error: object has been deleted\n", Code: 1}},
		{"6m.6.watch.6: one error ending in a newline", "no newline added (6m.6.3.4 paused)",
			"shop", 1, []error{paused}, conditions.StatusEnd{Stderr: "error: Deployment config \"web\" is paused. Resume to continue watching the status of the rollout.\n", Code: 1}},
		{"6m.6.watch.6: prefix not doubled", "an error text that starts with error: already",
			"shop", 1, []error{errors.New("error: boom")}, conditions.StatusEnd{Stderr: "error: boom\n", Code: 1}},
		{"6m.6.watch.6: server error alone", "a refusal's Printed, as the adapter got it",
			"shop", 0, []error{server}, conditions.StatusEnd{Stderr: "Error from server (NotFound): deploymentconfigs.apps.openshift.io \"api\" not found\n", Code: 1}},
		{"6m.6.watch.6: several errors", "one per line, no prefix; a text's own newline leaves a blank line",
			"shop", 3, []error{paused, nil, deleted.Err(), server},
			conditions.StatusEnd{Stderr: "Deployment config \"web\" is paused. Resume to continue watching the status of the rollout.\n\n" +
				"object has been deleted\n" +
				"Error from server (NotFound): deploymentconfigs.apps.openshift.io \"api\" not found\n", Code: 1}},
		{"6m.6.watch.6: errors and no object", "the adapter's errors, no No resources line",
			"shop", 0, []error{errors.New("a"), errors.New("b")}, conditions.StatusEnd{Stderr: "a\nb\n", Code: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, conditions.EndStatus(tt.ns, tt.objects, tt.errs)); d != "" {
				t.Errorf("EndStatus() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// transcriptDC returns DC "docker-plain-test" at the six looks of the
// SPEC's real-world transcript (SPEC 6m.6): waiting on its image, the new
// version not yet observed, then scaling up, then waiting for
// availability, a spec change the controller has not yet observed, and the
// rollout done.
func transcriptDC() []dcplan.Snapshot {
	base := dcplan.Config{
		Namespace: "test", Name: "docker-plain-test", UID: "uid", Generation: 1, Replicas: 1,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true},
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}, {Type: dcplan.TriggerImageChange, FromName: "docker-plain-test:latest"}},
		Status:   dcplan.ConfigStatus{ObservedGeneration: 1},
	}
	looks := []func(*dcplan.Config){
		func(*dcplan.Config) {},
		func(c *dcplan.Config) { c.Generation, c.Status.LatestVersion = 2, 1 },
		func(c *dcplan.Config) { c.Status.ObservedGeneration = 2 },
		func(c *dcplan.Config) { c.Status.Replicas, c.Status.UpdatedReplicas = 1, 1 },
		func(c *dcplan.Config) { c.Generation = 3 },
		func(c *dcplan.Config) {
			c.Status.ObservedGeneration, c.Status.AvailableReplicas = 3, 1
			c.Status.Conditions = []dcplan.Condition{cond(dcplan.ConditionProgressing, dcplan.StatusTrue,
				dcplan.ReasonNewReplicationControllerAvailable, `replication controller "docker-plain-test-1" successfully rolled out`, t0)}
		},
	}
	var out []dcplan.Snapshot
	c := base
	for _, f := range looks {
		f(&c)
		c.Status.Conditions = append([]dcplan.Condition(nil), c.Status.Conditions...)
		out = append(out, snap(dcplan.Exact, c))
	}
	return out
}

// The SPEC's real-world transcript of `oc rollout status dc/docker-plain-test`,
// replayed event by event: six lines on stdout, nothing on stderr, exit 0.
//
// Reference: SPEC 6m.6 "Real-world transcript".
func TestWatchTranscript(t *testing.T) {
	const want = `Deployment config "docker-plain-test" waiting on image update
Waiting for latest deployment config spec to be observed by the controller loop...
Waiting for rollout to finish: 0 out of 1 new replicas have been updated...
Waiting for rollout to finish: 0 of 1 updated replicas are available...
Waiting for latest deployment config spec to be observed by the controller loop...
replication controller "docker-plain-test-1" successfully rolled out
`
	o := conditions.StatusOptions{Resources: []string{"dc/docker-plain-test"}, Namespace: "test"}
	if err := o.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	w := conditions.NewWatch(o)
	var stdout strings.Builder
	looks := transcriptDC()
	for i, s := range looks {
		typ := conditions.WatchModified
		if i == 0 {
			typ = conditions.WatchAdded
		}
		st := w.Step(conditions.WatchEvent{Type: typ, Snapshot: s})
		stdout.WriteString(st.Stdout)
		if st.Ended != (i == len(looks)-1) {
			t.Fatalf("event %d: Ended = %v", i, st.Ended)
		}
	}
	if d := cmp.Diff(want, stdout.String()); d != "" {
		t.Errorf("stdout mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff(conditions.StatusEnd{}, conditions.EndStatus(o.Namespace, 1, []error{w.Err()})); d != "" {
		t.Errorf("EndStatus() mismatch (-want +got):\n%s", d)
	}
}

func TestWatchEventTypeString(t *testing.T) {
	tests := []struct {
		typ  conditions.WatchEventType
		want string
	}{
		{conditions.WatchOther, "other"},
		{conditions.WatchAdded, "ADDED"},
		{conditions.WatchModified, "MODIFIED"},
		{conditions.WatchDeleted, "DELETED"},
		{conditions.WatchTimedOut, "timed out"},
		{conditions.WatchEventType(9), "WatchEventType(9)"},
	}
	for _, tt := range tests {
		if got := tt.typ.String(); got != tt.want {
			t.Errorf("WatchEventType(%d).String() = %q, want %q", tt.typ, got, tt.want)
		}
	}
}

// TestEndStatusWrappedRefusal: kubectl prints a status error in its own
// words only when the error is one, not when something wraps it (its
// CheckErr asserts the type): an adapter's wrapped refusal prints as a
// plain error, its wrapper's words kept (SPEC 6m "Error output").
func TestEndStatusWrappedRefusal(t *testing.T) {
	nf := &dcplan.Refusal{Err: errors.New("get"), Text: `deploymentconfigs.apps.openshift.io "api" not found`,
		Printed: `Error from server (NotFound): deploymentconfigs.apps.openshift.io "api" not found`,
		Listed:  `Error from server (NotFound): deploymentconfigs.apps.openshift.io "api" not found`}
	wrapped := fmt.Errorf("dc/api: %w", nf)
	for _, tc := range []struct {
		errs []error
		want string
	}{
		{[]error{nf}, nf.Printed + "\n"},
		{[]error{wrapped}, "error: dc/api: deploymentconfigs.apps.openshift.io \"api\" not found\n"},
		{[]error{wrapped, errors.New("object has been deleted")}, "dc/api: deploymentconfigs.apps.openshift.io \"api\" not found\nobject has been deleted\n"},
	} {
		if got := conditions.EndStatus("shop", 1, tc.errs); got.Stderr != tc.want || got.Code != 1 {
			t.Errorf("EndStatus(%v) = %q (exit %d), want %q (exit 1)", tc.errs, got.Stderr, got.Code, tc.want)
		}
	}
}

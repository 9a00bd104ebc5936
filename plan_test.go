package dcplan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestPlanMergeMovesEventPlaces: an event of the second plan keeps its
// place among the writes (Event.After, SPEC 13.1: an event is recorded
// right after the write it names) when the plans are merged: its index
// moves past the first plan's actions of that kind, while an event at the
// start, at the end or after the status write (of which a merged plan has
// one, the first's) keeps its place.
func TestPlanMergeMovesEventPlaces(t *testing.T) {
	ev := func(reason string, after dcplan.ActionRef) dcplan.Event {
		return dcplan.Event{Reason: reason, After: after}
	}
	p := dcplan.Plan{Scales: []dcplan.Scale{{RC: "a"}, {RC: "b"}}, Status: &dcplan.StatusUpdate{Config: "web"},
		Events: []dcplan.Event{ev("p", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 1})}}
	q := dcplan.Plan{Scales: []dcplan.Scale{{RC: "c"}}, Status: &dcplan.StatusUpdate{Config: "web"},
		Events: []dcplan.Event{
			ev("scaled", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 0}),
			ev("status", dcplan.ActionRef{Kind: dcplan.ActionStatus}),
			ev("start", dcplan.AtStart()),
			ev("end", dcplan.ActionRef{}),
		}}
	want := []dcplan.Event{
		ev("p", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 1}),
		ev("scaled", dcplan.ActionRef{Kind: dcplan.ActionScale, Index: 2}),
		ev("status", dcplan.ActionRef{Kind: dcplan.ActionStatus}),
		ev("start", dcplan.AtStart()),
		ev("end", dcplan.ActionRef{}),
	}
	if d := cmp.Diff(want, p.Merge(q).Events); d != "" {
		t.Errorf("Merge() events mismatch (-want +got):\n%s", d)
	}
}

// TestPlanMergeKeepsFirstOutcome: the outcome fields come from the first
// plan when it has one, a message without a wait reason included (SPEC
// 1.7: the text upstream's handler returned), else from the second.
func TestPlanMergeKeepsFirstOutcome(t *testing.T) {
	p := dcplan.Plan{Message: "first", Error: dcplan.ErrorRetry}
	q := dcplan.Plan{Wait: dcplan.WaitDeployer, Message: "second", Error: dcplan.ErrorActionable}
	got := p.Merge(q)
	if got.Wait != dcplan.WaitNone || got.Message != "first" || got.Error != dcplan.ErrorRetry {
		t.Errorf("Merge() outcome = %v %q %v, want the first plan's: none \"first\" retry", got.Wait, got.Message, got.Error)
	}
	got = dcplan.Plan{}.Merge(q)
	if got.Wait != dcplan.WaitDeployer || got.Message != "second" || got.Error != dcplan.ErrorActionable {
		t.Errorf("Merge() of a plan without outcome = %v %q %v, want the second plan's", got.Wait, got.Message, got.Error)
	}
}

// TestPlanCountsEveryKind: a plan holding one action of one kind only is
// counted by Actions and Counts, has writes unless the action is an event,
// is not empty, and survives Merge, for every kind (the instantiate
// request of oc rollout latest, SPEC 6m.3, included).
func TestPlanCountsEveryKind(t *testing.T) {
	tests := []struct {
		kind dcplan.ActionKind
		plan dcplan.Plan
	}{
		{dcplan.ActionAdopt, dcplan.Plan{Adopt: []dcplan.Adopt{{RC: "x"}}}},
		{dcplan.ActionRelease, dcplan.Plan{Release: []dcplan.Release{{RC: "x"}}}},
		{dcplan.ActionInstantiate, dcplan.Plan{Instantiate: []dcplan.Instantiate{{Config: "web"}}}},
		{dcplan.ActionUpdateConfig, dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web"}}}},
		{dcplan.ActionCreatePod, dcplan.Plan{CreatePods: []dcplan.CreatePod{{}}}},
		{dcplan.ActionSetPodOwner, dcplan.Plan{SetPodOwners: []dcplan.SetPodOwner{{Pod: "x"}}}},
		{dcplan.ActionSetPodDeadline, dcplan.Plan{SetPodDeadlines: []dcplan.SetPodDeadline{{Pod: "x"}}}},
		{dcplan.ActionDeletePod, dcplan.Plan{DeletePods: []dcplan.DeletePod{{Pod: "x"}}}},
		{dcplan.ActionCreateRC, dcplan.Plan{CreateRCs: []dcplan.CreateRC{{}}}},
		{dcplan.ActionCancel, dcplan.Plan{Cancels: []dcplan.Cancel{{RC: "x"}}}},
		{dcplan.ActionScale, dcplan.Plan{Scales: []dcplan.Scale{{RC: "x"}}}},
		{dcplan.ActionTransition, dcplan.Plan{Transitions: []dcplan.Transition{{RC: "x"}}}},
		{dcplan.ActionDeleteRC, dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "x"}}}},
		{dcplan.ActionStatus, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "web"}}},
	}
	for _, tt := range tests {
		t.Run(tt.kind.String(), func(t *testing.T) {
			if n := tt.plan.Actions(); n != 1 {
				t.Errorf("Actions() = %d, want 1", n)
			}
			var want [dcplan.NumActionKinds]int
			want[tt.kind] = 1
			if got := tt.plan.Counts(); got != want {
				t.Errorf("Counts() = %v, want %v", got, want)
			}
			if !tt.plan.HasWrites() || tt.plan.IsEmpty() {
				t.Errorf("HasWrites() = %v, IsEmpty() = %v; want true, false", tt.plan.HasWrites(), tt.plan.IsEmpty())
			}
			if d := cmp.Diff(tt.plan, dcplan.Plan{}.Merge(tt.plan)); d != "" {
				t.Errorf("Merge() into the empty plan lost the action (-want +got):\n%s", d)
			}
		})
	}
}

package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// orphaned is d without a controller reference (an RC left by
// --cascade=orphan, SPEC 3.3).
func orphaned(d dcplan.Deployment) dcplan.Deployment {
	d.HasController, d.Controller = false, dcplan.OwnerRef{}
	return d
}

// foreign is d controlled by another DC of the same name (the one a
// deleted DC left behind, SPEC 3.3).
func foreign(d dcplan.Deployment) dcplan.Deployment {
	d.Controller.UID = "uid-old-web"
	return d
}

// TestInvariantsJudgeTheClaimedRCs holds that the invariants judge the
// RCs the DC's controller takes for its own, as SPEC 3.3 claims them: an
// orphan carrying the DC's label is the DC's (it is adopted), an RC
// another DC controls is not (ignored entirely); and the seed-era
// controller (ByLabel, SPEC 7 row 2, 3.11) takes every RC its label
// selects, whoever controls it.
func TestInvariantsJudgeTheClaimedRCs(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	byLabel := func(c fake.ConfigState) fake.ConfigState {
		c.ByLabel = true
		return c
	}
	tests := []struct {
		name    string
		why     string
		c       fake.ConfigState
		wantErr string
	}{
		{name: "3.3 orphan in flight", why: "the orphan web-2 is adopted: two rollouts", c: state(c3, orphaned(rcOf(t, c3, 2, Running, 0)), rcOf(t, c3, 3, New, 0)),
			wantErr: "2 rollouts in flight: web-2, web-3"},
		{name: "3.3 another DC's RC", why: "web-2 is the old DC's: not ours, not counted", c: state(c3, foreign(rcOf(t, c3, 2, Running, 0)), rcOf(t, c3, 3, New, 0))},
		{name: "7#2 seed takes by label", why: "the seed controller takes the old DC's web-2 by its label: two rollouts", c: byLabel(state(c3, foreign(rcOf(t, c3, 2, Running, 0)), rcOf(t, c3, 3, New, 0))),
			wantErr: "2 rollouts in flight: web-2, web-3"},
		{name: "3.3 another DC's label", why: "an RC labelled for another DC is no RC of this one, even by label", c: byLabel(state(c3, func() dcplan.Deployment {
			d := rcOf(t, c3, 2, Running, 0)
			d.ConfigLabel = "api"
			return d
		}(), rcOf(t, c3, 3, New, 0)))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, fake.OneRolloutInFlight(tt.c), tt.wantErr, tt.why)
		})
	}
}

// TestChecksJudgeBySettings holds that CheckState and CheckTransition
// judge with the claim of the settings they are given (WithSettings):
// under a seed-era preset every world they judge — the DC's at a step,
// a pass's world after it, and the live world before each write — takes
// the RCs by label (SPEC 7 row 2), so the old DC's RCs count; under
// Modern they do not (SPEC 3.3).
func TestChecksJudgeBySettings(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	// The old DC's web-2 runs beside the new web-3.
	twoRunning := state(c3, foreign(rcOf(t, c3, 2, Running, 0)), rcOf(t, c3, 3, New, 0))
	// web-4 created while the old DC's web-3 runs.
	created := rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0))
	beside := state(dc(t, 4, "app:1"), rcOf(t, c3, 2, Complete, 1), foreign(rcOf(t, c3, 3, Running, 0)))
	create := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: beside, After: beside,
		Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-4"}, After: created, Live: beside}}}
	// A reconciling pass that leaves the old DC's web-1 scaled up.
	after := state(c3, foreign(rcOf(t, c3, 1, Complete, 1)), rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Failed, 0))
	status := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"}, Live: after}
	reconciled := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: after, After: after, Writes: []fake.LiveWrite{status}}
	tests := []struct {
		name  string
		why   string
		judge func(dcplan.Settings) error
		want  string
	}{
		{name: "3.2.8 state", why: "CheckState: two rollouts once web-2 is taken by label",
			judge: func(st dcplan.Settings) error { return fake.CheckState(twoRunning, false, st) },
			want:  "OneRolloutInFlight (SPEC 3.2.8): 2 rollouts in flight: web-2, web-3"},
		{name: "3.4 live world of a write", why: "CheckTransition: the create is judged on the live world taken by label",
			judge: func(st dcplan.Settings) error { return fake.CheckTransition(create, st) },
			want:  "NoCreateWhileInFlight (SPEC 3.4): created rc/web-4 while rc/web-3 was Running"},
		{name: "3.6 world after a pass", why: "CheckTransition: the seed reconcile scales every RC it takes but the active one to 0",
			judge: func(st dcplan.Settings) error { return fake.CheckTransition(reconciled, st) },
			want:  "ReplicasAfterReconcile (SPEC 3.6): after reconcile rc web-1 (Complete) has 1 replicas, want 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(dcplan.Origin15.Settings()), tt.want, tt.why)
			name, _, _ := strings.Cut(tt.want, " ")
			if err := tt.judge(dcplan.Modern.Settings()); err != nil && strings.Contains(err.Error(), name) {
				t.Errorf("Modern: %v, want no %s failure: the old DC's RC is not ours (SPEC 3.3)", err, name)
			}
		})
	}
}

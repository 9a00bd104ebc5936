package dcplan_test

import (
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// noDCSnapshots are valid snapshots (Validate says nil) that hold no DC:
// the zero Snapshot, and a deployer's snapshot of a Failed RC.
func noDCSnapshots() map[string]dcplan.Snapshot {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	return map[string]dcplan.Snapshot{
		"zero": {},
		"rcs only": {Now: now, Deployments: []dcplan.Deployment{
			{Namespace: "ns", Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, ConfigLabel: "web"},
			{Namespace: "ns", Name: "web-2", Version: 2, Phase: dcplan.PhaseFailed, ConfigLabel: "web"},
		}},
	}
}

// TestPlannersOfADCNeedADC: a snapshot without a DC is valid for the
// deployer (Validate) and invalid for every planner of a DC
// (ValidateConfig: a *FieldError naming metadata.name, wrapping
// ErrInvalidSnapshot), each of which answers an empty plan (and, with an
// error, that one). Before issue 35 item 17, reconcile.Config planned
// `status dc/`, Pause `update-dc dc/` and RolloutLatest `instantiate dc/`.
func TestPlannersOfADCNeedADC(t *testing.T) {
	type result struct {
		plan dcplan.Plan
		err  error
	}
	planners := []struct {
		name  string
		plan  func(dcplan.Snapshot) result
		noErr bool // the planner returns no error, only the empty plan
	}{
		{name: "reconcile.Config", plan: func(s dcplan.Snapshot) result { return result{plan: reconcile.Config(s)} }, noErr: true},
		{name: "reconcile.Pause", plan: func(s dcplan.Snapshot) result { p, err := reconcile.Pause(s); return result{p, err} }},
		{name: "reconcile.Resume", plan: func(s dcplan.Snapshot) result { p, err := reconcile.Resume(s); return result{p, err} }},
		{name: "reconcile.Instantiate", plan: func(s dcplan.Snapshot) result { p, err := reconcile.Instantiate(s, true, false); return result{p, err} }},
		{name: "reconcile.RolloutLatest", plan: func(s dcplan.Snapshot) result {
			p, _, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
			return result{p, err}
		}},
		{name: "reconcile.DeployLatest", plan: func(s dcplan.Snapshot) result { p, _, err := reconcile.DeployLatest(s); return result{p, err} }},
		{name: "cancel.Cancel", plan: func(s dcplan.Snapshot) result { p, _, err := cancel.Cancel(s); return result{p, err} }},
		{name: "cancel.Retry", plan: func(s dcplan.Snapshot) result { p, _, err := cancel.Retry(s); return result{p, err} }},
		{name: "history.Rollback", plan: func(s dcplan.Snapshot) result {
			p, _, _, err := history.Rollback(s, 1, history.RollbackOptions{})
			return result{p, err}
		}},
		{name: "history.Undo", plan: func(s dcplan.Snapshot) result {
			p, _, err := history.Undo(s, 1, dcplan.DryRunNone)
			return result{p, err}
		}},
		{name: "history.View", plan: func(s dcplan.Snapshot) result { _, err := history.View(s, 1); return result{err: err} }},
	}
	for sname, s := range noDCSnapshots() {
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: Validate() = %v; the deployer's snapshot holds no DC and is valid", sname, err)
		}
		err := s.ValidateConfig()
		var fe *dcplan.FieldError
		if !errors.Is(err, dcplan.ErrInvalidSnapshot) || !errors.As(err, &fe) || fe.Field != "metadata.name" {
			t.Errorf("%s: ValidateConfig() = %v, want a *FieldError for metadata.name wrapping ErrInvalidSnapshot", sname, err)
		}
		for _, pl := range planners {
			got := pl.plan(s)
			if !got.plan.IsEmpty() {
				t.Errorf("%s(%s) planned for no DC:\n%s", pl.name, sname, dcplan.Describe(got.plan))
			}
			if !pl.noErr && !errors.Is(got.err, dcplan.ErrInvalidSnapshot) {
				t.Errorf("%s(%s) error = %v, want one wrapping dcplan.ErrInvalidSnapshot", pl.name, sname, got.err)
			}
		}
		if revs := history.List(s); revs != nil {
			t.Errorf("history.List(%s) = %v, want nil", sname, revs)
		}
		// reconcile.All with no DC is the deployer's pass alone.
		if d, want := dcplan.Describe(reconcile.All(s)), dcplan.Describe(phase.StepAll(s)); d != want {
			t.Errorf("reconcile.All(%s) =\n%s\nwant the deployer's pass alone:\n%s", sname, d, want)
		}
	}
}

// TestRequestsNeedTheDC: wire.Requests refuses a plan that writes a DC
// the snapshot does not hold (no DC at all, or another name) with a
// *FieldError wrapping ErrInvalidSnapshot; before issue 35 item 17 a
// status update for no DC rendered as `update deploymentconfigs/status /`.
func TestRequestsNeedTheDC(t *testing.T) {
	withDC := dcplan.Snapshot{Config: dcplan.Config{Namespace: "ns", Name: "web"}}
	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		p    dcplan.Plan
	}{
		{"status, no DC", "the zero snapshot holds no DC to write the status of", dcplan.Snapshot{},
			dcplan.Plan{Status: &dcplan.StatusUpdate{}}},
		{"update, no DC", "a pause of no DC", dcplan.Snapshot{},
			dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{SetPaused: true, PausedTo: true, Patch: true}}}},
		{"instantiate, no DC", "an instantiate of no DC", dcplan.Snapshot{},
			dcplan.Plan{Instantiate: []dcplan.Instantiate{{Latest: true}}}},
		{"status, other DC", "the plan names a DC the snapshot does not hold", withDC,
			dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "api"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reqs, err := wire.Requests(tt.s, tt.p)
			var fe *dcplan.FieldError
			if !errors.Is(err, dcplan.ErrInvalidSnapshot) || !errors.As(err, &fe) || fe.Kind != "DeploymentConfig" {
				t.Errorf("Requests() = %v, %v; want a DeploymentConfig *FieldError wrapping ErrInvalidSnapshot (%s)", reqs, err, tt.why)
			}
		})
	}
	// The snapshot's own DC renders.
	if _, err := wire.Requests(withDC, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "web"}}); err != nil {
		t.Errorf("Requests() for the snapshot's DC: %v", err)
	}
}

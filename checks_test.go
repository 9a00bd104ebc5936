package dcplan_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestChecks pins the precondition of every write an adapter checks before
// applying an action: nil when the object is as planned, ErrNoop when the
// effect is already there, else an error wrapping ErrConflict whose text
// says what changed.
func TestChecks(t *testing.T) {
	rc := func(edit func(*dcplan.Deployment)) *dcplan.Deployment {
		d := &dcplan.Deployment{Name: "web-2", UID: "rc-uid", Version: 2, Phase: dcplan.PhaseRunning, Replicas: 3}
		if edit != nil {
			edit(d)
		}
		return d
	}
	owned := func(d *dcplan.Deployment) { d.HasController, d.Controller.UID = true, "dc-uid" }
	cfg := &dcplan.Config{Name: "web", Replicas: 3, Template: dcplan.Template{Hash: "h1"},
		Status: dcplan.ConfigStatus{LatestVersion: 2, Conditions: []dcplan.Condition{{Type: dcplan.ConditionAvailable}}}}
	pod := &dcplan.Pod{Name: "web-2-deploy", Owners: []dcplan.OwnerRef{{UID: "rc-uid"}}, ActiveDeadlineSeconds: 21600, HasActiveDeadline: true}
	tests := []struct {
		name  string
		check func() error
		want  error  // nil, ErrNoop or ErrConflict
		text  string // the whole error text, when want is ErrConflict
	}{
		{"adopt", func() error { return dcplan.Adopt{RCUID: "rc-uid"}.Check(rc(nil)) }, nil, ""},
		{"adopt other uid", func() error { return dcplan.Adopt{RCUID: "old"}.Check(rc(nil)) }, dcplan.ErrConflict, "uid rc-uid is not old: dcplan: conflict"},
		{"adopt owned", func() error { return dcplan.Adopt{RCUID: "rc-uid"}.Check(rc(owned)) }, dcplan.ErrConflict, "already has a controller: dcplan: conflict"},
		{"release", func() error { return dcplan.Release{RCUID: "rc-uid", ConfigUID: "dc-uid"}.Check(rc(owned)) }, nil, ""},
		{"release orphan", func() error { return dcplan.Release{RCUID: "rc-uid", ConfigUID: "dc-uid"}.Check(rc(nil)) }, dcplan.ErrNoop, ""},
		{"release other uid", func() error { return dcplan.Release{RCUID: "old", ConfigUID: "dc-uid"}.Check(rc(owned)) }, dcplan.ErrConflict, "uid rc-uid is not old: dcplan: conflict"},
		{"config", func() error {
			return dcplan.ConfigUpdate{SetReplicas: true, ReplicasFrom: 3, SetTemplate: true, TemplateFrom: "h1"}.Check(cfg)
		}, nil, ""},
		{"config replicas", func() error { return dcplan.ConfigUpdate{SetReplicas: true, ReplicasFrom: 2}.Check(cfg) }, dcplan.ErrConflict, "replicas are 3, not 2: dcplan: conflict"},
		{"config paused", func() error { return dcplan.ConfigUpdate{SetPaused: true, PausedFrom: true}.Check(cfg) }, dcplan.ErrConflict, "paused is false, not true: dcplan: conflict"},
		{"config template", func() error { return dcplan.ConfigUpdate{SetTemplate: true, TemplateFrom: "h0"}.Check(cfg) }, dcplan.ErrConflict, "template changed: dcplan: conflict"},
		{"owner there", func() error { return dcplan.SetPodOwner{RCUID: "rc-uid"}.Check(pod) }, dcplan.ErrNoop, ""},
		{"owner missing", func() error { return dcplan.SetPodOwner{RCUID: "other"}.Check(pod) }, nil, ""},
		{"deadline", func() error { return dcplan.SetPodDeadline{HadDeadline: true, From: 21600}.Check(pod) }, nil, ""},
		{"deadline changed", func() error { return dcplan.SetPodDeadline{HadDeadline: true, From: 1}.Check(pod) }, dcplan.ErrConflict, "deadline changed: dcplan: conflict"},
		{"cancel", func() error { return dcplan.Cancel{Phase: dcplan.PhaseRunning}.Check(rc(nil)) }, nil, ""},
		{"cancel moved", func() error { return dcplan.Cancel{Phase: dcplan.PhasePending}.Check(rc(nil)) }, dcplan.ErrConflict, "phase is Running, not Pending: dcplan: conflict"},
		{"cancel twice", func() error {
			return dcplan.Cancel{Phase: dcplan.PhaseRunning}.Check(rc(func(d *dcplan.Deployment) { d.Cancelled = true }))
		}, dcplan.ErrConflict, "already cancelled: dcplan: conflict"},
		{"scale", func() error { return dcplan.Scale{From: 3}.Check(rc(nil)) }, nil, ""},
		{"scale moved", func() error { return dcplan.Scale{From: 1}.Check(rc(nil)) }, dcplan.ErrConflict, "replicas are 3, not 1: dcplan: conflict"},
		{"transition", func() error { return dcplan.Transition{From: dcplan.PhaseRunning}.Check(rc(nil)) }, nil, ""},
		{"transition unknown", func() error {
			return dcplan.Transition{From: dcplan.PhaseRunning}.Check(rc(func(d *dcplan.Deployment) { d.Phase = dcplan.PhaseUnknown }))
		}, dcplan.ErrConflict, `phase is "", not Running: dcplan: conflict`},
		{"transition to zero", func() error {
			return dcplan.Transition{From: dcplan.PhaseRunning, ScaleToZero: true, ReplicasFrom: 2}.Check(rc(nil))
		}, dcplan.ErrConflict, "replicas are 3, not 2: dcplan: conflict"},
		{"delete", func() error { return dcplan.DeleteRC{Replicas: 3}.Check(rc(nil)) }, nil, ""},
		{"delete scaled up", func() error { return dcplan.DeleteRC{Replicas: 0}.Check(rc(nil)) }, dcplan.ErrConflict, "replicas are 3, not 0: dcplan: conflict"},
		{"status", func() error { return dcplan.StatusUpdate{From: cfg.Status.Clone()}.Check(cfg) }, nil, ""},
		{"status changed", func() error { return dcplan.StatusUpdate{From: dcplan.ConfigStatus{LatestVersion: 2}}.Check(cfg) }, dcplan.ErrConflict, "status changed: dcplan: conflict"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.check()
			switch {
			case tt.want == nil && err != nil:
				t.Fatalf("Check() = %v, want nil", err)
			case tt.want != nil && !errors.Is(err, tt.want):
				t.Fatalf("Check() = %v, want an error wrapping %v", err, tt.want)
			case tt.text != "" && err.Error() != tt.text:
				t.Fatalf("Check() = %q, want %q", err.Error(), tt.text)
			}
		})
	}
}

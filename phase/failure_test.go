package phase_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// Reference: deployer_controller.go handleErr (actionable errors)
func TestCreateFailed(t *testing.T) {
	rcEvent := func(reason, msg string) dcplan.Event {
		return dcplan.Event{Rule: "4.3.new.4", Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "ns", Name: "web"}, Type: dcplan.EventWarning, Reason: reason, Message: msg}
	}
	tests := []struct {
		name     string
		why      string
		rcs      []dcplan.Deployment
		rc       string
		requeues int
		want     dcplan.Plan
	}{
		{
			name: "retry", why: "1.7: an actionable error is retried while requeues < 15",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseNew)}, rc: "web-1",
			want: dcplan.Plan{
				Events: []dcplan.Event{rcEvent("FailedCreate", "Error creating deployer pod: quota")},
				Wait:   dcplan.WaitRetry, Message: `couldn't create deployer pod for "ns/web-1": quota`,
			},
		},
		{
			name: "encoded-config-without-namespace", why: "1.6: the event goes to the encoded DC, in the RC's namespace when it names none",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseNew, func(d *dcplan.Deployment) { d.Encoded.Namespace = "" })}, rc: "web-1",
			want: dcplan.Plan{
				Events: []dcplan.Event{rcEvent("FailedCreate", "Error creating deployer pod: quota")},
				Wait:   dcplan.WaitRetry, Message: `couldn't create deployer pod for "ns/web-1": quota`,
			},
		},
		{
			name: "unknown-rc", why: "nothing to report about an RC that is not there",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseNew)}, rc: "web-2",
			want: dcplan.Plan{},
		},
		{
			name: "invalid", why: "an invalid snapshot gives an empty plan",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseNew, replicas(-2))}, rc: "web-1",
			want: dcplan.Plan{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(dcplan.Modern, tt.rcs)
			s.Requeues = tt.requeues
			if d := cmp.Diff(tt.want, phase.CreateFailed(s, tt.rc, "quota")); d != "" {
				t.Errorf("CreateFailed() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
			if tt.want.IsEmpty() {
				if d := cmp.Diff(dcplan.Plan{}, phase.UpdateFailed(s, tt.rc, dcplan.PhaseFailed, "conflict")); d != "" {
					t.Errorf("UpdateFailed() mismatch (-want +got):\n%s", d)
				}
				if d := cmp.Diff(dcplan.Plan{}, phase.CleanupFailed(s, tt.rc)); d != "" {
					t.Errorf("CleanupFailed() mismatch (-want +got):\n%s", d)
				}
			}
		})
	}
}

// Reference: deployer_controller.go handle (RC update failure, a plain error)
func TestUpdateFailed(t *testing.T) {
	tests := []struct {
		name     string
		why      string
		requeues int
		want     dcplan.Plan
	}{
		{
			name: "retry", why: "1.7: a failed RC update is a plain error, retried",
			want: dcplan.Plan{Wait: dcplan.WaitRetry, Message: `couldn't update rollout status for "ns/web-1" to Complete: the object has been modified`},
		},
		{
			name: "dropped", why: "1.7: plain errors are dropped at 15 requeues without FailedRetry",
			requeues: 15,
			want:     dcplan.Plan{Wait: dcplan.WaitRetry, Message: `couldn't update rollout status for "ns/web-1" to Complete: the object has been modified`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)})
			s.Requeues = tt.requeues
			got := phase.UpdateFailed(s, "web-1", dcplan.PhaseComplete, "the object has been modified")
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("UpdateFailed() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

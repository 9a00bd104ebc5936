package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// Reference: deploymentconfig_controller.go cancelRunningRollouts,
// reconcileDeployments, Handle (Eventf on write errors)
func TestOnFailure(t *testing.T) {
	cfg := config(3)
	paused := cfg
	paused.Paused = true
	modern := snapshot(cfg)
	origin := withPreset(modern, dcplan.Origin13) // DeploymentScaledEvents and the seed controller
	cancel := dcplan.Cancel{Rule: "3.4.3", RC: "web-2", Version: 2, Phase: dcplan.PhaseRunning, Reason: dcplan.ReasonCancelledByNewer}
	scale := dcplan.Scale{Rule: "3.6.3", RC: "web-1", Version: 1, From: 3, To: 0}
	del := dcplan.DeleteRC{Rule: "3.7.5", RC: "web-1", Version: 1}
	const boom = "Operation cannot be fulfilled: the object has been modified"
	tests := []struct {
		name   string
		why    string
		s      dcplan.Snapshot
		p      dcplan.Plan
		action any
		want   shape
	}{{
		name: "cancel", why: "3.4.3: warning and immediate return", s: modern, action: cancel,
		want: shape{Events: []string{ev(warning, "DeploymentCancellationFailed", `Failed to cancel deployment "web-2" superceded by version 3: `+boom, "3.4.3")},
			Wait: dcplan.WaitRetry, Message: boom},
	}, {
		name: "cancel, Origin", why: "7 row 6: the seed warned and went on", s: origin, action: cancel,
		want: shape{Events: []string{ev(warning, "DeploymentCancellationFailed", `Failed to cancel deployment "web-2" superceded by version 3: `+boom, "3.4.3")}},
	}, {
		name: "scale", why: "3.6.3: the upstream typo \"controler\" is kept", s: modern, action: scale,
		want: shape{Events: []string{ev(warning, "ReplicationControllerScaleFailed", `Failed to scale replication controler "web-1" from 3 to 0: `+boom, "3.6.3")},
			Wait: dcplan.WaitRetry, Message: boom},
	}, {
		name: "scale, Origin", why: "7 row 10: seed-era event", s: origin, action: scale,
		want: shape{Events: []string{ev(warning, "DeploymentScaleFailed", `Failed to scale deployment "web-1" from 3 to 0: `+boom, "3.6.3")},
			Wait: dcplan.WaitRetry, Message: boom},
	}, {
		name: "cleanup after reconcile", why: "3.6.4: a warning only", s: modern, action: del,
		want: shape{Events: []string{ev(warning, "ReplicationControllerCleanupFailed", "Couldn't clean up replication controllers: "+boom, "3.7.5")}},
	}, {
		name: "cleanup after create", why: "3.2.12: a warning only, other reason", s: modern, action: del,
		p:    dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Rule: "3.2.12"}}},
		want: shape{CreateRCs: nil, Events: []string{ev(warning, "DeploymentCleanupFailed", "Couldn't clean up deployments: "+boom, "3.7.5")}},
	}, {
		name: "cleanup while paused", why: "3.2.5: a warning only", s: snapshot(paused), action: del,
		want: shape{Events: []string{ev(warning, "DeploymentCleanupFailed", "Couldn't clean up deployments: "+boom, "3.7.5")}},
	}, {
		name: "status", why: "3.9: the write error is returned", s: modern, action: dcplan.StatusUpdate{},
		want: shape{Wait: dcplan.WaitRetry, Message: boom},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := shapeOf(reconcile.OnFailure(tt.s, tt.p, tt.action, boom))
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("OnFailure() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

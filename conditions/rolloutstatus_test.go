package conditions_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/google/go-cmp/cmp"
)

// Reference: oc deploymentconfigs/status.go
// (*DeploymentConfigStatusViewer).Status, SPEC 6m.6.
func TestRolloutStatus(t *testing.T) {
	observed := func(f func(*dcplan.Config)) dcplan.Config {
		c := config(3)
		c.Status.ObservedGeneration = c.Generation
		c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}
		f(&c)
		return c
	}
	progressing := func(r dcplan.ConditionReason, msg string) func(*dcplan.Config) {
		return func(c *dcplan.Config) {
			c.Status.Conditions = []dcplan.Condition{cond(dcplan.ConditionProgressing, dcplan.StatusTrue, r, msg, t0)}
		}
	}
	counts := func(replicas, updated, available dcplan.Replicas) func(*dcplan.Config) {
		return func(c *dcplan.Config) {
			c.Status.Replicas, c.Status.UpdatedReplicas, c.Status.AvailableReplicas = replicas, updated, available
		}
	}
	paused := func(c *dcplan.Config) {
		c.Paused = true
		counts(3, 3, 3)(c)
	}
	const pausedMsg = "Deployment config \"web\" is paused. Resume to continue watching the status of the rollout.\n"
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		cfg      dcplan.Config
		revision dcplan.Version
		want     conditions.RolloutResult
	}{
		{"negative revision", "6m.6 watch loop 1", dcplan.Modern, observed(func(*dcplan.Config) {}), -1,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: "revision must be a positive integer: -1"}},
		{"waiting on image", "6m.6.1: version 0 with an image trigger keeps waiting", dcplan.Modern, func() dcplan.Config {
			c := config(0)
			c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, FromName: "web:latest"}}
			return c
		}(), 0, conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Deployment config \"web\" waiting on image update\n"}},
		{"paused waiting on image, modern", "13.2: Modern ends the watch on a paused DC, which no image can trigger", dcplan.Modern, func() dcplan.Config {
			c := config(0)
			c.Paused = true
			c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, FromName: "web:latest"}}
			return c
		}(), 0, conditions.RolloutResult{State: conditions.RolloutFailed, Message: pausedMsg}},
		{"paused waiting on image, exact", "13.2 OcStatusNoPausedExit, 6m.6.1: upstream keeps waiting on the image", dcplan.Exact, func() dcplan.Config {
			c := config(0)
			c.Paused = true
			c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, FromName: "web:latest"}}
			return c
		}(), 0, conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Deployment config \"web\" waiting on image update\n"}},
		{"manual at version 1", "6m.6.1: only version 0 without triggers is an error; after oc rollout latest the watch goes on", dcplan.Exact,
			func() dcplan.Config {
				c := observed(progressing(dcplan.ReasonNewReplicationControllerAvailable, `replication controller "web-1" successfully rolled out`))
				c.Triggers, c.Status.LatestVersion = nil, 1
				return c
			}(), 1, conditions.RolloutResult{State: conditions.RolloutDone, Message: "replication controller \"web-1\" successfully rolled out\n"}},
		{"revision 1 of 3", "6m.6.2: --revision=1 is not the running revision", dcplan.Modern, observed(func(*dcplan.Config) {}), 1,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: "desired revision (1) is different from the running revision (3)"}},
		{"waiting on manual", "6m.6.1: version 0 without triggers is an error", dcplan.Exact, config(0), 0,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: "Deployment config \"web\" waiting on manual update (use 'oc rollout latest web')"}},
		{"config change only falls through", "6m.6.1: other trigger sets fall through (not observed: the observed line)", dcplan.Modern, func() dcplan.Config {
			c := config(0)
			c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}
			return c
		}(), 0, conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for latest deployment config spec to be observed by the controller loop...\n"}},
		{"other revision", "6m.6.2: --revision must be the latest", dcplan.Modern, observed(func(*dcplan.Config) {}), 2,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: "desired revision (2) is different from the running revision (3)"}},
		{"rolled out", "6m.6.3.1: NewReplicationControllerAvailable ends the watch with its message", dcplan.Modern,
			observed(progressing(dcplan.ReasonNewReplicationControllerAvailable, `replication controller "web-3" successfully rolled out`)), 3,
			conditions.RolloutResult{State: conditions.RolloutDone, Message: "replication controller \"web-3\" successfully rolled out\n"}},
		{"failed", "6m.6.3.2: ProgressDeadlineExceeded is an error", dcplan.Exact,
			observed(progressing(dcplan.ReasonProgressDeadlineExceeded, `replication controller "web-3" has failed progressing`)), 0,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: `replication controller "web-3" has failed progressing`}},
		{"cancelled", "6m.6.3.3: RolloutCancelled is an error", dcplan.Modern,
			observed(progressing(dcplan.ReasonRolloutCancelled, `rollout of replication controller "web-3" was cancelled`)), 0,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: `rollout of replication controller "web-3" was cancelled`}},
		{"paused condition", "6m.6.3.4: the DeploymentConfigPaused reason ends the watch in every preset", dcplan.Exact,
			observed(progressing(dcplan.ReasonDeploymentConfigPaused, "Deployment config is paused")), 0,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: pausedMsg}},
		{"paused modern", "13.2, SPEC 12 OcStatusNoPausedExit off: Modern ends the watch on spec.paused", dcplan.Modern, observed(paused), 0,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: pausedMsg}},
		{"paused and cancelled, modern", "13.2 puts Modern's paused exit at 6m.6.3.4: the cancelled rollout (6m.6.3.3) ends the watch first", dcplan.Modern,
			func() dcplan.Config {
				c := observed(progressing(dcplan.ReasonRolloutCancelled, `rollout of replication controller "web-3" was cancelled`))
				paused(&c)
				return c
			}(), 0, conditions.RolloutResult{State: conditions.RolloutFailed, Message: `rollout of replication controller "web-3" was cancelled`}},
		{"paused and failed, modern", "13.2 puts Modern's paused exit at 6m.6.3.4: the failed rollout (6m.6.3.2) ends the watch first", dcplan.Modern,
			func() dcplan.Config {
				c := observed(progressing(dcplan.ReasonProgressDeadlineExceeded, `replication controller "web-3" has failed progressing`))
				paused(&c)
				return c
			}(), 0, conditions.RolloutResult{State: conditions.RolloutFailed, Message: `replication controller "web-3" has failed progressing`}},
		{"paused exact", "13.2 OcStatusNoPausedExit: upstream never reaches its paused exit; counters satisfied: the observed line", dcplan.Exact, observed(paused), 0,
			conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for latest deployment config spec to be observed by the controller loop...\n"}},
		{"paused mid-rollout, modern", "13.2 puts Modern's paused exit at 6m.6.3.4, before the counters (6m.6.3.5): a paused DC is not scaled (SPEC 11, item 8 of 10), so its counters may never be met", dcplan.Modern,
			observed(func(c *dcplan.Config) { c.Paused = true; counts(1, 1, 1)(c) }), 0,
			conditions.RolloutResult{State: conditions.RolloutFailed, Message: pausedMsg}},
		{"paused mid-rollout, exact", "13.2 OcStatusNoPausedExit: upstream prints the counters (6m.6.3.5) and watches on", dcplan.Exact,
			observed(func(c *dcplan.Config) { c.Paused = true; counts(1, 1, 1)(c) }), 0,
			conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for rollout to finish: 1 out of 3 new replicas have been updated...\n"}},
		{"paused, not observed, modern", "13.2 with 6m.6.4: Modern's paused exit waits until the controller observed the generation (the pause itself bumps it)", dcplan.Modern,
			func() dcplan.Config { c := config(3); paused(&c); return c }(), 0,
			conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for latest deployment config spec to be observed by the controller loop...\n"}},
		{"updating", "6m.6.3.5: fewer updated replicas than spec.replicas keep the watch going", dcplan.Modern, observed(counts(1, 1, 1)), 0,
			conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for rollout to finish: 1 out of 3 new replicas have been updated...\n"}},
		{"old pending", "6m.6.3.6: old replicas still to terminate keep the watch going", dcplan.Modern, observed(counts(5, 3, 3)), 0,
			conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for rollout to finish: 2 old replicas are pending termination...\n"}},
		{"available", "6m.6.3.7: updated replicas not yet available keep the watch going", dcplan.Modern, observed(counts(3, 3, 1)), 0,
			conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for rollout to finish: 1 of 3 updated replicas are available...\n"}},
		{"not observed", "6m.6.4: generation above observedGeneration", dcplan.Modern,
			config(3), 0, conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "Waiting for latest deployment config spec to be observed by the controller loop...\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := conditions.RolloutStatus(snap(tt.profile, tt.cfg), tt.revision)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("RolloutStatus() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// Reference: kubectl cmdutil.CheckErr, SPEC 6m "Error output".
func TestRolloutResultOutput(t *testing.T) {
	tests := []struct {
		name       string
		why        string
		r          conditions.RolloutResult
		wantStdout string
		wantStderr string
	}{
		{"progress", "6m.6.3: the message is printed as is", conditions.RolloutResult{State: conditions.RolloutInProgress, Message: "a\n"}, "a\n", ""},
		{"done", "6m.6.3.1", conditions.RolloutResult{State: conditions.RolloutDone, Message: "b\n"}, "b\n", ""},
		{"error adds newline", "6m: CheckErr appends a newline", conditions.RolloutResult{State: conditions.RolloutFailed, Message: "c"}, "", "error: c\n"},
		{"error prefix not doubled", "6m Error output: CheckErr adds no second `error: ` to a condition message that starts with one", conditions.RolloutResult{State: conditions.RolloutFailed, Message: "error: e"}, "", "error: e\n"},
		{"error keeps its newline", "6m.6.3.4: the paused message ends in a newline: none added", conditions.RolloutResult{State: conditions.RolloutFailed, Message: "d\n"}, "", "error: d\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.wantStdout, tt.r.Stdout()); d != "" {
				t.Errorf("Stdout() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			if d := cmp.Diff(tt.wantStderr, tt.r.Stderr()); d != "" {
				t.Errorf("Stderr() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

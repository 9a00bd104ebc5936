package dcstatus

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

func TestConditionConstructors(t *testing.T) {
	// Reference: deploymentconfig_controller.go updateConditions and Handle (modern and seed)
	long := strings.Repeat("x", 250) // deployer pod name is hashed beyond 253 characters
	tests := []struct {
		name string
		why  string
		got  dcplan.Condition
		want dcplan.Condition
	}{
		{
			name: "available", why: "1.5 row 1",
			got:  Available(now),
			want: cond(dcplan.ConditionAvailable, dcplan.StatusTrue, dcplan.ReasonNone, "Deployment config has minimum availability.", now),
		},
		{
			name: "unavailable", why: "1.5 row 2",
			got:  Unavailable(now),
			want: cond(dcplan.ConditionAvailable, dcplan.StatusFalse, dcplan.ReasonNone, "Deployment config does not have minimum availability.", now),
		},
		{
			name: "waiting for pod", why: "1.5 row 3: the pod is the deployer pod name of the RC",
			got:  WaitingForPod("web-3", now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonNone, `replication controller "web-3" is waiting for pod "web-3-deploy" to run`, now),
		},
		{
			name: "waiting for pod with a long name", why: "1.5 row 3: DeployerPodNameForDeployment hashes long names",
			got:  WaitingForPod(long, now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonNone, `replication controller "`+long+`" is waiting for pod "`+dcplan.DeployerPodName(long)+`" to run`, now),
		},
		{
			name: "progressing", why: "1.5 row 4",
			got:  Progressing("web-3", now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, `replication controller "web-3" is progressing`, now),
		},
		{
			name: "rollout cancelled", why: "1.5 row 5",
			got:  RolloutCancelled("web-3", now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonRolloutCancelled, `rollout of replication controller "web-3" was cancelled`, now),
		},
		{
			name: "failed progressing", why: "1.5 row 6",
			got:  FailedProgressing("web-3", now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded, `replication controller "web-3" has failed progressing`, now),
		},
		{
			name: "rolled out", why: "1.5 row 7",
			got:  RolledOut("web-3", now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, `replication controller "web-3" successfully rolled out`, now),
		},
		{
			name: "created", why: "1.5 row 8: same text as the DeploymentCreated event",
			got:  Created("web-3", 3, now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerCreated, `Created new replication controller "web-3" for version 3`, now),
		},
		{
			name: "created, version of two digits", why: "1.5 row 8: the version in decimal",
			got:  Created("web-10", 10, now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerCreated, `Created new replication controller "web-10" for version 10`, now),
		},
		{
			name: "create error", why: "1.5 row 9: the error text verbatim (3.2.12 quirk)",
			got:  CreateError(`replicationcontrollers "web-2" already exists`, now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonReplicationControllerCreateError, `replicationcontrollers "web-2" already exists`, now),
		},
		{
			name: "quoting", why: "names render Go-quoted (%q)",
			got:  RolledOut(`we"b-1`, now),
			want: cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, `replication controller "we\"b-1" successfully rolled out`, now),
		},
		{
			name: "origin waiting", why: "7 row 16: seed text, lastTransitionTime only",
			got:  OriginWaiting("web-3", now),
			want: seed(cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonNone, `Waiting on deployer pod for "web-3" to be scheduled`, now)),
		},
		{
			name: "origin progressing", why: "7 row 17: capitalised seed text",
			got:  OriginProgressing("web-3", now),
			want: seed(cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, `Replication controller "web-3" is progressing`, now)),
		},
		{
			name: "origin failed", why: "7 row 18",
			got:  OriginFailed("web-3", now),
			want: seed(cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded, `Replication controller "web-3" has failed progressing`, now)),
		},
		{
			name: "origin completed", why: "7 row 19",
			got:  OriginCompleted("web-3", now),
			want: seed(cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, `Replication controller "web-3" has completed progressing`, now)),
		},
		{
			name: "paused", why: "7 row 20",
			got:  Paused(now),
			want: seed(cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonDeploymentConfigPaused, "Deployment config is paused", now)),
		},
		{
			name: "resumed", why: "7 row 20",
			got:  Resumed(now),
			want: seed(cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonDeploymentConfigResumed, "Deployment config is resumed", now)),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, tt.got); d != "" {
				t.Errorf("constructor mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestConstructorsKeepTheClockReading(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("X", 3600))
	c := Created("web-1", 1, at)
	if c.LastUpdateTime != at || c.LastTransitionTime != at {
		t.Errorf("Created() times = %v, %v; want %v for both", c.LastUpdateTime, c.LastTransitionTime, at)
	}
}

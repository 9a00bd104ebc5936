package dcplan_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

var t0 = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// fullPlan has one action of every kind, in a shape a real pass could give.
func fullPlan() dcplan.Plan {
	return dcplan.Plan{
		Adopt:        []dcplan.Adopt{{Rule: "3.3.2", RC: "web-1", RCUID: "u1", Config: "web", ConfigUID: "dc"}},
		Release:      []dcplan.Release{{Rule: "3.3.1", RC: "web-0", RCUID: "u0", ConfigUID: "dc"}},
		UpdateConfig: []dcplan.ConfigUpdate{{Rule: "3.11", Config: "web", SetReplicas: true, ReplicasFrom: 3, ReplicasTo: 5}},
		CreatePods: []dcplan.CreatePod{{Rule: "4.3.new.4", Pod: dcplan.DeployerPod{
			Name: "web-3-deploy", RC: "web-3", Image: "deployer:v4", ServiceAccount: "deployer", ActiveDeadlineSeconds: 21600}}},
		SetPodOwners:    []dcplan.SetPodOwner{{Rule: "4.6", Pod: "web-2-deploy", RC: "web-2", RCUID: "u2"}},
		SetPodDeadlines: []dcplan.SetPodDeadline{{Rule: "2.3", Pod: "web-2-hook-pre", To: 1}},
		DeletePods:      []dcplan.DeletePod{{Rule: "6.2.5", Pod: "web-2-deploy", RC: "web-2", GracePeriodZero: true}},
		CreateRCs: []dcplan.CreateRC{{Rule: "3.2.12", Deployment: dcplan.Deployment{
			Name: "web-4", Version: 4, Phase: dcplan.PhaseNew, DesiredReplicas: 3, HasDesiredReplicas: true, Reason: "config change"}}},
		Cancels: []dcplan.Cancel{{Rule: "3.4.3", RC: "web-2", Version: 2, Phase: dcplan.PhaseRunning, Reason: dcplan.ReasonCancelledByNewer}},
		Scales:  []dcplan.Scale{{Rule: "3.6.3", RC: "web-1", Version: 1, From: 3, To: 0}},
		Transitions: []dcplan.Transition{{Rule: "4.4", RC: "web-3", Version: 3, From: dcplan.PhaseRunning, To: dcplan.PhaseComplete,
			CompletedAt: t0, CommitDesired: true, Desired: 3}},
		DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "web-0", Version: 0}},
		Status: &dcplan.StatusUpdate{Rule: "3.9", Config: "web",
			From: dcplan.ConfigStatus{LatestVersion: 3},
			To: dcplan.ConfigStatus{LatestVersion: 4, Conditions: []dcplan.Condition{{
				Type: dcplan.ConditionProgressing, Status: dcplan.StatusTrue, Reason: dcplan.ReasonNewReplicationControllerCreated,
				Message: `Created new replication controller "web-4" for version 4`, LastTransitionTime: t0, LastUpdateTime: t0}}}},
		Events: []dcplan.Event{{Rule: "3.2.12", Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "ns", Name: "web"},
			Type: dcplan.EventNormal, Reason: dcplan.EventDeploymentCreated, Message: `Created new replication controller "web-4" for version 4`}},
		Wait:         dcplan.WaitCancellation,
		Message:      "found previous inflight deployment for ns/web - requeuing",
		RecheckAfter: 90 * time.Second,
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		name string
		why  string
		plan dcplan.Plan
		want string
	}{
		{"empty", "an empty plan is the fixed point and says so", dcplan.Plan{}, "<empty plan>\n"},
		{"every kind", "one line per action in contract order, defaults omitted, rule last", fullPlan(), `adopt rc/web-1 owner=dc/web rule=3.3.2
release rc/web-0 rule=3.3.1
update-dc dc/web replicas=3->5 rule=3.11
create-pod pod/web-3-deploy rc=web-3 image=deployer:v4 serviceAccount=deployer deadline=21600 rule=4.3.new.4
set-pod-owner pod/web-2-deploy rc=web-2 rule=4.6
set-pod-deadline pod/web-2-hook-pre deadline=none->1 rule=2.3
delete-pod pod/web-2-deploy rc=web-2 grace=0 rule=6.2.5
create-rc rc/web-4 v=4 phase=New replicas=0 desired=3 reason="config change" rule=3.2.12
cancel rc/web-2 v=2 phase=Running reason="newer deployment was found running" rule=3.4.3
scale rc/web-1 v=1 replicas=3->0 rule=3.6.3
transition rc/web-3 v=3 phase=Running->Complete completedAt=2026-11-30T10:00:00Z commitDesired=3 rule=4.4
delete-rc rc/web-0 v=0 replicas=0 rule=3.7.5
status dc/web latestVersion=3->4 rule=3.9
  condition Progressing status=True reason=NewReplicationControllerCreated message="Created new replication controller \"web-4\" for version 4" transition=2026-11-30T10:00:00Z update=2026-11-30T10:00:00Z
event dc/web type=Normal reason=DeploymentCreated message="Created new replication controller \"web-4\" for version 4" rule=3.2.12
wait cancellation "found previous inflight deployment for ns/web - requeuing"
recheck-after 1m30s
`},
		{"wait only", "a plan that only waits is not empty", dcplan.Plan{Wait: dcplan.WaitDeployer}, "wait deployer\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, dcplan.Describe(tt.plan)); d != "" {
				t.Errorf("Describe() mismatch (-want +got):\n%s\n%s", d, tt.why)
			}
		})
	}
}

func TestDescribeStatusPrintsOnlyChanges(t *testing.T) {
	avail := dcplan.Condition{Type: dcplan.ConditionAvailable, Status: dcplan.StatusTrue,
		Message: "Deployment config has minimum availability.", LastTransitionTime: t0, LastUpdateTime: t0}
	prog := dcplan.Condition{Type: dcplan.ConditionProgressing, Status: dcplan.StatusUnknown, Message: "old"}
	p := dcplan.Plan{Status: &dcplan.StatusUpdate{Rule: "3.9", Config: "web",
		From: dcplan.ConfigStatus{Replicas: 1, Conditions: []dcplan.Condition{avail, prog}},
		To:   dcplan.ConfigStatus{Replicas: 3, AvailableReplicas: 3, Conditions: []dcplan.Condition{avail}}}}
	want := `status dc/web replicas=1->3 available=0->3 rule=3.9
  condition Progressing removed=true
`
	if d := cmp.Diff(want, dcplan.Describe(p)); d != "" {
		t.Errorf("Describe() mismatch (-want +got):\n%s", d)
	}
}

func TestPlanIsEmpty(t *testing.T) {
	tests := []struct {
		name string
		why  string
		plan dcplan.Plan
		want bool
	}{
		{"zero", "nothing to do", dcplan.Plan{}, true},
		{"event only", "an event is still something to do", dcplan.Plan{Events: []dcplan.Event{{Reason: "X"}}}, false},
		{"wait", "waiting is not converged", dcplan.Plan{Wait: dcplan.WaitImages}, false},
		{"message", "an upstream error text means a requeue", dcplan.Plan{Message: "x"}, false},
		{"recheck", "a deadline ahead means come back", dcplan.Plan{RecheckAfter: time.Second}, false},
		{"negative recheck", "a recheck that is not positive names no deadline (Plan.RecheckAfter), as Describe prints it", dcplan.Plan{RecheckAfter: -time.Second}, true},
		{"status", "a status write", dcplan.Plan{Status: &dcplan.StatusUpdate{}}, false},
		{"full", "all kinds", fullPlan(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.plan.IsEmpty(); got != tt.want {
				t.Errorf("IsEmpty() = %v, want %v (%s)", got, tt.want, tt.why)
			}
		})
	}
	if got := fullPlan().Actions(); got != 14 {
		t.Errorf("fullPlan().Actions() = %d, want 14", got)
	}
}

func TestPlanMerge(t *testing.T) {
	a := dcplan.Plan{Scales: []dcplan.Scale{{RC: "a"}}, Wait: dcplan.WaitCancellation, Message: "first", RecheckAfter: time.Minute}
	b := dcplan.Plan{Scales: []dcplan.Scale{{RC: "b"}}, Status: &dcplan.StatusUpdate{Config: "b"}, Wait: dcplan.WaitDeployer, RecheckAfter: time.Second}
	got := a.Merge(b)
	want := dcplan.Plan{Scales: []dcplan.Scale{{RC: "a"}, {RC: "b"}}, Status: &dcplan.StatusUpdate{Config: "b"},
		Wait: dcplan.WaitCancellation, Message: "first", RecheckAfter: time.Second}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Merge() mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff(dcplan.Plan{}, dcplan.Plan{}.Merge(dcplan.Plan{})); d != "" {
		t.Errorf("empty Merge() not empty (-want +got):\n%s", d)
	}
	// A recheck that is not positive names no deadline: the deadline of
	// the plan appended wins over it.
	neg := dcplan.Plan{RecheckAfter: -time.Second}
	if neg.Append(dcplan.Plan{RecheckAfter: time.Minute}); neg.RecheckAfter != time.Minute {
		t.Errorf("Append() of a recheck of a minute to a negative one rechecks after %v, want 1m0s", neg.RecheckAfter)
	}
	// Merge must not alias its operands.
	got.Scales[0].RC = "changed"
	if a.Scales[0].RC != "a" {
		t.Errorf("Merge() result aliases its receiver")
	}
}

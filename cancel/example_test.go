package cancel_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
)

func exampleSnapshot(p dcplan.Preset) dcplan.Snapshot {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	rc := func(v dcplan.Version, ph dcplan.Phase, age time.Duration) dcplan.Deployment {
		return dcplan.Deployment{Namespace: "shop", Name: dcplan.DeploymentName("frontend", v), ConfigLabel: "frontend",
			Version: v, Phase: ph, CreationTime: now.Add(-age)}
	}
	return dcplan.Snapshot{
		Now:    now,
		Config: dcplan.Config{Namespace: "shop", Name: "frontend", Status: dcplan.ConfigStatus{LatestVersion: 3}},
		Deployments: []dcplan.Deployment{
			rc(1, dcplan.PhaseComplete, 40*24*time.Hour),
			rc(2, dcplan.PhaseFailed, 30*24*time.Hour),
			rc(3, dcplan.PhaseRunning, 2*time.Minute),
		},
		Pods:     []dcplan.Pod{{Namespace: "shop", Name: "frontend-3-deploy", DeployerFor: "frontend-3", DeploymentName: "frontend-3"}},
		Settings: dcplan.Settings{Switches: p.Switches()},
	}
}

func ExampleCancel() {
	plan, report, err := cancel.Cancel(exampleSnapshot(dcplan.Modern))
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Print(dcplan.Describe(plan))
	fmt.Print(report)
	// Output:
	// cancel rc/frontend-3 v=3 phase=Running reason="cancelled by the user" by=user write=patch rule=6m.1.3.5
	// deploymentconfig.apps.openshift.io/frontend cancelling
}

func ExampleCancel_nothingInProgress() {
	s := exampleSnapshot(dcplan.Exact)
	s.Deployments[2].Phase = dcplan.PhaseComplete
	plan, report, _ := cancel.Cancel(s)
	fmt.Print(dcplan.Describe(plan))
	fmt.Print(report)
	// Output:
	// <empty plan>
	// No rollout is in progress (latest rollout #3 complete 2 minutes ago)
}

func ExampleRetry() {
	s := exampleSnapshot(dcplan.Modern)
	s.Deployments[2].Phase = dcplan.PhaseFailed
	plan, report, err := cancel.Retry(s)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Print(dcplan.Describe(plan))
	fmt.Print(report)
	// Output:
	// delete-pod pod/frontend-3-deploy rc=frontend-3 grace=0 rule=6m.2.3.6
	// transition rc/frontend-3 v=3 phase=Failed->New clearCancel=true retriedAt=2026-11-30T12:00:00Z write=patch rule=6m.2.3.7
	// deploymentconfig.apps.openshift.io/frontend retried rollout #3
}

func ExampleRetry_notFailed() {
	_, _, err := cancel.Retry(exampleSnapshot(dcplan.Modern))
	fmt.Println("error:", err)
	fmt.Println(errors.Is(err, cancel.ErrNotFailed))
	// Output:
	// error: rollout #3 is running; only failed deployments can be retried.
	// Optionally, you can cancel this deployment with 'oc rollout cancel dc/frontend'.
	// true
}

func ExampleFailed() {
	s := exampleSnapshot(dcplan.Modern)
	s.Deployments[1].Phase = dcplan.PhasePending
	_, report, _ := cancel.Cancel(s)
	out, err := cancel.Failed(report, []cancel.Failure{{Version: 2, Err: errors.New("the object has been modified")}})
	fmt.Print(out)
	fmt.Println("error:", err)
	// Output:
	// deploymentconfig.apps.openshift.io/frontend cancelling
	// No rollout is in progress (latest rollout #3 running (cancelling) 2 minutes ago)
	// error: the object has been modified
}

func ExampleHumanAge() {
	fmt.Println(cancel.HumanAge(90 * time.Minute))
	fmt.Println(cancel.HumanAge(3 * 24 * time.Hour))
	// Output:
	// 2 hours
	// 3 days
}

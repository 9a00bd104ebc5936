package phase_test

import (
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// exampleSnapshot is DC shop/frontend with one RC, frontend-3, in the given
// phase, and the given pods.
func exampleSnapshot(profile dcplan.Preset, ph dcplan.Phase, cancelled bool, pods ...dcplan.Pod) dcplan.Snapshot {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	cfg := dcplan.Config{Namespace: "shop", Name: "frontend", UID: "dc-uid", Replicas: 3,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true}}
	rc := dcplan.Deployment{
		Namespace: "shop", Name: "frontend-3", UID: "rc-uid", CreationTime: now.Add(-time.Minute),
		ConfigName: "frontend", Version: 3, Phase: ph, Cancelled: cancelled,
		HasDesiredReplicas: true, DesiredReplicas: 3, Encoded: new(cfg),
	}
	if cancelled {
		rc.Reason = dcplan.ReasonCancelledByUser
	}
	return dcplan.Snapshot{Now: now, Config: cfg, Deployments: []dcplan.Deployment{rc}, Pods: pods,
		Settings: dcplan.Settings{Switches: profile.Switches(), DeployerImage: "registry.example/openshift/origin-deployer:v4", ServiceAccount: "deployer"}}
}

func exampleDeployer(ph dcplan.PodPhase) dcplan.Pod {
	return dcplan.Pod{Namespace: "shop", Name: "frontend-3-deploy", Phase: ph, DeploymentName: "frontend-3", DeployerFor: "frontend-3",
		Owners: []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "frontend-3", UID: "rc-uid"}}}
}

func ExampleStep() {
	// A new rollout: the deployer creates the pod and marks the RC Pending.
	s := exampleSnapshot(dcplan.Modern, dcplan.PhaseNew, false)
	fmt.Print(dcplan.Describe(phase.Step(s, "frontend-3")))
	// Output:
	// create-pod pod/frontend-3-deploy rc=frontend-3 image=registry.example/openshift/origin-deployer:v4 serviceAccount=deployer deadline=21600 rule=4.3.new.4
	// transition rc/frontend-3 v=3 phase=New->Pending deployerPod=frontend-3-deploy createdAt=2026-11-30T10:00:00Z rule=4.3.new.4
}

func ExampleStep_cancelRacedBySuccess() {
	// The user cancelled, but the deployer pod had already succeeded.
	pod := exampleDeployer(dcplan.PodSucceeded)
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		fmt.Println(p)
		fmt.Print(dcplan.Describe(phase.Step(exampleSnapshot(p, dcplan.PhaseRunning, true, pod), "frontend-3")))
	}
	// Output:
	// Modern
	// transition rc/frontend-3 v=3 phase=Running->Complete clearCancel=true commitDesired=3 rule=2.3
	// event dc/frontend type=Warning reason=FailedCancellation message="Succeeded before cancel recorded" rule=2.3
	// Exact
	// transition rc/frontend-3 v=3 phase=Running->Complete commitDesired=3 rule=2.2
	// event dc/frontend type=Warning reason=FailedCancellation message="Succeeded before cancel recorded" rule=2.3
}

func ExampleStep_waitForPod() {
	// A Pending RC whose pod is not in the cache yet: retry, and fail the
	// RC only on the pass that drops the item (13 requeues).
	s := exampleSnapshot(dcplan.Modern, dcplan.PhasePending, false)
	fmt.Print(dcplan.Describe(phase.Step(s, "frontend-3")))
	s.Requeues = 13
	fmt.Print(dcplan.Describe(phase.Step(s, "frontend-3")))
	// Output:
	// wait deployer "pod \"frontend-3-deploy\" not found"
	// transition rc/frontend-3 v=3 phase=Pending->Failed reason="deployer pod no longer exists" rule=4.3.pending.1
	// event dc/frontend type=Warning reason=Failed message="Deployer pod \"frontend-3-deploy\" has gone missing" rule=4.3.pending.1
}

func ExampleCanTransition() {
	fmt.Println(phase.CanTransition(dcplan.PhasePending, dcplan.PhaseRunning))
	fmt.Println(phase.CanTransition(dcplan.PhaseComplete, dcplan.PhaseFailed))
	// Output:
	// true
	// false
}

func ExampleFormatTable() {
	fmt.Print(phase.FormatTable())
	// Output:
	// from\to   New       Pending   Running   Complete  Failed    ""
	// New       .         yes       yes       yes       yes       .
	// Pending   .         .         yes       yes       yes       .
	// Running   .         .         .         yes       yes       .
	// Complete  .         .         .         .         .         .
	// Failed    .         .         .         .         .         .
	// ""        .         .         .         .         .         .
}

func ExampleDeployerPod() {
	// Origin: the deployer-pod controller fails an RC whose pod exited 1.
	pod := exampleDeployer(dcplan.PodSucceeded)
	pod.Containers = []dcplan.ContainerStatus{{Name: "deployment", Terminated: true, ExitCode: 1}}
	s := exampleSnapshot(dcplan.Origin, dcplan.PhaseRunning, false, pod)
	fmt.Print(dcplan.Describe(phase.DeployerPod(s, "frontend-3-deploy")))
	// Output:
	// transition rc/frontend-3 v=3 phase=Running->Failed syncDesired=3 rule=7.29
}

func ExampleCancelByDeadline() {
	// The oldest seed's cancel (Origin10, where Step plans it too): the
	// deployer pod gets activeDeadlineSeconds 1, the event goes to the RC.
	s := exampleSnapshot(dcplan.Origin10, dcplan.PhaseRunning, true, exampleDeployer(dcplan.PodRunning))
	fmt.Print(dcplan.Describe(phase.CancelByDeadline(s, "frontend-3")))
	// Output:
	// set-pod-deadline pod/frontend-3-deploy deadline=none->1 rule=7.25
	// event rc/frontend-3 type=Normal reason=cancelled message="Cancelled deployment" rule=7.25
}

func ExampleStep_profiles() {
	// A cancelled Running rollout: Modern deletes the deployer pod;
	// Origin10 (the CancelByDeadline switch) cuts it short with
	// activeDeadlineSeconds 1 and records the event on the RC (EventsOnRC)
	// (SPEC 7 row 25, 11a.2, 12).
	for _, profile := range []dcplan.Preset{dcplan.Modern, dcplan.Origin10} {
		s := exampleSnapshot(profile, dcplan.PhaseRunning, true, exampleDeployer(dcplan.PodRunning))
		fmt.Printf("%s:\n%s", profile, dcplan.Describe(phase.Step(s, "frontend-3")))
	}
	// Output:
	// Modern:
	// delete-pod pod/frontend-3-deploy rc=frontend-3 rule=4.3.pending.3
	// Origin10:
	// set-pod-deadline pod/frontend-3-deploy deadline=none->1 rule=7.25
	// event rc/frontend-3 type=Normal reason=cancelled message="Cancelled deployment" rule=7.25
}

func ExampleBuildDeployerPod() {
	s := exampleSnapshot(dcplan.Modern, dcplan.PhaseNew, false)
	p := phase.BuildDeployerPod(s, s.Deployments[0])
	fmt.Println(p.Name, p.Image, p.ActiveDeadlineSeconds)
	for _, e := range p.Env {
		fmt.Printf("%s=%s\n", e.Name, e.Value)
	}
	// Output:
	// frontend-3-deploy registry.example/openshift/origin-deployer:v4 21600
	// OPENSHIFT_DEPLOYMENT_NAME=frontend-3
	// OPENSHIFT_DEPLOYMENT_NAMESPACE=shop
}

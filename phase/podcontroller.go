package phase

import (
	"github.com/dcplan/dcplan"
)

// DeployerPod plans one pass of the seed-era deployer-pod controller for the
// pod named pod: in the Origin profile it, not Step, moves an RC along with
// its deployer pod (SPEC 2.2 last paragraph, 7 row 29). For any other
// profile, for an invalid snapshot and when there is nothing to do it
// returns an empty plan. The rules, in order:
//
//  1. A pod without the openshift.io/deployment.name annotation, or that is
//     not the main deployer pod of the RC it names (its name is not
//     dcplan.DeployerPodName of that RC, e.g. a hook pod), is ignored.
//  2. The RC is gone: delete every pod labelled
//     openshift.io/deployer-pod-for.name = that RC, with grace period 0,
//     sorted by name.
//  3. The pod phase gives the next RC phase: Running ⇒ Running; Succeeded
//     ⇒ Complete, or Failed when any container terminated with a non-zero
//     exit code; Failed ⇒ Failed; anything else ⇒ no change.
//  4. Only when CanTransition(current, next) is the RC written, in one
//     Transition: on Complete the desired-replicas annotation moves into
//     openshift.io/deployment.replicas (it stays on a Failed RC); a cancelled
//     RC that completes loses its cancel annotations (ClearCancel, SPEC 7
//     row 30) and the seed event failedCancellation "Succeeded before
//     cancel recorded" is recorded; a test config's RC entering a terminal
//     phase with replicas ≠ 0 is scaled to 0 in the same write (the later
//     seed's transition-only rule, SPEC 7 row 27). No timestamps are
//     written (SPEC 7 row 33).
//
// Ports: Origin deployerpod controller.go (*DeployerPodController).Handle.
func DeployerPod(s dcplan.Snapshot, pod string) dcplan.Plan {
	if s.Settings.Profile != dcplan.Origin || s.Validate() != nil {
		return dcplan.Plan{}
	}
	return deployerPodValid(s, pod)
}

// deployerPodValid is DeployerPod for a validated Origin snapshot.
func deployerPodValid(s dcplan.Snapshot, pod string) dcplan.Plan {
	p, ok := s.Pod(pod)
	if !ok {
		return dcplan.Plan{}
	}
	d, found := s.Deployment(p.DeploymentName)
	return deployerPodOn(s, p, d, found)
}

// deployerPodOn is DeployerPod for a validated Origin snapshot, the pod p
// and the RC it names, d (found false when that RC does not exist).
func deployerPodOn(s dcplan.Snapshot, p dcplan.Pod, d dcplan.Deployment, found bool) dcplan.Plan {
	if p.DeploymentName == "" || p.Name != dcplan.DeployerPodName(p.DeploymentName) {
		return dcplan.Plan{}
	}
	if !found {
		gone := dcplan.Deployment{Name: p.DeploymentName, Namespace: p.Namespace}
		return dcplan.Plan{DeletePods: cleanup(s.Pods, &gone, ruleOriginPod, true)}
	}
	next := d.Phase
	switch p.Phase {
	case dcplan.PodRunning:
		next = dcplan.PhaseRunning
	case dcplan.PodSucceeded:
		next = dcplan.PhaseComplete
		if exitedNonZero(p) {
			next = dcplan.PhaseFailed
		}
	case dcplan.PodFailed:
		next = dcplan.PhaseFailed
	}
	if !CanTransition(d.Phase, next) {
		return dcplan.Plan{}
	}
	var plan dcplan.Plan
	tr := dcplan.Transition{Rule: ruleOriginPod, RC: d.Name, Version: d.Version, From: d.Phase, To: next}
	if next == dcplan.PhaseComplete {
		tr.CommitDesired, tr.Desired = true, d.DesiredReplicas
		if d.Cancelled {
			tr.Rule, tr.ClearCancel = ruleOriginRaced, true
			plan.Events = []dcplan.Event{racedEvent(&d, ruleOriginRaced, dcplan.Origin)}
		}
	}
	if d.Replicas != 0 && next.Terminal() && d.Encoded != nil && d.Encoded.Test {
		tr.ScaleToZero, tr.ReplicasFrom = true, d.Replicas
	}
	plan.Transitions = []dcplan.Transition{tr}
	return plan
}

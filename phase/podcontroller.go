package phase

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// DeployerPod plans one pass of the seed-era deployer-pod controller for the
// pod named pod: with the SeedPodController switch it, not Step, moves an
// RC along with its deployer pod (SPEC 2.2 last paragraph, 7 row 29).
// Without that switch, for an invalid snapshot and when there is nothing
// to do it returns an empty plan. The rules, in order:
//
//  1. A pod without the openshift.io/deployment.name annotation, or that is
//     not the main deployer pod of the RC it names (its name is not
//     dcplan.DeployerPodName of that RC, e.g. a hook pod), is ignored.
//  2. The RC is gone (not in the snapshot, and when the snapshot holds a
//     DC, named <dc>-<version> for it: an RC of another DC is only not
//     in it, its pods that DC's to plan; a snapshot without a DC is the
//     pod's own, which holds its RC if it exists): with
//     PodControllerDeletesOrphans, delete every
//     pod labelled openshift.io/deployer-pod-for.name = that RC with
//     default delete options, sorted by name; without it, nothing (the
//     pods are left to owner-reference garbage collection).
//  3. The pod phase gives the next RC phase: Running ⇒ Running; Succeeded
//     ⇒ Complete, or Failed when any container terminated with a non-zero
//     exit code; Failed ⇒ Failed; anything else ⇒ no change.
//  4. Only when CanTransition(current, next) is the RC written (with
//     WriteAnyPhaseChange, the oldest seed's `current ≠ next`: whenever
//     next differs, even backwards, so that a Failed RC whose pod then
//     succeeds is written Complete and a Running pod moves even a
//     terminal RC, rule 7.28), in one Transition: on Complete the desired-replicas annotation moves into
//     openshift.io/deployment.replicas; with SeedReplicasAnnotation a
//     Failed RC also gets openshift.io/deployment.replicas from
//     desired-replicas (its text as it stands, a count or not), which it
//     keeps (SyncDesired); a cancelled
//     RC that completes loses its cancel annotations (ClearCancel, SPEC 7
//     row 30; kept with KeepCancelOnRace, rule 10.2) and the event
//     FailedCancellation "Succeeded before cancel recorded" is recorded (the oldest deployer's failedCancellation
//     with SeedEventReasons, on the RC with EventsOnRC); a test config's RC entering a terminal
//     phase with replicas ≠ 0 is scaled to 0 in the same write (the later
//     seed's transition-only rule, SPEC 7 row 27). No timestamps are
//     written (SPEC 7 row 33).
//  5. When s.Outcome reports that write failed, the plan is the same
//     write with Wait retry and the error upstream returned, `couldn't
//     update Deployment <ns>/<rc> to status <phase>: <err>` (ErrorRetry,
//     SPEC 13), so the pod is tried again; a NotFound answer is ignored,
//     as upstream ignores it (SPEC 7 row 29).
//
// Ports: Origin deployerpod controller.go (*DeployerPodController).Handle.
func DeployerPod(s dcplan.Snapshot, pod string) dcplan.Plan {
	if !s.Settings.SeedPodController || s.Validate() != nil {
		return dcplan.Plan{}
	}
	return deployerPodValid(s, pod)
}

// deployerPodValid is DeployerPod for a validated snapshot.
func deployerPodValid(s dcplan.Snapshot, pod string) dcplan.Plan {
	p, ok := s.Pod(pod)
	if !ok {
		return dcplan.Plan{}
	}
	d, found := s.Deployment(p.DeploymentName)
	return deployerPodOn(s, p, d, found)
}

// deployerPodOn is DeployerPod for a validated snapshot, the pod p
// and the RC it names, d (found false when that RC does not exist).
func deployerPodOn(s dcplan.Snapshot, p dcplan.Pod, d dcplan.Deployment, found bool) dcplan.Plan {
	if p.DeploymentName == "" || !isDeployerPodOf(p.Name, p.DeploymentName) {
		return dcplan.Plan{}
	}
	sw := &s.Settings.Switches
	if !found {
		if !sw.PodControllerDeletesOrphans || s.Config.Name != "" && !dcplan.IsDeploymentName(s.Config.Name, p.DeploymentName) {
			return dcplan.Plan{}
		}
		gone := dcplan.Deployment{Name: p.DeploymentName, Namespace: p.Namespace}
		return dcplan.Plan{DeletePods: cleanup(s.Pods, &gone, ruleOriginPod, false)}
	}
	d = *inNamespace(&s, &d)
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
	legal := CanTransition(d.Phase, next)
	if !legal && (!sw.WriteAnyPhaseChange || next == d.Phase) {
		return dcplan.Plan{}
	}
	var plan dcplan.Plan
	tr := dcplan.Transition{Rule: ruleOriginPod, RC: d.Name, Version: d.Version, From: d.Phase, To: next}
	if !legal {
		tr.Rule = ruleOriginAnyPhase // only with WriteAnyPhaseChange
	}
	if next == dcplan.PhaseComplete {
		tr.CommitDesired, tr.Desired = commitsDesired(&d, sw), d.DesiredReplicas
		if d.Cancelled {
			// SPEC 12 "cancel raced by success keeps annotations" is "no",
			// not "—", in the seed presets: this controller is the one that
			// completes a seed RC, so it reads KeepCancelOnRace (10.2)
			// as Step does; off, the seed removes them (7 row 30).
			tr.Rule, tr.ClearCancel = ruleOriginRaced, true
			if sw.KeepCancelOnRace {
				tr.Rule, tr.ClearCancel = ruleKeptOnRace, false
			}
			plan.Events = []dcplan.Event{racedEvent(&d, tr.Rule, sw)}
			if sw.EventsOnRC {
				onRC(plan.Events, &d)
			}
		}
	}
	if next == dcplan.PhaseFailed && sw.SeedReplicasAnnotation && (d.HasDesiredReplicas || d.UnreadDesiredReplicas) {
		tr.SyncDesired, tr.Desired = true, d.DesiredReplicas
	}
	if d.Replicas != 0 && next.Terminal() && encodedTest(&d) {
		tr.ScaleToZero, tr.ReplicasFrom = true, d.Replicas
	}
	plan.Transitions = []dcplan.Transition{tr}
	if f, failed := s.Outcome.Failed(dcplan.ActionTransition, d.Name); failed && f.Reason != dcplan.StatusNotFound {
		plan.Wait, plan.Error = dcplan.WaitRetry, dcplan.ErrorRetry
		plan.Message = fmt.Sprintf("couldn't update Deployment %s to status %s: %s", label(&d), next, f.Message)
	}
	return plan
}

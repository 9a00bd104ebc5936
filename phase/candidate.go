package phase

import (
	"time"

	"github.com/dcplan/dcplan"
)

// Candidate returns the RC phase a deployer pod's phase asks for (SPEC 2.2):
// Pending ⇒ Pending, Running ⇒ Running, Succeeded ⇒ Complete, Failed ⇒
// Failed, and anything else (Unknown, no phase) ⇒ New, which is never a
// legal target, so such a pod moves nothing. Container exit codes are not
// consulted (the Origin deployer-pod controller does that, see DeployerPod).
//
// Ports: deployer_controller.go (*DeploymentController).nextStatus, the
// pod phase switch.
func Candidate(p dcplan.PodPhase) dcplan.Phase {
	switch p {
	case dcplan.PodPending:
		return dcplan.PhasePending
	case dcplan.PodRunning:
		return dcplan.PhaseRunning
	case dcplan.PodSucceeded:
		return dcplan.PhaseComplete
	case dcplan.PodFailed:
		return dcplan.PhaseFailed
	}
	return dcplan.PhaseNew
}

// nextStatusComp is upstream's choice between a phase derived from the pod
// and Pending for an RC that is still New: Pending when the derived phase
// can still move to Pending (that is, when it is New), else the derived
// phase. So an existing related pod never leaves a New RC in New.
func nextStatusComp(fromPod, pending dcplan.Phase) dcplan.Phase {
	if CanTransition(fromPod, pending) {
		return pending
	}
	return fromPod
}

// CompletedAt returns the finishedAt of the first container status of p
// that is terminated, and whether there is one: the value of the
// openshift.io/deployer-pod.completed-at annotation the deployer writes
// when the pod Succeeded or Failed (SPEC 1.1, 2.2).
//
// Ports: deployer_controller.go (*DeploymentController).nextStatus,
// "completed-at".
func CompletedAt(p dcplan.Pod) (time.Time, bool) {
	for _, c := range p.Containers {
		if c.Terminated {
			return c.FinishedAt, true
		}
	}
	return time.Time{}, false
}

// exitedNonZero reports whether any container of p terminated with a
// non-zero exit code (the seed-era success check, SPEC 7 row 29).
func exitedNonZero(p dcplan.Pod) bool {
	for _, c := range p.Containers {
		if c.Terminated && c.ExitCode != 0 {
			return true
		}
	}
	return false
}

package phase

import (
	"github.com/dcplan/dcplan"
)

// CancelByDeadline plans the oldest Origin cancel mechanism for the RC
// named rc (SPEC 2.3 "Old mechanism", 7 row 25): instead of deleting the
// deployer and hook pods of a cancelled rollout, it sets their
// spec.activeDeadlineSeconds to 1 so the kubelet kills them, and the pod
// failure then fails the RC (through DeployerPod). It is an alternative to
// Step, not a part of it: an adapter or simulator that wants the oldest
// behaviour calls CancelByDeadline instead of Step for a cancelled Pending
// or Running RC, whatever the profile. The rules, in order:
//
//  1. An invalid snapshot, an unknown RC, an RC that is not cancelled or
//     whose phase is not Pending or Running: empty plan.
//  2. Every pod labelled openshift.io/deployer-pod-for.name = rc, sorted by
//     name, whose activeDeadlineSeconds is not already 1 gets a
//     SetPodDeadline to 1 (pods already at 1 are skipped).
//  3. When at least one deadline is set, the event `cancelled` /
//     "Cancelled deployment" is recorded. (Upstream recorded it on every
//     pass; a plan that only repeats an event would never converge, so
//     dcplan records it with the writes only.)
//
// Ports: Origin deployment controller.go (*DeploymentController).Handle,
// Pending/Running cancellation with ActiveDeadlineSeconds (Origin ≈1.0-1.2).
func CancelByDeadline(s dcplan.Snapshot, rc string) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	d, ok := s.Deployment(rc)
	if !ok || !d.Cancelled || (d.Phase != dcplan.PhasePending && d.Phase != dcplan.PhaseRunning) {
		return dcplan.Plan{}
	}
	pods := deployerPods(s.Pods, rc, func(p dcplan.Pod) bool {
		return !p.HasActiveDeadline || p.ActiveDeadlineSeconds != 1
	})
	if len(pods) == 0 {
		return dcplan.Plan{}
	}
	plan := dcplan.Plan{SetPodDeadlines: make([]dcplan.SetPodDeadline, len(pods))}
	for i, p := range pods {
		a := dcplan.SetPodDeadline{Rule: ruleOriginDeadline, Pod: p.Name, To: 1}
		if p.HasActiveDeadline {
			a.HadDeadline, a.From = true, p.ActiveDeadlineSeconds
		}
		plan.SetPodDeadlines[i] = a
	}
	plan.Events = []dcplan.Event{event(d, ruleOriginDeadline, dcplan.EventNormal, dcplan.EventSeedCancelled, msgSeedCancelled)}
	return plan
}

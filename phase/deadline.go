package phase

import (
	"fmt"
	"slices"

	"github.com/dcplan/dcplan"
)

// CancelByDeadline plans the Origin cancel of a Pending or Running rollout
// for the RC named rc (SPEC 2.3 "Old mechanism", 7 row 25): instead of
// deleting the deployer and hook pods, it sets their
// spec.activeDeadlineSeconds to 1 so the kubelet kills them, and the pod
// failure then fails the RC (through DeployerPod). Step plans exactly this
// for a cancelled Pending or Running RC whose deployer pod exists under the
// CancelByDeadline switch (the Origin10 preset; the later seeds and Modern
// delete the pods instead); CancelByDeadline is the same decision on its
// own, for any switches, for adapters and simulators that want only the
// cancel. The rules, in order:
//
//  1. An invalid snapshot, an unknown RC, an RC that is not cancelled or
//     whose phase is not Pending or Running: empty plan.
//  2. Every pod labelled openshift.io/deployer-pod-for.name = rc, sorted by
//     name, whose activeDeadlineSeconds is not already 1 gets a
//     SetPodDeadline to 1 (pods already at 1 are skipped).
//  3. When at least one deadline is set, the seed event `cancelled` /
//     "Cancelled deployment" is recorded right after the last of them, as
//     upstream recorded it before any RC update of the pass (SPEC 13.1).
//     (Upstream recorded it on every pass; a plan that only repeats an
//     event would never converge, so dcplan records it with the writes
//     only.)
//  4. When s.Outcome reports a deadline write failed, the pass stops
//     there, as upstream's did: the writes after it and the `cancelled`
//     event are dropped, a failedCancellation warning `Error cancelling
//     deployer pod <pod> for deployment <ns>/<rc>: <err>` follows the
//     failed write, and the plan waits to retry (dcplan.WaitRetry) with
//     upstream's error, whose format had one verb more than its
//     arguments: `couldn't cancel deployer pod <ns>/<rc> for deployment
//     <err>: %!v(MISSING)`.
//
// Ports: Origin deployment controller.go (*DeploymentController).Handle,
// Pending/Running cancellation with ActiveDeadlineSeconds (Origin ≈1.0-1.4).
func CancelByDeadline(s dcplan.Snapshot, rc string) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	d, ok := s.Deployment(rc)
	if !ok || !d.Cancelled || (d.Phase != dcplan.PhasePending && d.Phase != dcplan.PhaseRunning) {
		return dcplan.Plan{}
	}
	d = *inNamespace(&s, &d)
	var plan dcplan.Plan
	plan.SetPodDeadlines, plan.Events = deadlines(s.Pods, &d)
	deadlineFailure(&plan, &s.Outcome, &d)
	if s.Settings.EventsOnRC {
		onRC(plan.Events, &d)
	}
	return plan
}

// deadlineFailure replays the oldest deployer after a deadline write of
// plan p for RC d failed, as o reports it (SPEC 2.3 "Old mechanism", 7 row
// 25, 13): it stopped at that pod, recorded failedCancellation `Error
// cancelling deployer pod <pod> for deployment <ns>/<rc>: <err>`, and
// returned its error, which is retried; that error's format has one verb
// more than its arguments, so it reads `couldn't cancel deployer pod
// <ns>/<rc> for deployment <err>: %!v(MISSING)`. The writes after the
// failed one and the `cancelled` event are never reached. It reports
// whether a deadline write failed.
func deadlineFailure(p *dcplan.Plan, o *dcplan.Outcome, d *dcplan.Deployment) bool {
	for i, a := range p.SetPodDeadlines {
		f, failed := o.Failed(dcplan.ActionSetPodDeadline, a.Pod)
		if !failed {
			continue
		}
		p.SetPodDeadlines = p.SetPodDeadlines[:i+1]
		p.Events = slices.DeleteFunc(p.Events, func(e dcplan.Event) bool {
			return e.Rule == ruleOriginDeadline && e.Reason == dcplan.EventSeedCancelled
		})
		at := dcplan.ActionRef{Kind: dcplan.ActionSetPodDeadline, Index: i}
		p.Events = append(p.Events, eventAfter(at, event(d, ruleOriginDeadline, dcplan.EventWarning, dcplan.EventSeedFailedCancellation,
			fmt.Sprintf("Error cancelling deployer pod %s for deployment %s: %s", a.Pod, label(d), f.Message))))
		p.Wait, p.Error = dcplan.WaitRetry, dcplan.ErrorRetry
		p.Message = fmt.Sprintf("couldn't cancel deployer pod %s for deployment %s: %%!v(MISSING)", label(d), f.Message)
		return true
	}
	return false
}

// deadlines is rules 2 and 3 of CancelByDeadline for RC d: the deadline
// writes and the event, both nil when every pod is already at 1. The event
// is placed after the last deadline write: a Step pass that also writes
// the RC (SeedPodController off) records it before that write, so a failed
// RC update does not take it back.
func deadlines(all []dcplan.Pod, d *dcplan.Deployment) ([]dcplan.SetPodDeadline, []dcplan.Event) {
	pods := deployerPods(all, d.Name, func(p dcplan.Pod) bool {
		return !p.HasActiveDeadline || p.ActiveDeadlineSeconds != 1
	})
	if len(pods) == 0 {
		return nil, nil
	}
	out := make([]dcplan.SetPodDeadline, len(pods))
	for i, p := range pods {
		a := dcplan.SetPodDeadline{Rule: ruleOriginDeadline, Pod: p.Name, To: 1}
		if p.HasActiveDeadline {
			a.HadDeadline, a.From = true, p.ActiveDeadlineSeconds
		}
		out[i] = a
	}
	at := dcplan.ActionRef{Kind: dcplan.ActionSetPodDeadline, Index: len(out) - 1}
	return out, []dcplan.Event{eventAfter(at, event(d, ruleOriginDeadline, dcplan.EventNormal, dcplan.EventSeedCancelled, msgSeedCancelled))}
}

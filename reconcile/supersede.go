package reconcile

import (
	"cmp"
	"slices"

	"github.com/dcplan/dcplan"
)

// inFlight reports whether some RC of rcs is awaited (see awaited).
func inFlight(rcs []dcplan.Deployment, sw *dcplan.Switches) bool {
	for i := range rcs {
		if awaited(&rcs[i], sw) {
			return true
		}
	}
	return false
}

// awaited reports whether the DC controller waits for d before a new
// rollout: d has not reached a terminal phase, so is New, Pending,
// Running, or without a phase (SPEC 3.4 note) unless that is Modern's
// hand-made RC, which no deployer will ever move (AwaitUnknownPhase, SPEC
// 3.4.unknown).
func awaited(d *dcplan.Deployment, sw *dcplan.Switches) bool {
	return !d.Phase.Terminal() && (d.Phase != dcplan.PhaseUnknown || sw.AwaitUnknownPhase)
}

// newestFirst returns the indices of the RCs of rcs that keep selects,
// ordered by version descending, RCs sharing a version in list order: the
// order of cancellations and scaling (SPEC 11 item 9, 13.1). Sorting indices rather than
// a copy of the RCs keeps a large history cheap when few RCs are selected.
// The indices are appended to idx, which callers pass as a small stack
// buffer, so that selecting a few RCs allocates nothing.
func newestFirst(idx []int, rcs []dcplan.Deployment, keep func(*dcplan.Deployment) bool) []int {
	for i := range rcs {
		if keep(&rcs[i]) {
			idx = append(idx, i)
		}
	}
	sortNewestFirst(idx, rcs)
	return idx
}

// sortNewestFirst sorts idx, indices of rcs in list order, by version
// descending; equal versions keep their list order.
func sortNewestFirst(idx []int, rcs []dcplan.Deployment) {
	if len(idx) > 1 {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rcs[b].Version, rcs[a].Version) })
	}
}

// supersede plans the cancellation of every in-flight rollout, run when the
// latest rollout does not exist yet (SPEC 3.2.8, 3.4; one rollout at a
// time, SPEC 0.2). The rules, in order, over
// the RCs by version descending:
//
//  1. A terminal RC is skipped (SPEC 3.4.1), and so is an RC without a
//     phase in Modern (AwaitUnknownPhase false).
//  2. Any other RC means "awaiting". If it is already cancelled, nothing
//     more is done for it (SPEC 3.4.2).
//  3. Otherwise it is cancelled with reason "newer deployment was found
//     running" (with the LongReasons switch the earliest long form, "The
//     deployment was cancelled as a newer deployment was found running":
//     SPEC 1.4, 11a.1), and a
//     DeploymentCancelled event names it.
//
// A cancel that s.Outcome reports failed ends the pass there: a
// DeploymentCancellationFailed warning, and the write's error as the
// handler's (SPEC 3.4.3). The cancel of an orphan this plan adopts
// re-claims it before each attempt with ReclaimEachAttempt
// (Cancel.Reclaim, SPEC 3.3.reclaim): a failed re-claim is `error while
// deploymentConfigController claiming the replication controller
// <ns>/<rc>: <err>`; one that finds the RC gone skips it, as upstream's
// does. The Origin seed recorded the warning and went
// on (SPEC 7 row 6).
//
// When something is awaited, the plan also gets a
// DeploymentAwaitingCancellation event, Wait = WaitCancellation and the
// upstream requeue message; supersede then reports true and the caller
// stops there. Nothing is in flight: p is untouched and false is returned,
// without allocating.
//
// Ports: deploymentconfig_controller.go
// (*DeploymentConfigController).cancelRunningRollouts.
func supersede(s *dcplan.Snapshot, rcs []dcplan.Deployment, p *dcplan.Plan) bool {
	sw := &s.Settings.Switches
	if !inFlight(rcs, sw) {
		return false
	}
	cfg := &s.Config
	reason := dcplan.ReasonCancelledByNewer
	if sw.LongReasons {
		reason = dcplan.LongReasonCancelledByNewer
	}
	v := cfg.Status.LatestVersion
	var buf [4]int
	for _, i := range newestFirst(buf[:0], rcs, func(d *dcplan.Deployment) bool { return awaited(d, sw) && !d.Cancelled }) {
		d := &rcs[i]
		p.Cancels = append(p.Cancels, dcplan.Cancel{
			Rule: ruleCancel, RC: d.Name, Version: d.Version, Phase: d.Phase, Reason: reason,
			Reclaim: reclaims(sw, p, d.Name), Once: sw.CancelWithoutRetry,
		})
		at := dcplan.ActionRef{Kind: dcplan.ActionCancel, Index: len(p.Cancels) - 1}
		if f, failed := s.Outcome.Failed(dcplan.ActionCancel, d.Name); failed {
			if f.Prelude && f.Reason == dcplan.StatusNotFound {
				continue // the re-claim found it gone: not ours, nothing to cancel (SPEC 3.3.reclaim)
			}
			msg := f.Message
			if f.Prelude {
				msg = msgReclaimFailed(rcNamespace(cfg, d), d.Name, f.Message)
			}
			p.Events = append(p.Events, eventAfter(at, configEvent(cfg, ruleCancel, dcplan.EventWarning,
				dcplan.EventDeploymentCancellationFailed, msgCancellationFailed(d.Name, v, msg))))
			if sw.SeedConfigController {
				continue // the seed went on with the other cancellations (SPEC 7 row 6)
			}
			p.Wait, p.Message = dcplan.WaitRetry, msg
			return true
		}
		p.Events = append(p.Events, eventAfter(at, configEvent(cfg, ruleCancel, dcplan.EventNormal, dcplan.EventDeploymentCancelled, msgCancelled(d.Name, v))))
	}
	p.Events = append(p.Events, configEvent(cfg, ruleAwaiting, dcplan.EventNormal, dcplan.EventDeploymentAwaitingCancellation, msgAwaiting(v)))
	p.Wait = dcplan.WaitCancellation
	p.Message = msgInflight(cfg)
	return true
}

package cancel

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/dcplan/dcplan"
)

// Rule ids of the actions this package plans.
const (
	// RuleCancel is the user cancel of SPEC 6.1 (oc deploy --cancel).
	RuleCancel dcplan.Rule = "6.1"
	// RuleRolloutCancel is the user cancel of SPEC 6m.1 step 3.5 (oc
	// rollout cancel).
	RuleRolloutCancel dcplan.Rule = "6m.1.3.5"
	// RuleRetryDeletePod is the deployer/hook pod deletion of SPEC 6.2
	// step 5 (oc deploy --retry).
	RuleRetryDeletePod dcplan.Rule = "6.2.5"
	// RuleRetryReset is the Failed → New reset of SPEC 6.2 step 6 (oc
	// deploy --retry).
	RuleRetryReset dcplan.Rule = "6.2.6"
	// RuleRolloutRetryDeletePod is the deployer/hook pod deletion of SPEC
	// 6m.2 step 3.6 (oc rollout retry).
	RuleRolloutRetryDeletePod dcplan.Rule = "6m.2.3.6"
	// RuleRolloutRetryReset is the Failed → New reset of SPEC 6m.2 step
	// 3.7 (oc rollout retry).
	RuleRolloutRetryReset dcplan.Rule = "6m.2.3.7"
)

// UserReason returns the status-reason a user cancel writes:
// "cancelled by the user", or with the LongReasons switch the earliest
// long form "The deployment was cancelled by the user" (SPEC 1.4, 11a.1).
func UserReason(sw dcplan.Switches) string {
	if sw.LongReasons {
		return dcplan.LongReasonCancelledByUser
	}
	return dcplan.ReasonCancelledByUser
}

// Cancel plans the user cancel of every rollout of the DC that is still in
// flight: `oc rollout cancel dc/<dc>` (SPEC 6m.1) or one of the three
// `oc deploy --cancel` generations (SPEC 6.1), as the OcCancel switch
// selects. The rules, in order (for CancelRollout, SPEC 6m.1.3: oc's
// procedure for one resolved DC):
//
//  1. An invalid snapshot, or one without a DC (Snapshot.ValidateConfig),
//     gives an empty plan, the zero Report and the validation error.
//  2. A paused DC: CancelC refuses with a *dcplan.Refusal wrapping
//     ErrPaused, `cannot cancel a paused deployment config`; CancelRollout
//     refuses with `unable to cancel paused deployment <ns>/<dc>`, or,
//     with OcPausedCancelStillCancels (upstream's accident, SPEC 13.2),
//     records that text in Report.Errors and goes on cancelling. CancelA
//     and CancelB have no paused check.
//  3. The RCs considered are those labelled
//     openshift.io/deployment-config.name=<dc> (Deployment.ConfigLabel),
//     newest first (version descending, SPEC 6m.1.3.4; RCs of one version
//     in list order, as upstream's sort leaves them, SPEC 13.1). CancelA
//     visits (and prints) them in list order, which for the API server is
//     name order; its actions are still newest first (SPEC 11 item 9).
//  4. None: an empty plan; CancelRollout returns the error `there have
//     been no replication controllers for <ns>/<dc>` (SPEC 6m.1.3.3,
//     ErrNoDeployments, after the paused complaint of rule 2 when there
//     is one, which then also wraps ErrPaused;
//     upstream's message ends in a newline, so oc prints no other), the
//     other generations a Report saying so.
//  5. Each RC in phase New, Pending or Running that is not already
//     cancelled gets a dcplan.Cancel (rule 6.1, or 6m.1.3.5 for
//     CancelRollout) with UserReason; already-cancelled and terminal (or
//     phase-less) RCs get no action.
//  6. When s.Outcome reports Cancel writes that failed (the plan stays
//     the same: oc goes on to the next RC), the Report holds them
//     (Report.Failures) and the error is Report.Err's: oc's output and
//     error after failed writes, as Failed describes them (the aggregate of
//     the recorded errors, SPEC 6m.1.4).
//
// The Report is what oc prints once every action is applied (see
// Report.Lines for each generation).
//
// Ports: oc pkg/cli/rollout/cancel.go (CancelOptions).Run (CancelRollout);
// (DeployOptions).cancel(config) (CancelC), (DeployOptions).cancel(config,
// out) (CancelB), cancelDeploymentCommand (CancelA).
func Cancel(s dcplan.Snapshot) (dcplan.Plan, Report, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, Report{}, err
	}
	cfg := s.Config
	sw := s.Settings.Switches
	r := Report{
		Op:            OpCancel,
		Switches:      sw,
		Namespace:     cfg.Namespace,
		Config:        cfg.Name,
		LatestVersion: cfg.Status.LatestVersion,
	}
	if cfg.Paused { // rule 2; SPEC 6m.1.3.2 for CancelRollout
		switch {
		case sw.OcCancel == dcplan.CancelC:
			return dcplan.Plan{}, Report{}, refuse(ErrPaused, "cannot cancel a paused deployment config")
		case sw.OcCancel == dcplan.CancelRollout && !sw.OcPausedCancelStillCancels:
			return dcplan.Plan{}, Report{}, refuse(ErrPaused, pausedText(cfg))
		case sw.OcCancel == dcplan.CancelRollout:
			r.Errors = append(r.Errors, pausedText(cfg))
		}
	}
	rcs := listed(s)
	if len(rcs) == 0 {
		r.NoDeployments = true
		if sw.OcCancel == dcplan.CancelRollout {
			sentinel := ErrNoDeployments
			if len(r.Errors) > 0 { // the paused complaint too (OcPausedCancelStillCancels)
				sentinel = errors.Join(ErrNoDeployments, ErrPaused)
			}
			r.Errors = append(r.Errors, fmt.Sprintf("there have been no replication controllers for %s/%s\n", cfg.Namespace, cfg.Name))
			return dcplan.Plan{}, Report{}, refuseAll(sentinel, r.Errors)
		}
		return dcplan.Plan{}, r, nil
	}
	rule := RuleCancel
	if sw.OcCancel == dcplan.CancelRollout {
		rule = RuleRolloutCancel
	}
	var p dcplan.Plan
	reason := UserReason(sw)
	visit := rcs
	if sw.OcCancel == dcplan.CancelA {
		visit = byName(rcs)
	}
	for _, d := range visit {
		r.Listed = append(r.Listed, target(*d, s))
	}
	for _, d := range rcs {
		if !inFlight(d.Phase) || d.Cancelled {
			continue
		}
		p.Cancels = append(p.Cancels, dcplan.Cancel{
			Rule: rule, RC: d.Name, Version: d.Version, Phase: d.Phase, Reason: reason,
			ByUser: true, Patch: sw.OcCancel == dcplan.CancelRollout,
		})
		r.Cancelled = append(r.Cancelled, target(*d, s))
		if f, failed := s.Outcome.Failed(dcplan.ActionCancel, d.Name); failed {
			r.Failures = append(r.Failures, Failure{RC: d.Name, Version: d.Version, Err: serverError(ErrCancelFailed, f)})
		}
	}
	if len(r.Failures) > 0 {
		return p, r, r.Err()
	}
	return p, r, nil
}

// pausedText is oc rollout cancel's complaint about a paused DC.
func pausedText(cfg dcplan.Config) string {
	return fmt.Sprintf("unable to cancel paused deployment %s/%s", cfg.Namespace, cfg.Name)
}

// listed returns the DC's RCs as the config selector lists them, newest
// first, those of one version in list order. The pointers point into s.Deployments, which is only read: sorting
// pointers instead of copying the (large) Deployment values keeps Cancel
// cheap on long histories.
func listed(s dcplan.Snapshot) []*dcplan.Deployment {
	var out []*dcplan.Deployment
	for i := range s.Deployments {
		if s.Deployments[i].ConfigLabel == s.Config.Name {
			out = append(out, &s.Deployments[i])
		}
	}
	// Version descending, stable: RCs of one version keep their list
	// order, as upstream's sort leaves them (SPEC 13.1).
	slices.SortStableFunc(out, func(a, b *dcplan.Deployment) int { return cmp.Compare(b.Version, a.Version) })
	return out
}

// byName returns rcs sorted by name: the order of an API server list.
func byName(rcs []*dcplan.Deployment) []*dcplan.Deployment {
	return slices.SortedFunc(slices.Values(rcs), func(a, b *dcplan.Deployment) int { return cmp.Compare(a.Name, b.Name) })
}

// inFlight reports whether a user cancel applies to phase p: New, Pending
// or Running (the empty phase is not in flight for oc).
func inFlight(p dcplan.Phase) bool {
	return p == dcplan.PhaseNew || p == dcplan.PhasePending || p == dcplan.PhaseRunning
}

// target describes d as a report names it, with its age at s.Now.
func target(d dcplan.Deployment, s dcplan.Snapshot) Target {
	return Target{Name: d.Name, Version: d.Version, Phase: d.Phase, PhaseSpelling: d.PhaseSpelling, Cancelled: d.Cancelled, Age: s.Now.Sub(d.CreationTime)}
}

package cancel

import (
	"cmp"
	"slices"

	"github.com/dcplan/dcplan"
)

// Rule ids of the actions this package plans.
const (
	// RuleCancel is the user cancel of SPEC 6.1.
	RuleCancel dcplan.Rule = "6.1"
	// RuleRetryDeletePod is the deployer/hook pod deletion of SPEC 6.2
	// step 5.
	RuleRetryDeletePod dcplan.Rule = "6.2.5"
	// RuleRetryReset is the Failed → New reset of SPEC 6.2 step 6.
	RuleRetryReset dcplan.Rule = "6.2.6"
)

// UserReason returns the status-reason a user cancel writes in profile p:
// "cancelled by the user" (Modern, Exact), or the long form of the era of
// cancel variant B, "The deployment was cancelled by the user" (Origin,
// SPEC 1.4).
func UserReason(p dcplan.Profile) string {
	if p == dcplan.Origin {
		return dcplan.LongReasonCancelledByUser
	}
	return dcplan.ReasonCancelledByUser
}

// Cancel plans `oc rollout cancel dc/<dc>` (SPEC 6.1): the cancellation of
// every rollout of the DC that is still in flight. The rules, in order:
//
//  1. An invalid snapshot (Snapshot.Validate) gives an empty plan, the
//     zero Report and the validation error.
//  2. Modern, Exact (variant C): a paused DC is refused with a *dcplan.Refusal
//     wrapping ErrPaused, `cannot cancel a paused deployment config`.
//     Origin (variant B) has no paused check.
//  3. The RCs considered are those labelled
//     openshift.io/deployment-config.name=<dc> (Deployment.ConfigLabel),
//     newest first (version descending, ties by name descending).
//  4. None: an empty plan; the Report says there have been no deployments.
//  5. Each RC in phase New, Pending or Running that is not already
//     cancelled gets a dcplan.Cancel (rule 6.1) with UserReason(profile);
//     already-cancelled and terminal (or phase-less) RCs are skipped
//     silently.
//  6. Nothing cancelled: an empty plan; the Report describes the newest RC
//     (version, phase, cancelling marker, age at Snapshot.Now).
//
// The Report is what oc prints once every action is applied; see Failed
// for writes that fail. Cancel never returns an error for "nothing to do".
//
// Ports: oc (DeployOptions).cancel (variant C, newest) and, for Origin,
// the DeployOptions.cancel(config, out) variant B.
func Cancel(s dcplan.Snapshot) (dcplan.Plan, Report, error) {
	if err := s.Validate(); err != nil {
		return dcplan.Plan{}, Report{}, err
	}
	cfg := s.Config
	profile := s.Settings.Profile
	if profile != dcplan.Origin && cfg.Paused {
		return dcplan.Plan{}, Report{}, refuse(ErrPaused, "cannot cancel a paused deployment config")
	}
	r := Report{
		Op:            OpCancel,
		Profile:       profile,
		Namespace:     cfg.Namespace,
		Config:        cfg.Name,
		LatestVersion: cfg.Status.LatestVersion,
	}
	rcs := listed(s)
	if len(rcs) == 0 {
		r.NoDeployments = true
		return dcplan.Plan{}, r, nil
	}
	var p dcplan.Plan
	reason := UserReason(profile)
	for _, d := range rcs {
		if !inFlight(d.Phase) || d.Cancelled {
			continue
		}
		p.Cancels = append(p.Cancels, dcplan.Cancel{
			Rule: RuleCancel, RC: d.Name, Version: d.Version, Phase: d.Phase, Reason: reason,
		})
		r.Cancelled = append(r.Cancelled, target(*d))
	}
	if len(r.Cancelled) == 0 {
		r.Newest = target(*rcs[0])
		r.NewestAge = s.Now.Sub(rcs[0].CreationTime)
	}
	return p, r, nil
}

// listed returns the DC's RCs as the config selector lists them, newest
// first. The pointers point into s.Deployments, which is only read: sorting
// pointers instead of copying the (large) Deployment values keeps Cancel
// cheap on long histories.
func listed(s dcplan.Snapshot) []*dcplan.Deployment {
	var out []*dcplan.Deployment
	for i := range s.Deployments {
		if s.Deployments[i].ConfigLabel == s.Config.Name {
			out = append(out, &s.Deployments[i])
		}
	}
	// dcplan.CompareDeployments reversed, without copying the values.
	slices.SortFunc(out, func(a, b *dcplan.Deployment) int {
		if c := cmp.Compare(b.Version, a.Version); c != 0 {
			return c
		}
		return cmp.Compare(b.Name, a.Name)
	})
	return out
}

// inFlight reports whether a user cancel applies to phase p: New, Pending
// or Running (the empty phase is not in flight for oc).
func inFlight(p dcplan.Phase) bool {
	return p == dcplan.PhaseNew || p == dcplan.PhasePending || p == dcplan.PhaseRunning
}

func target(d dcplan.Deployment) Target {
	return Target{Name: d.Name, Version: d.Version, Phase: d.Phase, Cancelled: d.Cancelled}
}

package cancel

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/dcplan/dcplan"
)

// Retry plans `oc rollout retry dc/<dc>` (SPEC 6.2): restart the latest
// rollout after it failed. The rules, in order; each refusal is a *dcplan.Refusal
// whose text is oc's, wrapping the named sentinel:
//
//  1. An invalid snapshot (Snapshot.Validate) gives an empty plan, the
//     zero Report and the validation error.
//  2. Modern, Exact: a paused DC is refused, ErrPaused,
//     `cannot retry a paused deployment config`. (Origin, the era of
//     cancel variant B, has no paused check.)
//  3. status.latestVersion 0 is refused, ErrNoDeployments,
//     `no deployments found for <ns>/<dc>`.
//  4. The RC named <dc>-<latestVersion> must exist (oc GETs it by name),
//     else ErrLatestNotFound: `unable to find the latest deployment
//     (#<n>).` + "\n" + `You can start a new deployment with 'oc deploy
//     --latest dc/<dc>'.` (Modern, Exact) or `You can start a new
//     deployment using the --latest option.` (Origin).
//  5. Its phase must be Failed, else ErrNotFailed: `#<n> is <phase>; only
//     failed deployments can be retried.` + "\n" + for Complete `You can
//     start a new deployment with 'oc deploy --latest dc/<dc>'.`, for any
//     other phase `Optionally, you can cancel this deployment with 'oc
//     rollout cancel dc/<dc>'.` (Modern, Exact); Origin words them `You can
//     start a new deployment using the --latest option.` and `Optionally,
//     you can cancel this deployment using the --cancel option.`
//  6. Every pod labelled openshift.io/deployer-pod-for.name=<rc> gets a
//     dcplan.DeletePod with GracePeriodZero (rule 6.2.5), sorted by name.
//  7. The RC gets one dcplan.Transition Failed → New with ClearCancel
//     (rule 6.2.6), and nothing else: replicas, desired replicas, the
//     deployer pod name and the timestamps stay.
//
// The Report prints `Retried #<n>` (plus, Modern and Exact, the `Use 'oc
// logs -f dc/<dc>' to track its progress.` line). Retry only ever touches
// the latest RC, and only when it is Failed.
//
// Ports: oc (DeployOptions).retry (newest) and, for Origin, the
// DeployOptions.retry(config, out) of the cancel variant B era.
func Retry(s dcplan.Snapshot) (dcplan.Plan, Report, error) {
	if err := s.Validate(); err != nil {
		return dcplan.Plan{}, Report{}, err
	}
	cfg := s.Config
	origin := s.Settings.Profile == dcplan.Origin
	n := cfg.Status.LatestVersion
	if !origin && cfg.Paused {
		return dcplan.Plan{}, Report{}, refuse(ErrPaused, "cannot retry a paused deployment config")
	}
	if n == 0 {
		return dcplan.Plan{}, Report{}, refuse(ErrNoDeployments,
			fmt.Sprintf("no deployments found for %s/%s", cfg.Namespace, cfg.Name))
	}
	startNew := fmt.Sprintf("You can start a new deployment with 'oc deploy --latest dc/%s'.", cfg.Name)
	cancelIt := fmt.Sprintf("Optionally, you can cancel this deployment with 'oc rollout cancel dc/%s'.", cfg.Name)
	if origin {
		startNew = "You can start a new deployment using the --latest option."
		cancelIt = "Optionally, you can cancel this deployment using the --cancel option."
	}
	name := dcplan.DeploymentName(cfg.Name, n)
	rc, ok := s.Deployment(name)
	if !ok {
		return dcplan.Plan{}, Report{}, refuse(ErrLatestNotFound,
			fmt.Sprintf("unable to find the latest deployment (#%d).\n%s", n, startNew))
	}
	if rc.Phase != dcplan.PhaseFailed {
		hint := cancelIt
		if rc.Phase == dcplan.PhaseComplete {
			hint = startNew
		}
		return dcplan.Plan{}, Report{}, refuse(ErrNotFailed,
			fmt.Sprintf("#%d is %s; only failed deployments can be retried.\n%s", n, rc.Phase, hint))
	}

	var p dcplan.Plan
	for _, pod := range s.Pods {
		if pod.DeployerFor == name {
			p.DeletePods = append(p.DeletePods, dcplan.DeletePod{
				Rule: RuleRetryDeletePod, Pod: pod.Name, RC: name, GracePeriodZero: true,
			})
		}
	}
	slices.SortFunc(p.DeletePods, func(a, b dcplan.DeletePod) int { return cmp.Compare(a.Pod, b.Pod) })
	p.Transitions = []dcplan.Transition{{
		Rule: RuleRetryReset, RC: name, Version: rc.Version,
		From: dcplan.PhaseFailed, To: dcplan.PhaseNew, ClearCancel: true,
	}}
	return p, Report{
		Op:            OpRetry,
		Profile:       s.Settings.Profile,
		Namespace:     cfg.Namespace,
		Config:        cfg.Name,
		LatestVersion: n,
		Retried:       target(rc),
	}, nil
}

package cancel

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/dcplan/dcplan"
)

// Retry plans the user retry of the latest rollout after it failed: `oc
// rollout retry dc/<dc>` (SPEC 6m.2) or an `oc deploy --retry`
// generation (SPEC 6.2), as the OcRetry switch selects. The rules, in
// order (rules 2-5 are oc's refusals, SPEC 6m.2.3); each refusal is a
// *dcplan.Refusal whose text is oc's, wrapping the named sentinel:
//
//  1. An invalid snapshot, or one without a DC (Snapshot.ValidateConfig),
//     gives an empty plan, the zero Report and the validation error.
//
//  2. A paused DC is refused, ErrPaused: `unable to retry paused
//     deployment config "<dc>"` (RetryRollout), `cannot retry a paused
//     deployment config` (RetryNewest); RetryOldest and RetryMiddle have no
//     paused check (SPEC 6m.2.3.2, 6.2.1).
//
//  3. The latest rollout <n> is the one status.latestVersion names;
//     unless OcRetryLaggingStatus (Exact, the seeds), the newest RC the
//     DC claims when that is newer (SPEC 6m.2.lag): a status catching up
//     one version a pass (a DC created again over its RCs, SPEC 3.2.7)
//     names an older RC, whose retry would run beside the newer rollout.
//     A latest rollout 0 is refused, ErrNoDeployments: `no rollouts
//     found for "<dc>"` (RetryRollout, SPEC 6m.2.3.3), else `no
//     deployments found for <ns>/<dc>`.
//
//  4. The RC named <dc>-<n> must exist (oc GETs it by name,
//     SPEC 6m.2.3.4),
//     else ErrLatestNotFound: `unable to find the latest rollout (#<n>).`
//     + "\n" + `You can start a new rollout with 'oc rollout latest
//     dc/<dc>'.` (RetryRollout); `Unable to find the latest deployment
//     (#<n>).` + "\n" + `You can start a new deployment using the --latest
//     option.` (RetryOldest; RetryMiddle spells it `unable`); `unable to
//     find the latest deployment (#<n>).` + "\n" + `You can start a new
//     deployment with 'oc deploy --latest dc/<dc>'.` (RetryNewest).
//
//  5. Its phase must be Failed (SPEC 6m.2.3.5), else ErrNotFailed:
//     `rollout #<n> is <phase lowercased>; only failed deployments can be
//     retried.`
//     (RetryRollout) or `#<n> is <phase>; only failed deployments can be
//     retried.`, then "\n" and for Complete the start-a-new hint, for any
//     other phase the cancel hint: `You can start a new deployment with
//     'oc rollout latest dc/<dc>'.` / `Optionally, you can cancel this
//     deployment with 'oc rollout cancel dc/<dc>'.` (RetryRollout); `You
//     can start a new deployment using the --latest option.` /
//     `Optionally, you can cancel this deployment using the --cancel
//     option.` (RetryOldest, RetryMiddle); `You can start a new
//     deployment with 'oc deploy --latest dc/<dc>'.` / `Optionally, you
//     can cancel this deployment with 'oc rollout cancel dc/<dc>'.`
//     (RetryNewest).
//
//  6. Every pod labelled openshift.io/deployer-pod-for.name=<rc> gets a
//     dcplan.DeletePod with GracePeriodZero (rule 6.2.5), sorted by name.
//
//  7. The RC gets one dcplan.Transition Failed → New with ClearCancel
//     (rule 6.2.6), and nothing else: replicas, desired replicas, the
//     deployer pod name and the timestamps stay. Unless
//     RetryTimeoutFromCreation (Exact, the seeds), it also writes s.Now
//     into dcplan.io/retried-at (Transition.RetriedAt), from which the
//     deployer counts the retried rollout's New-phase timeout
//     (SPEC 4.3.new.3.retry): upstream counts from the RC's creation, so
//     a retry of a rollout older than timeoutSeconds fails at once.
//
//     Unless IgnoreExpectations (Exact, the seeds), it also writes the uid
//     of the deployer pod rule 6 deletes, if any, into
//     dcplan.io/retried-pod (Transition.RetriedPod), so that a deployer
//     whose cache still shows that pod waits for the delete; upstream's
//     fails the retried rollout at once, for the old pod's Failed phase
//     (SPEC 4.2.expect.retry).
//
//  8. When s.Outcome reports a delete of rule 6 failed, the plan keeps
//     the deletes (for `oc deploy --retry`, those up to the failed one:
//     it stops there) and drops the reset, the Report is the zero Report,
//     and the error is a *dcplan.Refusal wrapping ErrRetryFailed whose
//     text is, for each failed delete, `failed to delete deployer/hook pod
//     <pod> for deployment #<n>: <err>` (one per line when several:
//     `oc rollout retry` reports every failure, `oc deploy --retry` the
//     first).
//
//  9. When s.Outcome reports the reset's write (ActionTransition on the
//     RC) failed, the plan keeps the deletes and the reset (all sent),
//     the Report is the zero Report (oc prints no success line), and the
//     error wraps ErrRetryFailed with the write's error text as is
//     (SPEC 6m.2.3.7 "Patch error → recorded as-is"; 6.2.6, the `oc
//     deploy --retry` generations return the update's error).
//
// The Report prints the success line of the generation (Report.Lines).
// Retry only ever touches the latest RC, and only when it is Failed.
//
// Ports: oc pkg/cli/rollout/retry.go (RetryOptions).Run (RetryRollout);
// (DeployOptions).retry of the `oc deploy` generations.
func Retry(s dcplan.Snapshot) (dcplan.Plan, Report, error) {
	if err := s.ValidateConfig(); err != nil {
		return dcplan.Plan{}, Report{}, err
	}
	cfg := s.Config
	gen := s.Settings.OcRetry
	n := cfg.Status.LatestVersion
	if !s.Settings.OcRetryLaggingStatus {
		n = max(n, newestClaimed(s)) // SPEC 6m.2.lag
	}
	if cfg.Paused {
		switch gen {
		case dcplan.RetryRollout:
			return dcplan.Plan{}, Report{}, refuse(ErrPaused, fmt.Sprintf("unable to retry paused deployment config %q", cfg.Name))
		case dcplan.RetryNewest:
			return dcplan.Plan{}, Report{}, refuse(ErrPaused, "cannot retry a paused deployment config")
		}
	}
	if n == 0 {
		msg := fmt.Sprintf("no deployments found for %s/%s", cfg.Namespace, cfg.Name)
		if gen == dcplan.RetryRollout {
			msg = fmt.Sprintf("no rollouts found for %q", cfg.Name)
		}
		return dcplan.Plan{}, Report{}, refuse(ErrNoDeployments, msg)
	}
	name := dcplan.DeploymentName(cfg.Name, n)
	rc, ok := s.Deployment(name)
	if !ok {
		return dcplan.Plan{}, Report{}, refuse(ErrLatestNotFound, notFoundText(gen, cfg.Name, n))
	}
	if rc.Phase != dcplan.PhaseFailed {
		return dcplan.Plan{}, Report{}, refuse(ErrNotFailed, notFailedText(gen, cfg.Name, n, rc.Phase, rc.PhaseText()))
	}

	deleteRule, resetRule := RuleRetryDeletePod, RuleRetryReset
	if gen == dcplan.RetryRollout {
		deleteRule, resetRule = RuleRolloutRetryDeletePod, RuleRolloutRetryReset
	}
	var p dcplan.Plan
	for _, pod := range s.Pods {
		if pod.DeployerFor == name {
			p.DeletePods = append(p.DeletePods, dcplan.DeletePod{
				Rule: deleteRule, Pod: pod.Name, RC: name, GracePeriodZero: true,
				StopOnFailure: gen != dcplan.RetryRollout,
			})
		}
	}
	slices.SortFunc(p.DeletePods, func(a, b dcplan.DeletePod) int { return cmp.Compare(a.Pod, b.Pod) })
	if err := deleteFailures(&p, s.Outcome, gen, n); err != nil {
		return p, Report{}, err
	}
	reset := dcplan.Transition{
		Rule: resetRule, RC: name, Version: rc.Version,
		From: dcplan.PhaseFailed, To: dcplan.PhaseNew, ClearCancel: true,
		Patch: gen == dcplan.RetryRollout,
	}
	if !s.Settings.RetryTimeoutFromCreation {
		reset.RetriedAt = s.Now // the timeout counts from here (rule 4.3.new.3.retry)
	}
	if !s.Settings.IgnoreExpectations {
		reset.RetriedPod = deletedDeployerUID(s, p.DeletePods, name) // rule 4.2.expect.retry
	}
	p.Transitions = []dcplan.Transition{reset}
	if f, failed := s.Outcome.Failed(dcplan.ActionTransition, name); failed {
		// Rule 9: the write was sent and failed; oc returns its error as is.
		return p, Report{}, serverError(ErrRetryFailed, f)
	}
	return p, Report{
		Op:            OpRetry,
		Switches:      s.Settings.Switches,
		Namespace:     cfg.Namespace,
		Config:        cfg.Name,
		LatestVersion: n,
		Retried:       target(rc, s),
	}, nil
}

// deleteFailures applies the pod deletes that out reports failed (rule
// 8): the RC is then not reset, and the error is a *dcplan.Refusal
// wrapping ErrRetryFailed and each failure's text, `failed to delete
// deployer/hook pod <pod> for deployment #<n>: <err>`. `oc rollout retry`
// (RetryRollout) deletes every pod and reports every failure, one per
// line; `oc deploy --retry` stops at the first, so the deletes after it
// leave p. Nil when no delete failed.
func deleteFailures(p *dcplan.Plan, out dcplan.Outcome, gen dcplan.RetryOutput, n dcplan.Version) error {
	var texts []string
	for i, d := range p.DeletePods {
		f, failed := out.Failed(dcplan.ActionDeletePod, d.Pod)
		if !failed {
			continue
		}
		texts = append(texts, podDeleteFailed(d.Pod, n)+f.Message)
		if gen != dcplan.RetryRollout {
			p.DeletePods = p.DeletePods[:i+1]
			break
		}
	}
	if texts == nil {
		return nil
	}
	return refuseAll(ErrRetryFailed, texts)
}

// notFoundText is the retry refusal for a missing latest RC (rule 4).
func notFoundText(gen dcplan.RetryOutput, dc string, n dcplan.Version) string {
	switch gen {
	case dcplan.RetryRollout:
		return fmt.Sprintf("unable to find the latest rollout (#%d).\nYou can start a new rollout with 'oc rollout latest dc/%s'.", n, dc)
	case dcplan.RetryOldest:
		return fmt.Sprintf("Unable to find the latest deployment (#%d).\nYou can start a new deployment using the --latest option.", n)
	case dcplan.RetryMiddle:
		return fmt.Sprintf("unable to find the latest deployment (#%d).\nYou can start a new deployment using the --latest option.", n)
	}
	return fmt.Sprintf("unable to find the latest deployment (#%d).\nYou can start a new deployment with 'oc deploy --latest dc/%s'.", n, dc)
}

// notFailedText is the retry refusal for a latest RC that is not Failed
// (rule 5).
// phase is the RC's, spelt as text (Deployment.PhaseText).
func notFailedText(gen dcplan.RetryOutput, dc string, n dcplan.Version, phase dcplan.Phase, text string) string {
	var head, startNew, cancelIt string
	switch gen {
	case dcplan.RetryRollout:
		head = fmt.Sprintf("rollout #%d is %s; only failed deployments can be retried.", n, strings.ToLower(text))
		startNew = fmt.Sprintf("You can start a new deployment with 'oc rollout latest dc/%s'.", dc)
		cancelIt = fmt.Sprintf("Optionally, you can cancel this deployment with 'oc rollout cancel dc/%s'.", dc)
	case dcplan.RetryOldest, dcplan.RetryMiddle:
		head = fmt.Sprintf("#%d is %s; only failed deployments can be retried.", n, text)
		startNew = "You can start a new deployment using the --latest option."
		cancelIt = "Optionally, you can cancel this deployment using the --cancel option."
	default:
		head = fmt.Sprintf("#%d is %s; only failed deployments can be retried.", n, text)
		startNew = fmt.Sprintf("You can start a new deployment with 'oc deploy --latest dc/%s'.", dc)
		cancelIt = fmt.Sprintf("Optionally, you can cancel this deployment with 'oc rollout cancel dc/%s'.", dc)
	}
	if phase == dcplan.PhaseComplete {
		return head + "\n" + startNew
	}
	return head + "\n" + cancelIt
}

// newestClaimed returns the version of the newest rollout of the DC that
// the DC controller claims or would adopt (SPEC 3.3): an RC named for
// the DC and its version, with the DC's label, controlled by the DC, or
// an orphan the DC would adopt (SPEC 3.3.2: neither it nor the DC being
// deleted); 0 for none.
func newestClaimed(s dcplan.Snapshot) dcplan.Version {
	var newest dcplan.Version
	for _, d := range s.Deployments {
		if d.Version > newest && d.ConfigLabel == s.Config.Name && d.Name == dcplan.DeploymentName(s.Config.Name, d.Version) &&
			(d.HasController && d.Controller.UID == s.Config.UID || !d.HasController && !d.Deleting && !s.Config.Deleting) {
			newest = d.Version
		}
	}
	return newest
}

// deletedDeployerUID returns the uid of the deployer pod of RC rc among
// the pods deletes removes, "" when they hold none (SPEC 4.2.expect.retry).
func deletedDeployerUID(s dcplan.Snapshot, deletes []dcplan.DeletePod, rc string) string {
	name := dcplan.DeployerPodName(rc)
	if !slices.ContainsFunc(deletes, func(d dcplan.DeletePod) bool { return d.Pod == name }) {
		return ""
	}
	pod, _ := s.Pod(name)
	return pod.UID
}

// Package cancel plans the user operations on a rollout: `oc rollout
// cancel` (SPEC 6.1) and `oc rollout retry` (SPEC 6.2), in each behaviour
// profile, together with the exact text oc prints.
//
// It does not talk to a server and does not plan what the controllers do
// afterwards: a cancelled RC is failed by the deployer controller (package
// phase), and a retried RC, back in phase New, gets a new deployer pod from
// it. Superseded rollouts cancelled by the DC controller (SPEC 3.4) are
// planned by package reconcile.
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
//
// Usage:
//
//	plan, report, err := cancel.Cancel(snap)
//	if err != nil {
//		return err // e.g. errors.Is(err, cancel.ErrPaused); err.Error() is oc's text
//	}
//	if _, err := dcplan.Apply(ctx, backend, plan); err != nil {
//		return err
//	}
//	fmt.Print(report) // what oc prints, e.g. "Cancelled deployment #3\n"
//
// Entry points:
//   - [Cancel]: cancel every in-flight rollout of a DC.
//   - [Retry]: reset the latest, failed rollout to New.
//   - [Report]: what oc prints; [Report.String], [Report.Lines].
//   - [Failed]: oc's output and error when some cancel writes failed.
//   - [Report.PodDeleteError]: oc's error when a retry's pod delete failed.
//   - [Error], [ErrPaused], [ErrNoDeployments], [ErrLatestNotFound],
//     [ErrNotFailed], [FailedError]: refusals.
//   - [UserReason], [HumanAge]: the reason text and the age rendering.
//
// # Profiles
//
// Modern and Exact follow the newest oc (cancel variant C, retry with the
// paused check and the `oc deploy --latest dc/<dc>` wording). They differ
// in one place: Modern's "Cancelled deployment #<v>" names the RC it
// cancelled, Exact names the DC's latestVersion as upstream does (SPEC 11
// item 12). Origin follows the DeployOptions.cancel(config, out) era
// (cancel variant B: lowercase lines, no paused check, "no active
// deployments to cancel", and the long reason "The deployment was
// cancelled by the user" of that era) and the retry of the same era (no
// paused check, "--latest option" wording, no logs hint). The oldest
// cancel (variant A) and the capitalised "Unable to find" retry are not
// reproduced.
//
// In every profile the RCs are visited newest first, so the Cancel actions
// are in version-descending order (SPEC 11 item 9).
package cancel

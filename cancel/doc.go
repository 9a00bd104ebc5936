// Package cancel plans the user operations on a rollout: `oc rollout
// cancel` / `oc deploy --cancel` (SPEC 6m.1, 6.1) and `oc rollout retry` /
// `oc deploy --retry` (SPEC 6m.2, 6.2), per the behaviour switches,
// together with the exact text oc prints.
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
//	// wire.RunOperation plans, sends the requests, and plans again
//	// after a failure, as wire.RunPass does for the controllers.
//	_, report, err := wire.RunOperation(ctx, client, snap, cancel.Cancel)
//	fmt.Print(report) // what oc prints, e.g. "deploymentconfig.apps.openshift.io/web cancelling\n"; nothing for a refusal
//	if err != nil {
//		return err // a refusal (errors.Is(err, cancel.ErrPaused)) or failed writes (cancel.ErrCancelFailed); err.Error() is oc's text
//	}
//	return report.Err() // what oc exits with after writing (Exact, paused DC)
//
// Entry points:
//   - [Cancel]: cancel every in-flight rollout of a DC.
//   - [Retry]: reset the latest, failed rollout to New (not after a failed
//     pod delete, nor when the reset's write failed: [ErrRetryFailed]).
//   - [Report]: what oc prints; [Report.String], [Report.Lines].
//   - [Failed]: oc's output and error when some cancel writes failed.
//   - [Report.PodDeleteError]: oc's error when a retry's pod delete failed,
//     for an adapter that learns of the failure another way than
//     Snapshot.Outcome (from which Retry returns that error itself), on
//     the Report Retry returned with its plan.
//   - [dcplan.Refusal] (every refusal, wrapping one of [ErrPaused],
//     [ErrNoDeployments], [ErrLatestNotFound], [ErrNotFailed]);
//     [ErrCancelFailed], [ErrRetryFailed] and [FailedError] for failed
//     writes; [Report.Err].
//   - [UserReason], [HumanAge]: the reason text and the age rendering.
//
// # Switches
//
// OcCancel picks the cancel generation: CancelRollout (today's `oc rollout
// cancel`, SPEC 6m.1; Modern and Exact), CancelA, CancelB, CancelC (the
// three `oc deploy --cancel` generations of SPEC 6.1; Origin10, Origin13,
// Origin15). OcRetry picks the retry wording the same way (RetryRollout,
// RetryOldest, RetryMiddle, RetryNewest). Exact's accidents of SPEC 13.2
// are OcCancelSilent (no success line) and OcPausedCancelStillCancels (a
// paused DC is complained about, then cancelled). CancelLineDCVersion
// prints the DC's latestVersion in the `oc deploy --cancel` success lines
// (SPEC 10.12), LongReasons the long user reason. Without
// RetryTimeoutFromCreation (Modern) a retry stamps its clock on the RC
// (Transition.RetriedAt), from which the deployer counts the New-phase
// timeout again (SPEC 4.3.new.3.retry); without IgnoreExpectations
// (Modern) it also names the deployer pod it deletes by uid
// (Transition.RetriedPod), so that a deployer whose cache still shows that
// pod waits for the delete (SPEC 4.2.expect.retry). OcRetryLaggingStatus (Exact and
// the seeds) retries the rollout status.latestVersion names even when the
// DC claims a newer RC, as upstream does while a status catches up;
// Modern retries the newest RC the DC claims or would adopt (SPEC
// 6m.2.lag).
//
// The Cancel actions are always in version-descending order (SPEC 11
// item 9), whatever order the command prints in.
package cancel

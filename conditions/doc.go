// Package conditions computes the status a DeploymentConfig controller
// writes: the replica counters, the Available and Progressing conditions
// by the condition set rule, and whether there is anything to write (SPEC
// 3.9, 3.10, 5.16-5.19, and the seed-era differences of section 7 rows
// 14-20); and what `oc rollout status` concludes from a DC and prints as
// it watches one (SPEC 6m.6).
//
// It decides only the status value. It does not choose which RCs a pass
// uses, whether observedGeneration is bumped, or which create condition
// applies (the reconcile package does), and it does not build the
// StatusUpdate action; it performs no I/O and reads no clock (timestamps
// are Snapshot.Now).
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
//
// Usage, as a DC planner decides its status write, over a snapshot whose
// Deployments are the RCs its pass uses: those the DC controller claims
// (SPEC 3.2.3; reconcile decides which), not every RC a decoded snapshot
// holds, which may include another owner's RCs or ones it releases, and
// would be counted:
//
//	if conditions.Changed(s, bump, extra...) {
//		to := conditions.Status(s, bump, extra...)
//		plan.Status = &dcplan.StatusUpdate{Rule: "3.9", Config: s.Config.Name, From: s.Config.Status, To: to}
//	}
//
// Changed does not allocate when the status is converged, so the steady
// state of the DC controller costs no garbage. (The reconcile package
// computes the same status over the RC list of its pass, with the sums
// its claim walk took, through the engine both share,
// internal/dcstatus.)
//
// Entry points:
//
//   - [Status] and [Changed]: the status of SPEC 3.9/3.10, per switches,
//     and the no-write rule (ConfigStatus.Equal).
//   - [Created] and [CreateError]: the extra conditions of a pass that
//     created the latest RC, or failed to (SPEC 3.2.12).
//   - [RolloutStatus]: what `oc rollout status` prints for a DC and whether
//     the rollout is done, failed or in progress (SPEC 6m.6), with
//     [RolloutResult.Stdout] and [RolloutResult.Stderr].
//   - [StatusOptions.Validate], [NewWatch], [Watch.Step] (with
//     [Watch.Ended], [Watch.Err]) and [EndStatus]:
//     the watch loop of `oc rollout status` around RolloutStatus, one
//     event at a time, the expiry of --timeout being an event too (SPEC
//     6m.6.watch).
//
// # Switches
//
// Three switches of dcplan.Switches concern the status: SeedStatus (the
// seed-era counters and Available without its "> 0" rule, SPEC 7 rows
// 14-15, every Origin preset), SeedConditions (the seed-era
// Progressing, Paused and Resumed conditions, rows 16-20, Origin15) and
// WrapReplicaSums (Exact: the counters' sums wrap as upstream's int32
// sums do, where Modern clamps them). No accident of SPEC 10 concerns it,
// so Modern and Exact compute the same status but for sums past the int32
// range. Where the seed's output cannot be had
// from an RC list (pods counted for availability) or would never converge
// (conditions rebuilt from nothing on every pass), the seed switches
// depart from it, and Status says so. One switch concerns RolloutStatus:
// OcStatusNoPausedExit (Exact's accident of SPEC 13.2, 6m.6.3.4), under
// which a paused DC ends the watch only when its Progressing reason is
// DeploymentConfigPaused.
package conditions

// Package conditions computes the status a DeploymentConfig controller
// writes: the replica counters, the Available and Progressing conditions,
// the condition set rule and the rolling fenceposts (SPEC 3.9, 3.10,
// 5.16-5.19, and the seed-era differences of section 7 rows 14-20).
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
// Usage, inside a DC planner:
//
//	if conditions.Changed(s, bump, extra...) {
//		to := conditions.Status(s, bump, extra...)
//		plan.Status = &dcplan.StatusUpdate{Rule: "3.9", Config: s.Config.Name, From: s.Config.Status, To: to}
//	}
//
// A planner in the middle of a pass, holding an RC list of its own (RCs it
// scaled, an RC it creates), calls StatusFor and ChangedFor with that list
// and a pointer to the snapshot instead: nothing of the snapshot is copied.
// Changed does not allocate when the status is converged, so the steady
// state of the DC controller costs no garbage.
//
// Entry points:
//
//   - [Status] and [Changed]: the status of SPEC 3.9/3.10, per switches;
//     [StatusFor] and [ChangedFor] over an RC list of the caller's;
//     [StatusTally], [ChangedTally] and [StatusTallyChanged] (both at
//     once) from a [Tally] of that list the
//     caller took in a walk of its own;
//     [Equal]: the normal-form equality behind the no-write rule.
//   - [Set], [Remove], [Get], [New]: the condition set rule of SPEC 3.10.
//   - [RolloutStatus]: what `oc rollout status` prints for a DC and whether
//     the rollout is done, failed or in progress (SPEC 6m.6).
//   - [ResolveFenceposts], [MaxUnavailable], [MaxSurge]: SPEC 5.16-5.17;
//     errors wrap [ErrInvalidFencepost].
//   - Condition constructors with the exact texts of SPEC 1.5: [Available],
//     [Unavailable], [WaitingForPod], [Progressing], [RolloutCancelled],
//     [FailedProgressing], [RolledOut], [Created], [CreateError]; and of the
//     seed era (SPEC 7 rows 16-20): [OriginWaiting], [OriginProgressing],
//     [OriginFailed], [OriginCompleted], [Paused], [Resumed].
//
// # Switches
//
// Two switches of dcplan.Switches concern the status: SeedStatus (the
// seed-era counters, SPEC 7 row 14) and SeedConditions (the seed-era
// conditions, rows 15-20). No accident of SPEC 10 concerns it, so Modern
// and Exact compute the same status. Where the seed's output cannot be had
// from an RC list (pods counted for availability) or would never converge
// (conditions rebuilt from nothing on every pass), the seed switches
// depart from it, and Status says so.
package conditions

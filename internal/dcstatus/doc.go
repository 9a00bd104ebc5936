// Package dcstatus is the engine behind package conditions: the DC status
// of SPEC 3.9/3.10 (counters, the Available and Progressing conditions by
// the condition set rule, the rolling fenceposts of SPEC 5.16-5.17), for
// an RC list and its tally, with the texts of SPEC 1.5 and section 7 rows
// 14-20.
//
// It is internal so that conditions exports only what a user needs
// (conditions.Status, conditions.Changed, the create conditions) while the
// DC controller's planner (reconcile) hands it the tally its claim walk
// took, so that no rule of a pass walks the RC list again, and the list as
// the pass scaled it without a scaled copy. It performs no I/O, reads no
// clock and never modifies its arguments; returned slices never alias
// them.
//
// Usage, in a planner holding the RC list of its pass:
//
//	t := dcstatus.TallyOf(&s.Config, rcs) // or gathered in a walk of its own
//	if to, changed := dcstatus.StatusChanged(&s, rcs, &t, bump, extra...); changed {
//		plan.Status = &dcplan.StatusUpdate{Rule: rule, Config: s.Config.Name, From: s.Config.Status.Clone(), To: to}
//	}
//
// Entry points:
//
//   - [Status], [Changed] and [StatusChanged] over an RC list and its
//     [Tally] ([TallyOf], or [Sums] and a history.Tracker gathered by the
//     caller).
//   - The conditions, each with its exact text: [Available],
//     [Unavailable], [WaitingForPod], [Progressing], [RolloutCancelled],
//     [FailedProgressing], [RolledOut], [Created], [CreateError]; and of
//     the seed era [OriginWaiting], [OriginProgressing], [OriginFailed],
//     [OriginCompleted], [Paused], [Resumed].
//   - [ResolveFenceposts], [MaxUnavailable], [MaxSurge]: SPEC 5.16-5.17;
//     errors wrap [ErrInvalidFencepost].
//
// The condition set rule has one implementation here, the overlay, which
// applies it to the current conditions in place; the tests hold it to the
// rule written plainly on slices (TestOverlayMatchesSetRemove).
package dcstatus

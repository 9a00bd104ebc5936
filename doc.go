// Package dcplan is the vocabulary of a pure, deterministic rebuild of
// OpenShift's DeploymentConfig rollout controllers: the Snapshot a planner
// reads, the Plan it returns with its typed actions (each with its
// precondition and effect), the Outcome of the requests an adapter sent,
// and the behaviour switches. It imports nothing of this module and no
// JSON: package wire turns Kubernetes JSON into snapshots and plans into
// the exact API requests upstream sends.
//
// It decides nothing by itself: the planners live in the phase (deployer
// controller), reconcile (DC controller), cancel (oc cancel / retry) and
// history packages. Nothing here talks to a server, reads a clock, logs or
// draws random numbers.
//
// Functions in this package never modify their arguments, and returned
// slices never alias them, with three kinds of exception that say so in
// their names: the actions' ApplyTo methods write the object they are
// given, and Plan.Append and Switches.Set change their receiver.
//
// Every action carries the id of the rule that produced it (Rule, printed
// by Describe as rule=<id>, e.g. rule=3.4.3). docs/rules.md, the rule index
// at the root of the repository, says in one line what each id decides and
// which code, tests and scenario files cite it.
//
// Usage:
//
//	snap, err := wire.DecodeSnapshot(listJSON, "shop", "frontend", now, settings)
//	if err != nil { ... }
//	plan := reconcile.Config(snap)    // or phase.Step(snap, "frontend-3")
//	fmt.Print(dcplan.Describe(plan))  // one line per action, with rule ids
//	reqs, err := wire.Requests(snap, plan)                   // what upstream sends
//	pass, err := wire.RunPass(ctx, client, snap, reconcile.Config) // send them
//
// Entry points:
//   - the input: [Snapshot], [Snapshot.Validate] (and, for the planners of
//     a DC, [Snapshot.ValidateConfig]), [Settings], [Switches]
//     and the [Preset]s ([Presets], [ParsePreset]), [Config],
//     [Deployment], [Pod], and the enums with their wire spellings
//     ([ParsePhase], [ParsePodPhase], [ParseStrategyType],
//     [ParseTriggerType], [ParseConditionType], [ParseConditionStatus],
//     [ParseConditionReason]);
//   - the output: [Plan], [Describe] ([DescribeTo]), [Plan.Merge], [Plan.Append], and the
//     action types ([Adopt], [Release], [Instantiate], [ConfigUpdate],
//     [CreatePod], [SetPodOwner], [SetPodDeadline], [DeletePod],
//     [CreateRC], [Cancel], [Scale], [Transition], [DeleteRC],
//     [StatusUpdate], [Event]);
//   - the outcome of the requests: [Outcome], [Failure], [StatusReason],
//     [ActionKind], [ActionRef] ([AtStart]), [ErrorClass];
//   - the effect: the actions' ApplyTo methods (the effect of each write;
//     its preconditions are the action's From fields, which the adapter's
//     request carries), [Snapshot.After]
//     (the typed effect of a whole plan), [NewDeployment] (the RC a
//     rollout creates), [IsConflict], [IsNotFound], [IsAlreadyExists];
//   - names: [DeploymentName] and its inverse [IsDeploymentName], [DeployerPodName], [CompareDeployments];
//   - errors: [FieldError], [Refusal], [ErrInvalidSnapshot], [ErrMalformed],
//     [Aggregate] (kubectl's text of several).
//
// # Behaviour switches
//
// [Settings] embeds [Switches]: one named field per documented difference
// between modern upstream, its accidents and the Origin seed eras (SPEC
// 12). Planners read those fields and never the preset they came from (a
// test walks the planners' syntax to hold this). The zero Settings plan as
// the Modern preset. [Preset] names a column of the table below;
// [Preset.Switches] gives it, [Switches.Set] flips one switch by name,
// [Switches.Name] names a set of switches for output (the preset, or
// custom(<nearest preset>+<changes>)). Origin is Origin15.
//
// Switch table (generated; TestSwitchTableInDocs):
//
//	| switch | Modern | Exact | Origin10 | Origin13 | Origin15 |
//	| --- | --- | --- | --- | --- | --- |
//	| KeepCancelOnRace | no | yes | no | no | no |
//	| PausedPrunesLatest | no | yes | no | no | no |
//	| CancelAtVersionZero | no | yes | no | no | no |
//	| NoTriggersIgnoresRCs | no | yes | no | no | no |
//	| UnconditionalDeletes | no | yes | yes | yes | yes |
//	| AwaitUnknownPhase | no | yes | yes | yes | yes |
//	| UntrimmedImages | no | yes | yes | yes | yes |
//	| IgnoreExpectations | no | yes | yes | yes | yes |
//	| RawAlreadyExistsText | no | yes | no | no | no |
//	| UnrelatedPodEffects | no | yes | yes | yes | yes |
//	| CancelLineDCVersion | no | yes | yes | yes | yes |
//	| FailedCancellationEveryPass | no | yes | no | no | no |
//	| RollbackToPrevious | no | yes | yes | yes | yes |
//	| RetryTimeoutFromCreation | no | yes | yes | yes | yes |
//	| CommitAbsentDesired | no | yes | yes | yes | yes |
//	| ReclaimEachAttempt | no | yes | no | no | no |
//	| WrapReplicaSums | no | yes | no | no | no |
//	| CreateWithoutCleanup | no | no | yes | no | no |
//	| CancelWithoutRetry | no | no | yes | no | no |
//	| SeedConfigController | no | no | yes | yes | yes |
//	| ReplicaSync | no | no | yes | yes | no |
//	| DeploymentScaledEvents | no | no | yes | yes | no |
//	| Paused | PausedFirst | PausedFirst | PausedIgnored | PausedNoCreate | PausedNoCreate |
//	| SeedConditions | no | no | no | no | yes |
//	| SeedStatus | no | no | yes | yes | yes |
//	| IgnoreDeleting | no | no | yes | no | no |
//	| AlreadyExistsSucceeds | no | no | yes | yes | yes |
//	| SeedCreateEvent | no | no | yes | yes | yes |
//	| NewCancelledFails | no | no | yes | no | no |
//	| CancelByDeadline | no | no | yes | no | no |
//	| WriteAnyPhaseChange | no | no | yes | no | no |
//	| PodCheckAfterAlreadyExists | no | no | yes | no | no |
//	| NoNewTimeout | no | no | yes | yes | yes |
//	| PendingMissingFailsAtOnce | no | no | yes | yes | yes |
//	| CompleteDeletesPods | no | no | yes | yes | yes |
//	| SeedPodController | no | no | yes | yes | yes |
//	| PodControllerDeletesOrphans | no | no | yes | yes | yes |
//	| SeedReplicasAnnotation | no | no | yes | yes | yes |
//	| NoTimestamps | no | no | yes | yes | yes |
//	| EventsOnRC | no | no | yes | no | no |
//	| SeedDeployerPod | no | no | yes | yes | yes |
//	| PodCopiesOnlyNodeSelector | no | no | yes | no | no |
//	| SeedEventReasons | no | no | yes | no | no |
//	| NoRolloutCancelledEvent | no | no | yes | yes | yes |
//	| NoCreateFailedEvent | no | no | no | yes | yes |
//	| LongReasons | no | no | no | no | no |
//	| OcCancel | CancelRollout | CancelRollout | CancelA | CancelB | CancelC |
//	| OcRetry | RetryRollout | RetryRollout | RetryOldest | RetryMiddle | RetryNewest |
//	| OcDeployLatest | DeployLatestAbsent | DeployLatestAbsent | DeployLatestOldest | DeployLatestOldest | DeployLatestNewer |
//	| SeedRolloutLatestLine | no | no | yes | yes | yes |
//	| SeedRollbackText | no | no | yes | yes | yes |
//	| OcCancelSilent | no | yes | no | no | no |
//	| OcPausedCancelStillCancels | no | yes | no | no | no |
//	| OcServerDryRunWrites | no | yes | no | no | no |
//	| OcStatusNoPausedExit | no | yes | no | no | no |
//	| OcRetryLaggingStatus | no | yes | yes | yes | yes |
//
// End of the switch table.
//
// # Adapter contract
//
// An adapter runs this loop for each work item (wire.RunPass is steps 2
// to 5):
//
//  1. Build a Snapshot from its cache: the DC, every RC of its namespace,
//     their pods, the requeue count, the settings, and Now.
//  2. Call a planner. An invalid snapshot gives an empty plan (call
//     Snapshot.Validate, or for a planner of a DC Snapshot.ValidateConfig,
//     to learn why).
//  3. Turn the plan into requests (wire.Requests) and send them in order:
//     the plan's fields in declaration order (see [Plan]) with its events
//     where upstream records them (Event.After). A request is retried on
//     Conflict as often as it says; some failures are tolerated; a group
//     of requests (cleanup deletes, owner patches, claims) is sent whole.
//  4. On a failure, add it to Snapshot.Outcome and plan again from the same
//     snapshot: the new plan begins with the requests already sent, and
//     says what upstream says about the failure (events, conditions, the
//     returned text, Plan.Error). Send the rest. When the plan adopts an
//     orphan RC, GET the DC first into Snapshot.Recheck; after a create
//     that met AlreadyExists, GET the RC into Outcome.Live.
//  5. Requeue by the last plan: a Plan.Message by Plan.Error (retry with
//     rate limiting; actionable the same, with a FailedRetry event when
//     dropped; fatal never), Plan.RecheckAfter after that long. A
//     Plan.Wait without a message needs no requeue of its own, as
//     upstream's: WaitStatusLag follows the plan's own status write, whose
//     watch event brings the DC back; WaitImages waits for the DC to
//     change; WaitStaleCache waits for the cache, so requeue it after the
//     time a cache may lag (examples/kube: its expectations' TTL).
package dcplan

// Package phase is the rollout phase machine of a DeploymentConfig's
// ReplicationControllers and the deployer controller that drives it: the
// transition table as data, and the pure planners that decide, for one RC,
// which deployer pod to create, which pods to delete or adopt, and which
// phase to write.
//
// It does not run pods, talk to a server, read a clock or read the
// DeploymentConfig (a pass needs the RC, its pods, the time and the
// settings, SPEC 4.1), nor decide anything about the DeploymentConfig
// itself (creating RCs, cancelling superseded rollouts, scaling: see
// package reconcile). Events and errors upstream recorded or returned
// come back as values in the dcplan.Plan.
//
// Usage:
//
//	plan := phase.Step(snap, "frontend-3") // one deployer pass for one RC
//	fmt.Print(dcplan.Describe(plan))
//	if phase.CanTransition(dcplan.PhasePending, dcplan.PhaseRunning) { ... }
//
// Entry points:
//
//   - [Table], [CanTransition], [FormatTable], [PhaseLabel]: the phase
//     machine (SPEC 2.1).
//   - [Step]: the deployer controller's pass for one RC, per the
//     switches (SPEC 4.2-4.7, 2.2-2.4, 7 rows 21-33); [StepAll] and
//     [StepAllBut]: its pass over every RC of a snapshot (what
//     reconcile.All adds), the latter skipping RCs a caller is busy with.
//   - [BuildDeployerPod]: the deployer pod an RC gets (SPEC 4.5).
//   - [DeployerPod]: the seed-era deployer-pod controller, with the
//     SeedPodController switch (SPEC 7 row 29).
//   - [CancelByDeadline]: the Origin10 cancel of a Pending or Running
//     rollout, by activeDeadlineSeconds (SPEC 2.3, 7 row 25), on its own.
//   - Step and CancelByDeadline also read the failed writes of the pass
//     from Snapshot.Outcome (a pod create, a pod cleanup, an RC update)
//     and plan what upstream records and returns then (SPEC 1.6, 1.7).
//   - [Candidate], [CompletedAt], [TimeoutSeconds], [UnrelatedPodReason],
//     [PodGoneReason]: the helpers those planners share.
//
// # Transitions
//
// An RC's phase lives in its openshift.io/deployment.phase annotation; ""
// is a missing annotation. The deployer writes a phase only when the table
// allows the move (rows: from, columns: to), so a self-transition is never
// written and Complete and Failed are terminal:
//
//	from\to   New       Pending   Running   Complete  Failed    ""
//	New       .         yes       yes       yes       yes       .
//	Pending   .         .         yes       yes       yes       .
//	Running   .         .         .         yes       yes       .
//	Complete  .         .         .         .         .         .
//	Failed    .         .         .         .         .         .
//	""        .         .         .         .         .         .
//
// Only `oc rollout retry` (package cancel) moves a Failed RC back to New.
//
// # Switches
//
// The deployer reads these switches of dcplan.Switches (SPEC 12), and
// nothing else, to choose a behaviour. Modern (the zero switches) corrects
// the accidents of SPEC 10 items 2, 4 and 13; Exact turns them back on
// (KeepCancelOnRace, UnrelatedPodEffects, FailedCancellationEveryPass).
// Exact and every Origin preset also plan from the cache while the
// deployer pod created is missing there, or while it still shows the one
// a retry or the deployer itself deleted (IgnoreExpectations), count a
// retried rollout's New-phase timeout from the RC's creation
// (RetryTimeoutFromCreation) and, when a rollout without desired replicas
// succeeds, write openshift.io/deployment.replicas ""
// (CommitAbsentDesired). The seed eras: SeedPodController hands the pod
// phase to [DeployerPod] (with PodControllerDeletesOrphans and
// SeedReplicasAnnotation for its annotation and delete rules);
// NoNewTimeout, PendingMissingFailsAtOnce, CompleteDeletesPods (and no
// owner references), NoTimestamps, SeedDeployerPod and
// NoRolloutCancelledEvent hold in every Origin preset, NoCreateFailedEvent
// in Origin13 and Origin15; the oldest deployer (Origin10) adds
// NewCancelledFails, CancelByDeadline, WriteAnyPhaseChange,
// PodCheckAfterAlreadyExists, EventsOnRC, PodCopiesOnlyNodeSelector and
// SeedEventReasons. LongReasons (off in every preset, SPEC 11a.1) writes
// the Origin-era long reason strings. Each switch's doc comment gives its
// SPEC row.
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
package phase

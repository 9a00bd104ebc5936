// Package phase is the rollout phase machine of a DeploymentConfig's
// ReplicationControllers and the deployer controller that drives it: the
// transition table as data, and the pure planners that decide, for one RC,
// which deployer pod to create, which pods to delete or adopt, and which
// phase to write.
//
// It does not run pods, talk to a server, read a clock or decide anything
// about the DeploymentConfig itself (creating RCs, cancelling superseded
// rollouts, scaling: see package reconcile). Events and errors upstream
// recorded or returned come back as values in the dcplan.Plan.
//
// Usage:
//
//	plan := phase.Step(snap, "frontend-3") // one deployer pass for one RC
//	fmt.Print(dcplan.Describe(plan))
//	if phase.CanTransition(dcplan.PhasePending, dcplan.PhaseRunning) { ... }
//
// Entry points:
//
//   - [Table], [CanTransition], [FormatTable]: the phase machine (SPEC 2.1).
//   - [Step]: the deployer controller's pass for one RC, in the Modern,
//     Exact and Origin profiles (SPEC 4.2-4.7, 2.2-2.4, 7 rows 21-33).
//   - [BuildDeployerPod]: the deployer pod an RC gets (SPEC 4.5).
//   - [DeployerPod]: the seed-era deployer-pod controller, Origin only
//     (SPEC 7 row 29).
//   - [CancelByDeadline]: the Origin cancel of a Pending or Running
//     rollout, by activeDeadlineSeconds (SPEC 2.3, 7 row 25), on its own.
//   - [CreateFailed], [CleanupFailed], [UpdateFailed]: what upstream
//     records and returns when an adapter's pod create, pod cleanup or RC
//     update failed (SPEC 1.6, 1.7).
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
// # Profiles
//
// Modern (the default) corrects the accidents of SPEC 10 items 2, 4 and 13:
// a cancel raced by success removes the cancel annotations in the written RC
// and records FailedCancellation once; an unrelated pod's phase has no
// effect on the RC (in New it fails the RC as unrelated, in Pending and
// Running it counts as no deployer pod); the New timeout spares an RC whose
// related deployer pod exists and an RC without a creation time. Exact is
// upstream byte for byte, accidents included. Origin is the 2016-2017 seed
// deployer of the era that still had a separate deployer-pod controller
// (later seed where the seeds differ, SPEC 11): New and cancelled goes to
// Pending and deletes the pods (not straight to Failed, the oldest
// variant), a cancelled Pending or Running rollout is cut short by setting
// activeDeadlineSeconds 1 on its deployer and hook pods (SPEC 2.3, 7 row
// 25), no New timeout, a missing pod fails a Pending RC at once, pods are
// deleted on Complete, no owner references, no timestamps, and the pod
// phase is followed by [DeployerPod], not by [Step]. Origin writes the long
// reason strings of the Origin-era API ("The deployment failed as the
// deployer pod no longer exists"), consistently for both reasons the
// deployer writes, and the seed's lowercase event reasons where SPEC 1.6
// lists one (failed, failedCancellation, cancelled); the other events
// (FailedCreate, RolloutCancelled) keep their modern reasons, and every
// message is the modern text.
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
package phase

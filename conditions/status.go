package conditions

import (
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/dcstatus"
)

// Status returns the status the DC controller would write for s.Config,
// computed from the RC list s.Deployments: the RCs "used at that point" of
// the controller's pass (the claimed RCs, as updated by scaling, plus an RC
// just created), every one of which it counts: a snapshot as decoded may
// also hold RCs of another owner, which the caller leaves out.
// bumpGeneration says whether the branch of the pass bumps
// observedGeneration (every branch but "latest exists and still running",
// SPEC 3.2.11). extra are conditions applied last, by the same set rule:
// the create success or failure condition (Created, CreateError).
//
// Fields, without the SeedStatus switch (SPEC 3.9):
//
//  1. latestVersion and details are copied from the current status.
//  2. observedGeneration is metadata.generation when bumpGeneration, else
//     unchanged.
//  3. replicas, availableReplicas and readyReplicas are the sums of the
//     RCs' status.replicas, status.availableReplicas and
//     status.readyReplicas.
//  4. updatedReplicas is the latest RC's status.replicas when the latest
//     RC exists (history.Latest), else 0.
//  5. unavailableReplicas is the sum of the RCs' spec.replicas minus
//     availableReplicas, clamped at 0.
//
// Conditions, without the SeedConditions switch, start from the current
// ones and change by the condition set rule of SPEC 3.10 (a condition is
// replaced only when its status or reason changes, keeping its
// lastTransitionTime when the status stays; a replaced condition moves to
// the end), timestamps s.Now:
//
//  1. Available: True, `Deployment config has minimum availability.`,
//     iff availableReplicas >= spec.replicas - maxUnavailable and
//     availableReplicas > 0, else False, `Deployment config does not have
//     minimum availability.` (a DC scaled to 0 is never Available). Both
//     have an empty reason. maxUnavailable is the Rolling strategy's,
//     resolved against spec.replicas as upstream's MaxUnavailable does
//     (SPEC 5.17), and zero for the other strategies.
//  2. Progressing, only when the latest RC exists, by its phase (texts of
//     SPEC 1.5, the RC's name Go-quoted): Pending sets Unknown `replication
//     controller "<rc>" is waiting for pod "<deployer pod>" to run` (the
//     pod by dcplan.DeployerPodName); Running sets
//     True/ReplicationControllerUpdated `replication controller "<rc>" is
//     progressing` only when progress is detected (updatedReplicas grew,
//     or replicas - updatedReplicas shrank, against the current status),
//     removing the old condition first so its lastTransitionTime is now;
//     Failed sets False/RolloutCancelled `rollout of replication
//     controller "<rc>" was cancelled` when the RC is cancelled, else
//     False/ProgressDeadlineExceeded `replication controller "<rc>" has
//     failed progressing`; Complete sets
//     True/NewReplicationControllerAvailable `replication controller "<rc>"
//     successfully rolled out`; New and the unknown phase leave it
//     untouched.
//  3. The extra conditions, in order.
//
// The SeedStatus switch reproduces the seed-era counters (SPEC 3.11,
// section 7 row 14): observedGeneration is always metadata.generation;
// unavailableReplicas is not clamped and may be negative; readyReplicas is
// 0 (the seed status has no such field); updatedReplicas is the
// status.replicas of the RC named "<dc>-<latestVersion>" wherever it sits
// in the list; and Available has no "> 0" rule (row 15). The
// SeedConditions switch reproduces the seed-era conditions (section 7
// rows 16-20): Progressing follows the seed rules (Unknown `Waiting on deployer pod for
// "<rc>" to be scheduled` for New and Pending;
// True/ReplicationControllerUpdated `Replication controller "<rc>" is
// progressing` for every Running pass; False/ProgressDeadlineExceeded
// `Replication controller "<rc>" has failed progressing` for Failed unless
// the condition already has reason ProgressDeadlineExceeded;
// True/NewReplicationControllerAvailable `Replication controller "<rc>"
// has completed progressing` for Complete unless it already has reason
// NewReplicationControllerAvailable); then, when the latest RC is absent
// or terminal, a paused DC without a DeploymentConfigPaused condition gets
// Unknown/DeploymentConfigPaused `Deployment config is paused` and an
// unpaused DC with one gets Unknown/DeploymentConfigResumed `Deployment
// config is resumed`. Seed conditions carry
// only a lastTransitionTime. Two departures from the seed, both needed for
// a status that converges: availableReplicas comes from the RCs'
// status.availableReplicas (the seed counted available pods with
// minReadySeconds, which an RC list cannot tell), and conditions start from
// the current ones (the seed rebuilt them from nothing on every pass, so
// they were rewritten with fresh timestamps each time), except that a
// seed condition whose status and reason stay but whose message changes
// takes the new message, its lastTransitionTime kept, so that Progressing
// names the latest RC as the seed's did; for the same
// reason the phase rules are skipped while a paused DC whose latest RC is
// absent or terminal already shows DeploymentConfigPaused (otherwise the
// Paused and phase conditions would replace each other on every pass).
//
// Sums are taken in 64 bits and clamped to the int32 range; under the
// WrapReplicaSums switch (Exact) they wrap as upstream's int32 sums do,
// and a sum past the range comes out negative. Status does
// not validate s (planners do that first); it never panics, and it never
// modifies s: the returned slices are new. A status that Changed reports
// unchanged is equal to s.Config.Status by ConfigStatus.Equal, the
// normal-form equality of the no-write rule.
//
// Ports: deploymentconfig_controller.go calculateStatus and
// updateConditions (modern); Origin deploymentconfig_controller.go
// calculateStatus and updateConditions (seed).
func Status(s dcplan.Snapshot, bumpGeneration bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	t := dcstatus.TallyOf(&s.Config, s.Deployments)
	return dcstatus.Status(&s, s.Deployments, &t, bumpGeneration, extra...)
}

// Changed reports whether Status(s, bumpGeneration, extra...) differs from
// s.Config.Status by ConfigStatus.Equal: whether the DC controller has a
// status to write (SPEC 3.9 write rule). It computes the same value as Status but
// compares it in place, so it does not allocate when nothing changed (the
// steady state of a converged DC); otherwise it allocates only to render
// the message of a condition that changes (or when more than four
// condition types change).
//
// Ports: deploymentconfig_controller.go updateStatus, the reflect.DeepEqual test.
func Changed(s dcplan.Snapshot, bumpGeneration bool, extra ...dcplan.Condition) bool {
	t := dcstatus.TallyOf(&s.Config, s.Deployments)
	return dcstatus.Changed(&s, s.Deployments, &t, bumpGeneration, extra...)
}

// Created returns the Progressing=True/NewReplicationControllerCreated
// condition the DC controller adds after creating RC rc for version v:
// `Created new replication controller "<rc>" for version <v>` (the same
// text as the DeploymentCreated event), both timestamps now. Pass it to
// Status and Changed as an extra condition for the pass that created rc.
//
// Ports: deploymentconfig_controller.go Handle, create success (SPEC 3.2.12).
func Created(rc string, v dcplan.Version, now time.Time) dcplan.Condition {
	return dcstatus.Created(rc, v, now)
}

// CreateError returns the Progressing=False/ReplicationControllerCreateError
// condition the DC controller adds when creating the RC failed; msg is the
// error text as upstream reports it (see SPEC 3.2 step 12 for the
// AlreadyExists shadowing quirk), both timestamps now. Pass it to Status
// and Changed as an extra condition for the pass whose create failed.
//
// Ports: deploymentconfig_controller.go Handle, create failure (SPEC 3.2.12).
func CreateError(msg string, now time.Time) dcplan.Condition {
	return dcstatus.CreateError(msg, now)
}

package dcplan

import (
	"fmt"
	"strconv"
	"strings"
)

// Switches are the behaviour switches of SPEC 12: one named field per
// documented difference between modern upstream, its accidents (SPEC 10,
// 13.1, 13.2) and the Origin seed eras (SPEC 3.11, 6, 7). Planners read
// these fields and nothing else to choose a behaviour; they never ask
// which preset the switches came from.
//
// The zero value is the Modern preset: every switch is false or its
// enum's zero (modern) value, so Settings{} plans as Modern does. A
// preset is a value of Switches (Preset.Switches); callers start from one
// and flip single fields:
//
//	sw := dcplan.Origin13.Switches()
//	sw.ReplicaSync = false // Origin 1.3 without the replica sync
//	s.Settings.Switches = sw
//
// A cell "—" of the SPEC 12 table (the code path does not exist in that
// preset) gets the value that leaves the preset's behaviour unchanged;
// the field's comment says which.
type Switches struct {
	// KeepCancelOnRace keeps the cancelled and status-reason annotations
	// on the RC the deployer writes Complete when its deployer pod
	// succeeded after a user cancel (SPEC 12 "cancel raced by success
	// keeps annotations", 10.2, 7 row 30): the deployer controller's
	// write (phase.Step) and, in the seeds, the deployer-pod controller's
	// (phase.DeployerPod). Exact only; Modern and the seeds remove them.
	KeepCancelOnRace bool
	// PausedPrunesLatest lets the history cleanup of a paused DC delete
	// the RC status.latestVersion names (or a newer one) when the status
	// lags behind an active RC (SPEC 3.7.5.paused, issue 13 defect 1):
	// upstream's paused branch prunes by the active RC alone, before the
	// status-lag rule. Exact only; Modern keeps the latest RC and every
	// newer one; "—" in the Origin presets (their paused branches do not
	// prune this way), false.
	PausedPrunesLatest bool
	// CancelAtVersionZero makes the DC controller cancel the in-flight RCs
	// of a DC whose status.latestVersion is 0 ("superseded by version 0")
	// when the DC has a trigger and claims an RC of a higher version (a DC
	// recreated over its old RCs, a lost status): upstream's
	// LatestDeploymentInfo finds no candidate at version 0, so its
	// status-lag catch-up (SPEC 3.2.7) never fires there (SPEC
	// 3.2.7.zero, found by the invariant NoCancelAtVersionZero). Exact
	// only; Modern catches the status up first; "—" in the Origin presets
	// (version 0 is status only there), false.
	CancelAtVersionZero bool
	// NoTriggersIgnoresRCs makes the DC controller plan a DC at
	// status.latestVersion 0 without a ConfigChange or ImageChange
	// trigger from no RCs at all, as upstream does (SPEC 3.2.1): a DC
	// created again over the RCs its predecessor left (deleted with
	// --cascade=orphan) never adopts them, and shows version 0 and
	// Available=False while they run (found by fake's StatusCaughtUp).
	// Without it (Modern) such a DC claims its RCs and, when one is of a
	// rollout, catches its status up to them (SPEC 3.2.1.claim, 3.2.7);
	// with none, version 0 stays status only. Exact only; "—" in the
	// Origin presets (version 0 is status only there), false.
	NoTriggersIgnoresRCs bool
	// UnconditionalDeletes sends the DC controller's history cleanup
	// deletes without preconditions, as upstream does (SPEC 3.7.5): a
	// pass that read a stale cache deletes the RC as it stands now,
	// whatever happened to it since. Found by fake's OnlyClaimedRCs and
	// HistoryKeepsLive: a pass reading a DC deleted with --cascade=orphan
	// and created again pruned an RC the garbage collector had released
	// since, the newest of the new DC's history (SPEC 3.7.5.unchanged).
	// Without it (Modern) each delete carries the RC's uid and
	// resourceVersion as read (DeleteRC.IfUnchanged), and the server
	// refuses it, Conflict, when the RC changed since. Exact and the
	// Origin presets.
	UnconditionalDeletes bool
	// AwaitUnknownPhase makes the DC controller, while the latest RC does
	// not exist, count an RC without a phase (PhaseUnknown: made by hand
	// with the DC's label, or its phase annotation removed or misspelt)
	// as a rollout in flight: it cancels it and waits for it (SPEC 3.4),
	// forever, since no deployer ever gives it a phase, so the DC never
	// rolls out again (SPEC 3.4.unknown, 13.1; found by reconcile's
	// TestVersionlessRC). Exact and the Origin presets (their cancel loops
	// wait alike); Modern neither cancels nor waits for such an RC.
	AwaitUnknownPhase bool
	// UntrimmedImages makes the image-change trigger compare the DC's
	// container images as written with the RC's, which the RC was made
	// with trimmed of surrounding whitespace (SPEC 3.5.5, 3.8): a DC image
	// with padding (`app:1 `) and an ImageChange trigger then differs from
	// every RC it makes, and each pass rolls out again, without end.
	// Exact and the Origin presets (upstream's accident); Modern compares
	// both sides trimmed, the DC's images and the RC's (one made by hand
	// may hold an image padded as the DC spells it).
	UntrimmedImages bool
	// IgnoreExpectations makes the DC controller plan from its cache even
	// while an RC it created is missing there (Snapshot.Unobserved): a
	// stale cache can then start a second rollout (SPEC 3.2.12.expect,
	// issue 13 defect 3); and while an RC it deleted is still listed
	// there without a deletionTimestamp (Snapshot.Undeleted): its history
	// cleanup then counts that RC again and prunes one RC too many (SPEC
	// 3.7.expect). It makes the deployer controller plan from its
	// cache while the deployer pod it created is missing there: a
	// cancelled RC then fails with its pod still running (SPEC
	// 4.2.expect, issue 11). It makes the retry write no
	// dcplan.io/retried-pod and the deployer plan from its cache while
	// that shows the deployer pod the retry deleted: the retried rollout
	// then fails at once for the old pod's Failed phase (SPEC
	// 4.2.expect.retry), or that shows the deployer pod it deleted
	// itself (Snapshot.Undeleted): the same, for a retry that came after
	// that delete and found no pod to name (SPEC 4.2.expect.delete).
	// Exact and the seeds (upstream keeps no expectations for DCs or
	// deployer pods); Modern waits for its own creates and deletes, and
	// for a retry's delete of the deployer pod.
	IgnoreExpectations bool
	// RawAlreadyExistsText reports a create that met an RC it cannot adopt
	// with the raw AlreadyExists text (upstream's variable shadowing)
	// instead of `deployment <ns>/<rc> already exists and it couldn't be
	// adopted` (SPEC 12 "AlreadyExists shadowing text", 10.3). Exact only;
	// n/a in the Origin presets (AlreadyExistsSucceeds).
	RawAlreadyExistsText bool
	// UnrelatedPodEffects lets a pod that merely has the deployer pod's
	// name drive the RC (candidate phase, timestamps, pod found), checks
	// the New-phase timeout before looking at the pod, and times out an
	// RC with no creation time (SPEC 12 "unrelated-pod side effects,
	// timeout before pod check", 10.4). Exact: true. Origin presets
	// ("—"): true, because the seed deployer also looked pods up by name
	// only; with SeedPodController and NoNewTimeout set, its only effect
	// there is that a Pending or Running RC whose deployer-named pod is
	// unrelated still counts as having its pod.
	UnrelatedPodEffects bool
	// CancelLineDCVersion prints the DC's status.latestVersion rather than
	// the cancelled RC's version in the `oc deploy --cancel` success
	// lines (SPEC 12 "cancel reports the cancelled RC's version", 10.12):
	// true in Exact (upstream; n/a there, modern oc prints no such line)
	// and in every Origin preset.
	CancelLineDCVersion bool
	// FailedCancellationEveryPass records the FailedCancellation warning
	// of a cancel raced by success on every deployer pass that sees the
	// succeeded pod, even when the RC can no longer become Complete
	// (SPEC 12 "FailedCancellation once", 10.13). Exact only; Modern
	// records it once, after the write that completes the RC (not on a
	// pass whose write fails); "—" in the Origin presets (false: the seed
	// pod controller records it before the write it makes).
	FailedCancellationEveryPass bool
	// RollbackToPrevious makes a rollback without a target revision roll
	// back to status.latestVersion − 1, as the server does, instead of to
	// the newest Complete RC older than latestVersion (SPEC 11a.5, 6m.4).
	// Exact and the Origin presets.
	RollbackToPrevious bool
	// RetryTimeoutFromCreation counts the New-phase timeout of a retried
	// rollout from the RC's creation, as upstream does: oc's retry resets
	// the RC Failed → New and keeps its creation time, so a retry of a
	// rollout older than timeoutSeconds fails again at once, "unable to
	// create deployer pod", before any deployer pod exists
	// (SPEC 4.3.new.3.retry, issue 35 item 11). Without it (Modern) the
	// retry writes its clock into dcplan.io/retried-at and the deployer
	// counts the timeout from there: the retried rollout gets its full
	// timeout. Exact and the Origin presets ("—" there: NoNewTimeout, and
	// their retries write no such annotation).
	RetryTimeoutFromCreation bool
	// CommitAbsentDesired lets a deployer success on an RC without the
	// desired-replicas annotation write openshift.io/deployment.replicas
	// "" (Transition.CommitDesired with nothing to commit), as upstream
	// does: it copies the absent annotation's empty value (SPEC 13.1, 2.2).
	// Without it (Modern) such a success writes nothing there. Exact and
	// the Origin presets (the seed deployer-pod controller copies it the
	// same way).
	CommitAbsentDesired bool
	// ReclaimEachAttempt sends, before every attempt of the DC
	// controller's scale or cancel update of an orphan it adopts in the
	// same pass, the adoption patch again, as upstream does: its
	// RetryOnConflict claims the cached copy of the RC before each
	// attempt, and that copy still shows no owner, so each attempt is a
	// (patch, update) pair, and the update, carrying the version read,
	// meets Conflict each time the cache has not caught up
	// (SPEC 3.3.reclaim, issue 35 item 1). Without it (Modern) the
	// adoption is sent once and the update carries the owner reference and
	// the version the adoption left (wire.Request.Rebase): it does not
	// conflict with the pass's own patch. Exact only; "—" in the Origin
	// presets (their controllers claim nothing), false.
	ReclaimEachAttempt bool
	// WrapReplicaSums sums the RCs' counters into the DC status in 32
	// bits, as upstream's calculateStatus does (SPEC 3.9): a sum beyond
	// the int32 range wraps, so RCs whose status counts add up past
	// 2 147 483 647 give a negative replicas, availableReplicas or
	// readyReplicas (and an Available condition computed from it), a
	// status the API server's validation refuses. Without it (Modern)
	// the sums are taken in 64 bits and clamped to the int32 range.
	// Exact only; the Origin presets count as Modern here.
	WrapReplicaSums bool

	// CreateWithoutCleanup leaves out the history cleanup after the seed
	// DC controller's create: the oldest seed created the RC, recorded
	// its event and wrote the status, and the mid seed added the cleanup
	// on the list plus the created RC (SPEC 3.11). Origin10; "—" outside
	// the seed decision list, false.
	CreateWithoutCleanup bool
	// CancelWithoutRetry sends the seed DC controller's cancel writes
	// once: a Conflict is a failed write (its warning event, the loop
	// going on), not retried (Cancel.Once); the mid seed added the
	// conflict retry (SPEC 3.11). Origin10; "—" outside the seed decision
	// list, false.
	CancelWithoutRetry bool

	// SeedConfigController runs the seed-era DC controller decision list
	// (SPEC 3.11, 7 rows 1, 2, 5, 6, 7, 8): version 0 is status only,
	// RCs are selected by label without claims, no status-lag bump, no
	// unresolved-image check, no trigger evaluation, and a failed cancel
	// write does not stop the loop. All Origin presets.
	SeedConfigController bool
	// ReplicaSync is the replica-sync reconcile of the older seeds: a
	// hand-scaled active RC drives dc.spec.replicas, every touched RC's
	// openshift.io/deployment.replicas annotation is rewritten, and
	// history cleanup runs on the pre-scaling list and deletes without
	// options (DeleteRC.WithoutOptions: the server's default propagation)
	// (SPEC 12 "DC controller: replica sync", 3.11, 7 rows 9, 11).
	// Origin10, Origin13.
	ReplicaSync bool
	// DeploymentScaledEvents records DeploymentScaled /
	// DeploymentScaleFailed ("Failed to scale deployment ...") instead of
	// ReplicationControllerScaled / ReplicationControllerScaleFailed
	// (SPEC 12 "scale events", 7 row 10). Origin10, Origin13.
	DeploymentScaledEvents bool
	// Paused selects what a paused DC means to the DC controller (SPEC 12
	// "paused concept", 7 row 4): PausedFirst (modern), PausedIgnored
	// (Origin10) or PausedNoCreate (Origin13, Origin15).
	Paused PausedMode
	// SeedConditions computes the seed-era conditions: Progressing
	// messages of SPEC 7 rows 16-19, Paused/Resumed conditions of row 20,
	// lastUpdateTime unset (SPEC 12 "paused/resumed Progressing
	// conditions"). Origin15 only; Origin10 and Origin13 get the modern
	// conditions, as the SPEC 12 table says.
	SeedConditions bool
	// SeedStatus computes the seed-era status counters: observedGeneration
	// always bumped, unavailableReplicas may go negative, no
	// readyReplicas, updatedReplicas from the RC named
	// <dc>-<latestVersion> (SPEC 3.11 "Seed status", 7 row 14); and the
	// seed's Available, without the modern "available > 0" (7 row 15: a
	// DC scaled to 0 is Available). All Origin presets.
	SeedStatus bool
	// IgnoreDeleting lets the DC controller go on with a DC that is being
	// deleted (SPEC 12 "deleting DC handled", 7 row 3). Origin10 only.
	IgnoreDeleting bool
	// AlreadyExistsSucceeds treats a create of the new RC that met
	// AlreadyExists as success: status only (SPEC 7 row 12, the "n/a" of
	// SPEC 12's AlreadyExists row). All Origin presets.
	AlreadyExistsSucceeds bool
	// SeedCreateEvent records `Created new deployment "<rc>" for version
	// <n>` and no NewReplicationControllerCreated condition when the new
	// RC is created, and no ReplicationControllerCreateError condition
	// when that fails (SPEC 7 row 13). All Origin presets.
	SeedCreateEvent bool

	// NewCancelledFails moves a cancelled New RC straight to Failed,
	// without deleting pods (SPEC 12 "deployer: New + cancelled ⇒ Failed
	// without pods", 7 row 21). Origin10 only.
	NewCancelledFails bool
	// CancelByDeadline cancels a Pending or Running rollout by setting
	// activeDeadlineSeconds 1 on its deployer and hook pods instead of
	// deleting them (SPEC 12, 2.3 "Old mechanism", 7 row 25, 11a.2).
	// That deployer also has nothing to do for any Failed RC: no pod is
	// deleted or given an owner reference.
	// Origin10 only.
	CancelByDeadline bool
	// WriteAnyPhaseChange writes the RC whenever the next phase differs
	// from the current one, even backwards, instead of only for a legal
	// transition (SPEC 12 "deployer: write on any phase change", 7 row
	// 28). Origin10 only.
	WriteAnyPhaseChange bool
	// PodCheckAfterAlreadyExists is the oldest deployer's existing-pod
	// check, made only after its pod create met AlreadyExists (SPEC 12,
	// 7 row 22). A snapshot's pods are what that live GET returns, so the
	// decision is the later seeds', cited as rule 7.22, except that the
	// pod must first be built for the create: an RC whose encoded config
	// does not decode gets the fatal build error even when its deployer
	// pod exists (4.3.new.4). Origin10 only.
	PodCheckAfterAlreadyExists bool
	// NoNewTimeout drops the New-phase timeout and the up-front
	// encoded-config check of the modern deployer: a seed RC stuck New
	// stays New, and an RC without an encoded config fails only when its
	// pod is built (SPEC 7 row 23). All Origin presets.
	NoNewTimeout bool
	// PendingMissingFailsAtOnce fails a Pending RC whose deployer pod is
	// missing at once, without waiting for the cache (SPEC 7 row 24). All
	// Origin presets.
	PendingMissingFailsAtOnce bool
	// CompleteDeletesPods deletes the deployer and hook pods of a Complete
	// RC, and never gives them owner references (SPEC 12, 7 row 26). All
	// Origin presets.
	CompleteDeletesPods bool
	// SeedPodController hands the RC phase to the seed deployer-pod
	// controller (phase.DeployerPod): the deployer controller derives no
	// phase from the pod, and a Succeeded pod with a non-zero container
	// exit code fails the RC (SPEC 12, 7 row 29). All Origin presets.
	SeedPodController bool
	// PodControllerDeletesOrphans makes the seed deployer-pod controller
	// delete every pod of an RC that is gone, with default delete options
	// (SPEC 12 "RC gone ⇒ delete its pods", 7 row 29, 13). When false,
	// such pods are left to owner-reference garbage collection, as modern
	// upstream does. All Origin presets ("—" in Modern and Exact, which
	// have no such controller).
	PodControllerDeletesOrphans bool
	// SeedReplicasAnnotation makes the seed deployer-pod controller copy
	// desired-replicas into openshift.io/deployment.replicas on any
	// terminal phase, and drop desired-replicas only on Complete (SPEC 12,
	// 7 row 29). When false it commits desired-replicas on Complete only,
	// as the modern deployer does. All Origin presets.
	SeedReplicasAnnotation bool
	// NoTimestamps writes none of the informational created-at,
	// started-at and completed-at annotations (SPEC 7 row 33). All Origin
	// presets.
	NoTimestamps bool
	// EventsOnRC records the deployer's events on the RC instead of on the
	// DC encoded in it (SPEC 12 "deployer events recorded on the RC").
	// Origin10 only.
	EventsOnRC bool
	// SeedDeployerPod builds the seed-era deployer pod: no owner
	// reference, no deployment-config.name annotation,
	// activeDeadlineSeconds always 21600, no size cap on injected
	// variables, and only dnsPolicy, imagePullSecrets and nodeSelector
	// copied from the template (SPEC 7 row 31). All Origin presets.
	SeedDeployerPod bool
	// PodCopiesOnlyNodeSelector copies only nodeSelector from the template
	// into the seed-era deployer pod (SPEC 12 "deployer pod copies only
	// nodeSelector", 7 row 31). Origin10 only; read only with
	// SeedDeployerPod.
	PodCopiesOnlyNodeSelector bool
	// SeedEventReasons records the oldest deployer's event reasons and
	// texts: the lowercase `failed`, `failedCancellation` and `cancelled`
	// (SPEC 1.6), and `failedCreate` for a deployer pod create that failed
	// (`Error creating deployer pod for <ns>/<rc>: <err>`) or met an
	// unrelated pod (`Error creating deployer pod for <ns>/<rc> since
	// another pod with the same name ("<pod>") exists`), texts SPEC 1.6
	// does not list but the oldest deployer wrote. Origin10 only: SPEC 1.6
	// gives the lowercase reasons to the oldest deployer, and the later
	// seeds' deployers record the capitalized ones (Failed, FailedCreate,
	// FailedCancellation).
	SeedEventReasons bool
	// NoRolloutCancelledEvent records no event when the deployer writes a
	// cancelled RC Failed: RolloutCancelled "Rollout for "<ns>/<rc>"
	// cancelled" is a modern deployer event (SPEC 1.6, 2.3, 4.4.4) that no
	// seed emitted; the oldest seed's only cancel event is `cancelled`
	// "Cancelled deployment", recorded with the activeDeadlineSeconds
	// writes (CancelByDeadline, SPEC 2.3 "Old mechanism"), and its New +
	// cancelled RC fails silently (SPEC 7 row 21). All Origin presets.
	NoRolloutCancelledEvent bool
	// NoCreateFailedEvent records no event when a deployer pod create
	// fails: the later seed deployers only return the actionable
	// `couldn't create deployer pod for ...` error; FailedCreate "Error
	// creating deployer pod: <err>" is a modern event (SPEC 1.6, 4.3.new.4),
	// and the oldest deployer's is its own failedCreate (SeedEventReasons).
	// Origin13 and Origin15.
	NoCreateFailedEvent bool
	// LongReasons writes the earliest long status-reason forms ("The
	// deployment was cancelled by the user", ...) instead of the short
	// ones (SPEC 12 `LongReasons`, 1.4, 7 row 32, 11a.1). Off in every
	// preset.
	LongReasons bool

	// OcCancel selects the output of the user cancel (SPEC 12 "`oc deploy
	// --cancel` output variant", 6.1, 6m.1): CancelRollout (today's `oc
	// rollout cancel`, Modern and Exact), CancelA (Origin10), CancelB
	// (Origin13) or CancelC (Origin15).
	OcCancel CancelOutput
	// OcRetry selects the wording of the user retry (SPEC 12 "`oc deploy
	// --retry` wording", 6.2, 6m.2): RetryRollout (today's `oc rollout
	// retry`), RetryOldest (Origin10), RetryMiddle (Origin13) or
	// RetryNewest (Origin15).
	OcRetry RetryOutput
	// OcDeployLatest selects whether `oc deploy --latest` exists and in
	// which form (SPEC 12, 6.3): DeployLatestAbsent (Modern, Exact),
	// DeployLatestOldest (Origin10, Origin13) or DeployLatestNewer
	// (Origin15).
	OcDeployLatest DeployLatestForm
	// SeedRolloutLatestLine prints `deploymentconfig "<dc>" rolled out`
	// as the `oc rollout latest` success line instead of
	// `deploymentconfig.apps.openshift.io/<dc> rolled out` (SPEC 12, 6.4).
	// All Origin presets: SPEC 12 marks Origin10 and Origin13 "—" but its
	// note makes `oc rollout latest` available in every Origin preset, so
	// they take the nearest documented form, Origin15's.
	SeedRolloutLatestLine bool
	// SeedRollbackText prints `oc rollback`'s seed texts: `#<n> rolled
	// back to <rc>` and the re-enable hint `oc deploy <dc>
	// --enable-triggers -n <ns>` (SPEC 6.6). All Origin presets.
	SeedRollbackText bool

	// OcCancelSilent prints nothing when `oc rollout cancel` succeeds,
	// upstream's printer accident; otherwise `deploymentconfig.apps.openshift.io/<dc>
	// cancelling` (or `already cancelled`) per RC (SPEC 13.2, 6m.1).
	// Exact only.
	OcCancelSilent bool
	// OcPausedCancelStillCancels makes `oc rollout cancel` on a paused DC
	// report `unable to cancel paused deployment <ns>/<dc>` and cancel
	// anyway; otherwise it refuses before writing (SPEC 13.2, 6m.1.3.2).
	// Exact only.
	OcPausedCancelStillCancels bool
	// OcServerDryRunWrites makes `--dry-run=server` of `oc rollout latest`
	// and `oc rollout undo` write for real while printing `(server dry
	// run)`; otherwise a server dry run writes nothing (SPEC 13.2, 6m.3.7,
	// 6m.4a.3.5). Exact only.
	OcServerDryRunWrites bool
	// OcStatusNoPausedExit makes `oc rollout status` end on a paused DC
	// only when its Progressing reason is DeploymentConfigPaused (which
	// the modern controller never sets); otherwise a paused DC ends the
	// watch with the paused message once its generation is observed, or
	// at once while it waits on an image at version 0 (SPEC 13.2,
	// 6m.6.3.4). Exact only.
	OcStatusNoPausedExit bool
	// OcRetryLaggingStatus makes `oc rollout retry` (and the `oc deploy
	// --retry` generations) retry the RC that status.latestVersion names
	// even while that status lags behind a newer RC the DC claims, as oc
	// does: a DC created again over its predecessor's RCs catches its
	// status up one version a pass (SPEC 3.2.7, 10.5), and a retry in
	// that window revives an older failed RC beside the newer rollout in
	// flight (SPEC 6m.2.lag; found by fake's OneRolloutInFlight under
	// DCs deleted and created again). Otherwise (Modern) the rollout to
	// retry is the newest the DC claims, and a retry of one that has not
	// failed is refused as oc refuses it. Exact and the Origin presets.
	OcRetryLaggingStatus bool
}

// PausedMode is what a paused DC means to the DC controller (SPEC 7 row 4).
type PausedMode uint8

// The paused modes.
const (
	// PausedFirst is modern: checked first; only history cleanup and
	// status, no cancel, no scaling, no triggers, no create.
	PausedFirst PausedMode = iota
	// PausedIgnored is the oldest seed: no paused concept at all; the DC
	// controller plans a paused DC as any other, triggers included.
	PausedIgnored
	// PausedNoCreate is the later seeds: checked after cancellation and
	// reconcile, it blocks creation (paused DCs are still scaled) and,
	// where the DC controller evaluates triggers (without
	// SeedConfigController), triggers too (SPEC 3.5.1).
	PausedNoCreate
	numPausedModes
)

var pausedModeNames = [...]string{"PausedFirst", "PausedIgnored", "PausedNoCreate"}

// String returns the constant's name.
func (m PausedMode) String() string { return spell(m, pausedModeNames[:], "PausedMode") }

// CancelOutput is the generation of the user cancel command (SPEC 6.1,
// 6m.1).
type CancelOutput uint8

// The cancel generations.
const (
	// CancelRollout is today's `oc rollout cancel` (SPEC 6m.1).
	CancelRollout CancelOutput = iota
	// CancelA is the oldest `oc deploy --cancel` (cancelDeploymentCommand).
	CancelA
	// CancelB is DeployOptions.cancel(config, out).
	CancelB
	// CancelC is the newest `oc deploy --cancel`, DeployOptions.cancel(config).
	CancelC
	numCancelOutputs
)

var cancelOutputNames = [...]string{"CancelRollout", "CancelA", "CancelB", "CancelC"}

// String returns the constant's name.
func (c CancelOutput) String() string { return spell(c, cancelOutputNames[:], "CancelOutput") }

// RetryOutput is the generation of the user retry command (SPEC 6.2,
// 6m.2).
type RetryOutput uint8

// The retry generations.
const (
	// RetryRollout is today's `oc rollout retry` (SPEC 6m.2).
	RetryRollout RetryOutput = iota
	// RetryOldest is the oldest `oc deploy --retry`: `Unable to find ...`,
	// the --latest / --cancel option hints, no paused check.
	RetryOldest
	// RetryMiddle is the same with a lowercase `unable to find ...`.
	RetryMiddle
	// RetryNewest refuses a paused DC and names `oc deploy --latest
	// dc/<dc>` and `oc rollout cancel dc/<dc>` in its hints.
	RetryNewest
	numRetryOutputs
)

var retryOutputNames = [...]string{"RetryRollout", "RetryOldest", "RetryMiddle", "RetryNewest"}

// String returns the constant's name.
func (r RetryOutput) String() string { return spell(r, retryOutputNames[:], "RetryOutput") }

// DeployLatestForm is the form of `oc deploy --latest` (SPEC 6.3).
type DeployLatestForm uint8

// The `oc deploy --latest` forms.
const (
	// DeployLatestAbsent: the command does not exist (today's oc).
	DeployLatestAbsent DeployLatestForm = iota
	// DeployLatestOldest bumps status.latestVersion and updates the DC;
	// no paused check.
	DeployLatestOldest
	// DeployLatestNewer refuses a paused DC and calls instantiate, falling
	// back to the bump on NotFound or Forbidden.
	DeployLatestNewer
	numDeployLatestForms
)

var deployLatestNames = [...]string{"DeployLatestAbsent", "DeployLatestOldest", "DeployLatestNewer"}

// String returns the constant's name.
func (f DeployLatestForm) String() string { return spell(f, deployLatestNames[:], "DeployLatestForm") }

// Preset names a column of the SPEC 12 table: a complete set of Switches.
// Presets exist for callers (and for naming settings in output);
// planners never read them.
type Preset uint8

// The presets of SPEC 12.
const (
	// Modern is modern upstream with the accidents of SPEC 10 items 2, 3,
	// 4, 10, 12, 13 and of SPEC 13.2 corrected: the zero Switches.
	Modern Preset = iota
	// Exact is modern upstream byte for byte, accidents included.
	Exact
	// Origin10 is the oldest seed era (Origin ≈1.0).
	Origin10
	// Origin13 is the middle seed era (Origin ≈1.3).
	Origin13
	// Origin15 is the newest seed era (Origin ≈1.5).
	Origin15
	numPresets
)

// Origin is the seed era of SPEC 11: the newest seeds, Origin15.
const Origin = Origin15

var presetNames = [...]string{"Modern", "Exact", "Origin10", "Origin13", "Origin15"}

// Presets returns every preset, in table order: a new slice each call, so
// that no caller can change the list others see.
func Presets() []Preset { return []Preset{Modern, Exact, Origin10, Origin13, Origin15} }

// String returns the preset's name: "Modern", "Exact", "Origin10",
// "Origin13" or "Origin15".
func (p Preset) String() string { return spell(p, presetNames[:], "Preset") }

// ParsePreset reads a preset name as String prints it, in any case
// ("exact" is Exact); "Origin" is accepted for Origin15. Any other string
// is an error wrapping ErrInvalidSettings that lists every accepted name.
// It is the one preset parser of every program in this repository.
func ParsePreset(s string) (Preset, error) {
	if strings.EqualFold(s, "Origin") {
		return Origin, nil
	}
	for i, n := range presetNames {
		if strings.EqualFold(s, n) {
			return Preset(i), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown preset %q: want one of %s, Origin (any case)", ErrInvalidSettings, s, strings.Join(presetNames[:], ", "))
}

// Settings returns Settings holding p's switches and no deployer pod
// parameters.
func (p Preset) Settings() Settings { return Settings{Switches: p.Switches()} }

// Switches returns the switches of preset p (SPEC 12, one column). An
// unknown preset gives the zero (Modern) switches.
func (p Preset) Switches() Switches {
	switch p {
	case Exact:
		return Switches{
			KeepCancelOnRace:            true,
			PausedPrunesLatest:          true,
			CancelAtVersionZero:         true,
			NoTriggersIgnoresRCs:        true,
			UnconditionalDeletes:        true,
			AwaitUnknownPhase:           true,
			UntrimmedImages:             true,
			IgnoreExpectations:          true,
			RawAlreadyExistsText:        true,
			UnrelatedPodEffects:         true,
			CancelLineDCVersion:         true,
			FailedCancellationEveryPass: true,
			RollbackToPrevious:          true,
			RetryTimeoutFromCreation:    true,
			CommitAbsentDesired:         true,
			ReclaimEachAttempt:          true,
			WrapReplicaSums:             true,
			OcCancelSilent:              true,
			OcPausedCancelStillCancels:  true,
			OcServerDryRunWrites:        true,
			OcStatusNoPausedExit:        true,
			OcRetryLaggingStatus:        true,
		}
	case Origin10:
		sw := seed()
		sw.ReplicaSync = true
		sw.DeploymentScaledEvents = true
		sw.CreateWithoutCleanup = true
		sw.CancelWithoutRetry = true
		sw.Paused = PausedIgnored
		sw.IgnoreDeleting = true
		sw.NewCancelledFails = true
		sw.CancelByDeadline = true
		sw.WriteAnyPhaseChange = true
		sw.PodCheckAfterAlreadyExists = true
		sw.EventsOnRC = true
		sw.PodCopiesOnlyNodeSelector = true
		sw.SeedEventReasons = true
		sw.OcCancel = CancelA
		sw.OcRetry = RetryOldest
		sw.OcDeployLatest = DeployLatestOldest
		return sw
	case Origin13:
		sw := seed()
		sw.ReplicaSync = true
		sw.DeploymentScaledEvents = true
		sw.Paused = PausedNoCreate
		sw.NoCreateFailedEvent = true
		sw.OcCancel = CancelB
		sw.OcRetry = RetryMiddle
		sw.OcDeployLatest = DeployLatestOldest
		return sw
	case Origin15:
		sw := seed()
		sw.Paused = PausedNoCreate
		sw.SeedConditions = true
		sw.NoCreateFailedEvent = true
		sw.OcCancel = CancelC
		sw.OcRetry = RetryNewest
		sw.OcDeployLatest = DeployLatestNewer
		return sw
	}
	return Switches{}
}

// seed returns the switches every Origin preset shares.
func seed() Switches {
	return Switches{
		AwaitUnknownPhase:           true,
		UnconditionalDeletes:        true,
		UntrimmedImages:             true,
		IgnoreExpectations:          true,
		UnrelatedPodEffects:         true,
		CancelLineDCVersion:         true,
		RollbackToPrevious:          true,
		RetryTimeoutFromCreation:    true,
		CommitAbsentDesired:         true,
		SeedConfigController:        true,
		SeedStatus:                  true,
		AlreadyExistsSucceeds:       true,
		SeedCreateEvent:             true,
		NoNewTimeout:                true,
		PendingMissingFailsAtOnce:   true,
		CompleteDeletesPods:         true,
		SeedPodController:           true,
		PodControllerDeletesOrphans: true,
		SeedReplicasAnnotation:      true,
		NoTimestamps:                true,
		SeedDeployerPod:             true,
		NoRolloutCancelledEvent:     true,
		SeedRolloutLatestLine:       true,
		SeedRollbackText:            true,
		OcRetryLaggingStatus:        true,
	}
}

// Preset returns the preset whose switches equal sw, and whether there is
// one.
func (sw Switches) Preset() (Preset, bool) {
	for _, p := range Presets() {
		if p.Switches() == sw {
			return p, true
		}
	}
	return Modern, false
}

// Name names the switches for output: the preset's name when they equal
// a preset, else `custom(<nearest>+<change>+...)` with the nearest preset
// (Nearest) and the changes from it (Changes): e.g.
// `custom(Modern+LongReasons)`, `custom(Origin13+ReplicaSync=false)`.
func (sw Switches) Name() string {
	if p, ok := sw.Preset(); ok {
		return p.String()
	}
	p := sw.Nearest()
	return "custom(" + p.String() + "+" + strings.Join(sw.Changes(p.Switches()), "+") + ")"
}

// Nearest returns the preset with the fewest switches differing from sw,
// the first in table order on a tie.
func (sw Switches) Nearest() Preset {
	best, bestDiff := Modern, -1
	for _, p := range Presets() {
		if n := len(sw.Changes(p.Switches())); bestDiff < 0 || n < bestDiff {
			best, bestDiff = p, n
		}
	}
	return best
}

// Changes lists, in declaration order, the switches of sw that differ
// from base, each as Set accepts it: `Name` for a boolean switched on,
// `Name=false` for one switched off, `Name=<value>` for an enum. Applying
// them to base with Set gives sw.
func (sw Switches) Changes(base Switches) []string {
	var out []string
	for _, f := range switchFields {
		switch {
		case f.flag != nil && *f.flag(&sw) == *f.flag(&base):
		case f.flag != nil && *f.flag(&sw):
			out = append(out, f.name)
		case f.flag != nil:
			out = append(out, f.name+"=false")
		case f.enum(&sw) != f.enum(&base):
			out = append(out, f.name+"="+f.enum(&sw))
		}
	}
	return out
}

// Set applies one change to sw: `Name` or `Name=true` switches a boolean
// on, `Name=false` off; `Name=<value>` sets an enum switch to the constant
// of that name (e.g. `OcCancel=CancelB`). An unknown switch or value is an
// error wrapping ErrInvalidSettings, and sw is then unchanged.
func (sw *Switches) Set(change string) error {
	name, val, hasVal := strings.Cut(change, "=")
	for _, f := range switchFields {
		if f.name != name {
			continue
		}
		if f.flag == nil {
			if !f.set(sw, val) {
				return fmt.Errorf("%w: switch %s: unknown value %q", ErrInvalidSettings, name, val)
			}
			return nil
		}
		switch {
		case !hasVal || val == "true":
			*f.flag(sw) = true
		case val == "false":
			*f.flag(sw) = false
		default:
			return fmt.Errorf("%w: switch %s: want true or false, got %q", ErrInvalidSettings, name, val)
		}
		return nil
	}
	return fmt.Errorf("%w: unknown switch %q", ErrInvalidSettings, name)
}

// unknownSwitch names the first enum switch of sw holding an undeclared
// value, as `Name=<n>`, or "".
func (sw *Switches) unknownSwitch() string {
	switch {
	case sw.Paused >= numPausedModes:
		return "Paused=" + strconv.Itoa(int(sw.Paused))
	case sw.OcCancel >= numCancelOutputs:
		return "OcCancel=" + strconv.Itoa(int(sw.OcCancel))
	case sw.OcRetry >= numRetryOutputs:
		return "OcRetry=" + strconv.Itoa(int(sw.OcRetry))
	case sw.OcDeployLatest >= numDeployLatestForms:
		return "OcDeployLatest=" + strconv.Itoa(int(sw.OcDeployLatest))
	}
	return ""
}

// String describes st in Describe's key=value style: `preset=<name>` (the
// preset the switches equal, or custom(...), see Switches.Name), then
// `image=`, `serviceAccount=` and `env=<count>` when set. Simulator traces,
// examples and scenario outputs print it to name the behaviour in use.
func (st Settings) String() string {
	var b strings.Builder
	b.WriteString("preset=" + st.Switches.Name())
	if st.DeployerImage != "" {
		b.WriteString(" image=" + quoteIfNeeded(st.DeployerImage))
	}
	if st.ServiceAccount != "" {
		b.WriteString(" serviceAccount=" + quoteIfNeeded(st.ServiceAccount))
	}
	if len(st.Environment) > 0 {
		b.WriteString(" env=" + strconv.Itoa(len(st.Environment)))
	}
	return b.String()
}

// Package reconcile is the DeploymentConfig controller of OpenShift as a
// pure planner: given a dcplan.Snapshot of one DC and its RCs, Config
// returns the dcplan.Plan that one pass of the controller would carry out
// (SPEC sections 3.2-3.8, 3.11 and section 7 rows 1-20), and All merges it
// with the deployer controller's step for every RC (package phase), for
// simulators. It also plans the server-side user operations that start or
// stop rollouts: Instantiate (the instantiate subresource), Pause, Resume
// and RolloutLatest (`oc rollout latest`).
//
// It does not talk to a server, read a clock, log, or retry: an adapter
// sends the plan's requests (wire.RunPass) and reports failures back. It
// computes the DC status with package conditions' engine
// (internal/dcstatus), decides no phase transition (package phase does)
// and renders no object (package wire does).
//
// Functions in this package never modify their arguments; returned slices
// never alias them.
//
// Usage:
//
//	plan := reconcile.Config(snap)          // one pass of the DC controller
//	fmt.Print(dcplan.Describe(plan))        // one line per action, with rule ids
//	pass, err := wire.RunPass(ctx, client, snap, reconcile.Config) // send it, failures fed back
//
//	plan, err := reconcile.Pause(snap)      // oc rollout pause dc/<dc>
//
// Entry points: [Config], [All], [Instantiate], [Pause],
// [Resume], [RolloutLatest], [RolloutReport], [dcplan.Refusal].
//
// # Adapter contract
//
// For each DC work item an adapter:
//
//  1. Snapshots the DC, every RC of its namespace that names it (label,
//     annotation or owner reference), the deployer pods, the requeue count
//     and Now. When it has the result of a live GET of the DC (needed only
//     before an adoption), it puts it in Snapshot.Recheck.
//  2. Calls Config (or All). An invalid snapshot gives an empty plan.
//  3. Sends the plan's requests (wire.Requests) in order: Adopt, Release,
//     Instantiate, UpdateConfig, pod writes, CreateRCs, Cancels, Scales,
//     Transitions, DeleteRCs, Status, with the events where upstream
//     records them.
//  4. On a failed request, records it in Snapshot.Outcome and plans again
//     from the same snapshot: the plan keeps the requests already sent and
//     says what upstream says about the failure (a claim error; a
//     DeploymentCancellationFailed or ReplicationControllerScaleFailed
//     warning and the write's error; the error of a failed replica-sync
//     update of the DC; a cleanup warning and on with the status; for a
//     failed create, DeploymentCreationFailed with the
//     ReplicationControllerCreateError condition, or after AlreadyExists
//     the live RC's claim (Outcome.Live) and the stale-cache error, or
//     the creation failure when that claim fails).
//     wire.RunPass does 3 and 4.
//  5. Requeues per the last plan: Plan.Error retry (rate-limited while the
//     item was requeued fewer than 15 times), fatal (log, forget); Plan.Wait
//     and Plan.RecheckAfter as their docs say.
//
// The user operations: [RolloutLatest] (`oc rollout latest`, with
// dcplan.DryRun modes, SeedRolloutLatestLine and OcServerDryRunWrites),
// [DeployLatest] (the seeds' `oc deploy --latest`, OcDeployLatest),
// [Instantiate], [Pause], [Resume] and [PauseText].
//
// # Switches
//
// The DC controller reads these switches of dcplan.Switches (SPEC 12), and
// nothing else. Modern (the zero switches) corrects SPEC 10 item 3: a
// refused AlreadyExists reads `deployment <ns>/<rc> already exists and it
// couldn't be adopted[: <err>]`; RawAlreadyExistsText (Exact) gives the
// raw text. Exact alone also sets PausedPrunesLatest (a paused DC's
// cleanup may prune the RC a lagging status names), CancelAtVersionZero
// (cancel as superseded by version 0), ReclaimEachAttempt (the adoption
// patch again before each update attempt) and NoTriggersIgnoresRCs (a DC
// at version 0 without triggers is planned from no RCs, SPEC
// 3.2.1.claim); Exact and the Origin presets set AwaitUnknownPhase (an RC
// without a phase counts as in flight), UntrimmedImages (images compared
// untrimmed), IgnoreExpectations (plan from the cache while an RC the
// controller created or deleted is not yet shown as such) and
// UnconditionalDeletes (history deletes without the uid and
// resourceVersion preconditions, SPEC 3.7.5.unchanged). SeedConfigController runs the seed-era decision list (no
// triggers in the controller, version 0 status only, label-selected RCs
// instead of claims, no status-lag bump, no image check);
// AlreadyExistsSucceeds and SeedCreateEvent give the seed's create, and
// CreateWithoutCleanup and CancelWithoutRetry (Origin10) the oldest
// seed's: no history cleanup after the create, cancels sent once; Paused
// selects the paused concept (PausedFirst, PausedIgnored, PausedNoCreate:
// paused DCs still scaled, but no trigger fires and no RC is created), the
// same in either decision list; IgnoreDeleting drops the deleting-DC rule;
// ReplicaSync is the replica-sync reconcile (the DC learns hand-scaled
// counts; every written RC gets the openshift.io/deployment.replicas
// annotation; cleanup on the pre-scaling list, its deletes without
// options); DeploymentScaledEvents the
// older scale events; LongReasons the long supersede reason. The status
// it writes (SPEC 3.9, 3.10) reads the switches package conditions
// documents: SeedStatus (the seed-era counters and Available, SPEC 7 rows
// 14-15), SeedConditions (the seed-era Progressing, Paused and Resumed
// conditions, rows 16-20) and WrapReplicaSums (Exact: counter sums wrap
// in 32 bits).
//
// # Rule ids
//
// Every action carries the SPEC rule that produced it: 3.2.1 (version 0,
// no triggers), 3.2.4 (deleting), 3.2.5 (paused), 3.2.7 (status behind the
// RCs), 3.2.9 (unresolved image), 3.2.10 (trigger fired), 3.2.11 (latest in
// flight), 3.2.12 (create), 3.3.1 / 3.3.2 (release / adopt), 3.4.3 / 3.4.4
// (cancel / await), 3.5.3 (initial rollout waits for images), 3.6.3 /
// 3.6.5 (scale / status after reconcile), 3.7.5 (history cleanup), 3.11
// (replica sync), 7.1, 7.3, 7.4, 7.11, 7.12, 7.13 (seed-era
// differences), 6.4 (instantiate, rollout latest), 6.3 (the seeds' `oc
// deploy --latest`), 0.4 (pause, resume).
package reconcile

// Package fake is dcplan's in-memory world: a store that keeps
// DeploymentConfigs, ReplicationControllers and pods in wire form, and an
// API server that executes wire.Requests on it, or on a map of its own,
// with Kubernetes semantics (Server, a wire.Client); a deterministic,
// seeded simulator of the two rollout controllers with fault injection;
// and the invariants the controllers must keep, one exported function
// each, written once and run by the simulator, the planners' property
// tests and the explorer alike. The shared rapid generators for snapshots are in package fake/gen,
// which only tests import: importing fake links the standard library alone
// and adds no command-line flags.
//
// It is for tests, simulators and model checkers; production adapters do
// not import it. It decides nothing itself: every plan comes from the
// planners (reconcile.Config, phase.Step, cancel, history, reconcile's
// user operations), and all randomness lives here, in the Sim's seeded
// generator, never in a planner.
//
// Functions in this package never modify their arguments; returned slices
// never alias them (Observation, Transition and Pass.Seen share the
// World's decode cache and are documented read-only).
//
// Usage:
//
//	s := fake.NewSim(fake.Options{Seed: 1, Faults: fake.AllFaults()})
//	if err := s.AddConfig(fake.NewConfig("ns", "web", 3)); err != nil { ... }
//	prev := s.Observe()
//	for range 100 {
//		s.Run(1) // advance the clock a tick, run both controllers
//		next := s.Observe()
//		if err := fake.CheckInvariants(prev, next); err != nil { ... }
//		prev = next
//	}
//	if err := fake.Liveness(s); err != nil { ... } // faults off: at rest within 2×RCs+5 passes
//	if err := fake.Progress(s); err != nil { ... }  // then a rollout of each DC completes
//	fmt.Print(s.Trace())                            // every plan in dcplan.Describe form
//
// # Store
//
// [World] holds objects as the JSON the codec encodes (read = decode,
// write = decode, change, encode; every write bumps the resource version).
// [World.Snapshot] builds what a controller sees; [World.SnapshotAt] what a
// cache lagging some writes sees. [World.Client] is an API server over the
// World: plans are applied by sending their requests to it (wire.RunPass),
// with the semantics of [Server]: a stale resourceVersion is a Conflict, a
// taken name AlreadyExists, a missing object NotFound.
//
// # API server
//
// [Server] executes wire.Requests with Kubernetes semantics on JSON
// objects: creates stamp uid, resourceVersion and creationTimestamp
// (and a pod's status.phase Pending, as the pod strategy does);
// updates check the resourceVersion; strategic-merge patches merge owner
// references by uid and honour a uid precondition; the status and
// instantiate subresources; deletes with their options, the garbage
// collector's work on what the deleted object owned, and finalizers (a
// delete marks an object that has some; the write removing the last one
// deletes it); with [Server.SetGracefulPodDeletion] (off by default; a
// [World.Client]'s server takes [World.GracefulPodDeletion]) graceful
// termination of pods: a pod a node runs is marked deleting with its
// grace period (the delete's gracePeriodSeconds, else the pod's
// terminationGracePeriodSeconds, else 30) and stays until deleted with a
// grace of 0, a second delete only shortening it; faults
// ([Server.Inject]) fail chosen requests; [Server.Log] keeps every write
// with the object before and after. [NewServer] keeps its own objects;
// [World.Client] works on a World.
//
// UIDs: the World gives every object stored without a UID one of its own,
// from a counter, so the same writes in the same order give the same UIDs
// ([World.CreateConfig], [World.CreateDeployment], [World.CreatePodObject]).
// It refuses, with an error wrapping [ErrInvalid] and without a write, an
// owner reference without a UID (an RC's controller, a pod's owners), an
// update that changes a UID, and an object dcplan's validation rejects
// (spec.replicas below zero, a DC without a name: the error wraps the
// *dcplan.FieldError too), as the API server does; [World.Client]
// answers such a write Invalid (422). A world the planners cannot read
// is never at rest ([Sim.Stabilize] returns [ErrUnreadable]). So an RC made by
// dcplan.NewDeployment from a DC before the World stored it, whose
// controller reference therefore has an empty UID, is refused; make it
// from the stored DC ([World.Config]) instead.
//
// Encoded-config annotations are interned up to the encoded DC's status,
// so the RCs of one DC share one copy; [World.Compress] packs the rest
// against a dictionary of typical objects for very large worlds
// ([World.Stats], [Populate]). The decode cache interns the identity
// strings (names, UIDs, template hashes, images) so that the planners'
// comparisons of them are pointer comparisons.
//
// Cores: [Populate] encodes on every core and [Sim.Stabilize] and
// [Sim.Stable] decode the objects they are about to read ahead on every
// core; everything else runs on the caller's goroutine. What they write
// and return is the same, byte for byte, on one core or many.
//
// # Simulator
//
// [Sim] runs the DC controller and the deployer controller from work
// queues fed by watch notifications, a pod model ([PodModel]: deployer and
// hook pods; the deployer process, which, as openshift/oc's
// openshift-deploy does outside SPEC, scales every RC other than its own
// and the newest Complete older one (SPEC 5.3, 5.7) to 0 and then moves
// from that one to its own, Rolling within the fenceposts (SPEC 5.16) or
// Recreate, and as Recreate when there is none; replication-manager
// status), and [Faults]: write conflicts, stale reads, crashes mid-plan, lost and
// duplicated notifications, deleted and squatted deployer pods, external
// scaling, DC edits, user operations ([Sim.Cancel], [Sim.Retry],
// [Sim.RolloutLatest], [Sim.Rollback], [Sim.Pause], [Sim.Resume]), clock
// jumps, a second controller instance, and (asked for by name, not in
// [AllFaults]) DCs deleted and created again ([Sim.DeleteConfig],
// [Sim.ReleaseConfig]: held by a finalizer, gone with their RCs, or
// orphaning them), writes refused by RBAC (Forbidden) and writes applied
// whose answer is lost (Timeout). With [Options].GracefulPodDeletion
// (off by default, so seeds and traces stay as they were) deleted pods
// terminate gracefully: the server marks them, and the pod model's
// kubelet stops a marked pod at its next step (Failed, exit code
// [KilledExitCode]; a deployer process stops where it is) and removes it
// when its grace period ends (10 s for the deployer pod dcplan builds, 30
// for a hook pod or the seed era's deployer pod); `oc rollout retry`'s
// deletes, with a grace of 0, remove pods at once. [Sim.Step], [Sim.Advance],
// [Sim.Run] and [Sim.Stabilize] drive it; the same seed gives the same
// [Sim.Trace], byte for byte. [Sim.FaultLog] lists the injected faults as
// values ([FaultRecord]: kind, clock, jump), one per "fault" trace line.
//
// # Invariants
//
// [Invariants] is the one list of the controllers' safety properties,
// each an exported function with its SPEC rule, judged on the live world
// (the store as it is at a step, or just before the server applies each
// write of a pass, and what the write changed in the object's bytes),
// never on the planner's possibly stale view or the labels it puts on
// its requests:
//
//   - State, at every step: [Decodes] (a DC that fails to decode is a
//     failure, never a skip), [OneRolloutInFlight], [OneDeployerPod].
//   - Rest, at rest only (each says why): [NothingInFlightAtRest],
//     [ReplicasWhenStable], [StatusCaughtUp], [HistoryPruned],
//     [NoPodsAfterCancel], [StatusSumsAtRest].
//   - Transition, on every pass (each successful write, [LiveWrite], with
//     the live world just before it) and every step:
//     [LatestVersionMonotonic], [NoCreateWhileInFlight], [CancelsOnlyOlder],
//     [HistoryKeepsLive], [HistoryLimit], [OnlyClaimedRCs],
//     [CreatedRCMatchesConfig], [PhaseMoves] (against [Spec21], SPEC 2.1
//     as data, independent of phase.Table), [NoScaleDuringRollout],
//     [PausedNoRollout], [ReplicasAfterReconcile], [NoCancelAtVersionZero],
//     [StatusOnlyWhileDeleting], [FailsForACause], [SupersedesInFlight],
//     [CancelDeletesPods].
//
// Who runs them: the simulator's tests ([CheckInvariants] on two
// [Observation]s after every step; the Sim records every pass as a
// [Transition]), the planners' property tests ([PassTransition] then
// [CheckTransition]: one plan applied to a Server holding its snapshot),
// and the exhaustive explorer, fake/explore (on every state, move and
// fixed point). [Invariant.Applies] leaves out the few that seed-era
// switches (SeedConfigController, ReplicaSync, the paused modes,
// SeedStatus) change,
// and under SeedConfigController the invariants take the RCs the DC's
// label selects for its own, as that controller does
// ([ConfigState].ByLabel). [Liveness] checks convergence once faults
// stop, and [Progress] that rollouts still complete then (a world where
// every rollout fails comes to rest too, and no invariant forbids it).
//
// The simulator's controllers keep expectations: the DC controller for
// the RCs it created that its cache has not shown yet
// (Snapshot.Unobserved) and those it deleted that its cache still shows
// (Snapshot.Undeleted), the deployer for the deployer pods it created
// and for its own writes of an RC (a cache still showing a version one of
// them replaced puts the RC in Snapshot.Unobserved).
// Its caches never go back in time, each of a controller's informers
// lags on its own (the DC controller's DCs and RCs, the deployer's RCs
// and pods), and a restart relists; a second controller
// instance (the Dual fault) has its own cache and expectations and may
// start a second rollout, so the DC is marked [ConfigState].SplitBrain
// until the world is at rest. So is a DC whose controller created an RC
// beside an older one a user's oc rollout retry put back in flight after
// its cache read it Failed ([ConfigState].RetryRace): no cache-based
// controller can see that write in time, upstream's included.
//
// The package's tests run 100 seeded traces of 100 steps with every fault
// on (.ci/run 250), 40 more with DCs deleted under them
// (TestSimDeleteConfigUnderFaults), and 200 rapid state-machine traces (2
// batches of rapid's default 100 checks, about 100 actions each); each
// pass records a snapshot of the live world per write for the Transition
// invariants. Under Exact and the seed presets (whose Settings run the
// seed deployer-pod controller too) a fifth as many traces break only the
// invariants of upstream's accidents, each gone with its switch as Modern
// has it (TestAccidentsUnderFaults); 20 Modern traces run with graceful
// pod deletion (TestSimSeedsGraceful; -fake.graceful runs all of both
// tests' traces so). Deep searches:
//
//	go test ./fake -run 'TestSimSeeds|TestAccidentsUnderFaults' -fake.seeds=20000 -timeout 60m
//	go test ./fake -run TestSimStateMachine -fake.batches=10 -rapid.checks=10000 # 100 000 traces
//
// # Performance
//
// The simulator's figures (passes per second at rest, bytes per stored RC,
// time to stabilise a DC, the 1 000 000-RC scale run) are kept in one
// place, docs/performance.md, each with the command that measures it;
// the benchmarks are in bench_test.go, packer_test.go and refpack_test.go:
//
//	go test ./fake -run '^$' -bench . -benchmem
//	go run ./examples/rollout -scale 100000
//
// # Generators
//
// Package [github.com/dcplan/dcplan/fake/gen] (gen.Snapshot, gen.Config,
// gen.Deployment, gen.Pod, ...) draws valid snapshots for property tests;
// its values are anchored at [Epoch] and use [Images] and [TemplateOf].
package fake

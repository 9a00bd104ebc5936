// Package fake is dcplan's in-memory world: a store that keeps
// DeploymentConfigs, ReplicationControllers and pods in wire form and
// implements dcplan.Backend with Kubernetes semantics; a deterministic,
// seeded simulator of the two rollout controllers with fault injection;
// and the invariants the controllers must keep, one exported function
// each. The shared rapid generators for snapshots are in package fake/gen,
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
// never alias them (Observation and Pass.Seen share the World's decode
// cache and are documented read-only).
//
// Usage:
//
//	s := fake.NewSim(fake.Options{Seed: 1, Faults: fake.AllFaults()})
//	s.AddConfig(fake.NewConfig("ns", "web", 3))
//	prev := s.Observe()
//	for range 100 {
//		s.Run(1) // advance the clock a tick, run both controllers
//		next := s.Observe()
//		if err := fake.CheckInvariants(prev, next); err != nil { ... }
//		prev = next
//	}
//	if err := fake.Liveness(s); err != nil { ... } // faults off: at rest within 2×RCs+5 passes
//	fmt.Print(s.Trace())                            // every plan in dcplan.Describe form
//
// # Store
//
// [World] holds objects as the JSON the codec encodes (read = decode,
// write = decode, change, encode; every write bumps the resource version).
// [World.Snapshot] builds what a controller sees; [World.SnapshotAt] what a
// cache lagging some writes sees. [Backend] (from [World.Backend]) and
// [Apply] apply plans: a From precondition that no longer holds is a
// conflict (dcplan.ErrConflict), a taken name dcplan.ErrAlreadyExists, a
// missing object dcplan.ErrNotFound.
//
// UIDs: the World gives every object stored without a UID one of its own,
// from a counter, so the same writes in the same order give the same UIDs
// ([World.CreateConfig], [World.CreateDeployment], [World.CreatePodObject]).
// It refuses, with an error wrapping [ErrInvalid] and without a write, an
// owner reference without a UID (an RC's controller, a pod's owners) and
// an update that changes a UID, as the API server does. So an RC made by
// dcplan.NewDeployment from a DC before the World stored it, whose
// controller reference therefore has an empty UID, is refused; make it
// from the stored DC ([World.Config]) instead.
//
// Encoded-config annotations are interned up to the encoded DC's status,
// so the RCs of one DC share one copy; [World.Compress] deflates the rest
// for very large worlds ([World.Stats], [Populate]). The decode cache
// interns the identity strings (names, UIDs, template hashes, images) so
// that the planners' comparisons of them are pointer comparisons.
//
// # Simulator
//
// [Sim] runs the DC controller and the deployer controller from work
// queues fed by watch notifications, a pod model ([PodModel]: deployer and
// hook pods, rolling scale-up and scale-down, replication-manager status),
// and [Faults]: write conflicts, stale reads, crashes mid-plan, lost and
// duplicated notifications, deleted and squatted deployer pods, external
// scaling, DC edits, user operations ([Sim.Cancel], [Sim.Retry],
// [Sim.RolloutLatest], [Sim.Rollback], [Sim.Pause], [Sim.Resume]), clock
// jumps and a second controller instance. [Sim.Step], [Sim.Advance],
// [Sim.Run] and [Sim.Stabilize] drive it; the same seed gives the same
// [Sim.Trace], byte for byte.
//
// # Invariants
//
// [Invariants] lists [OneRolloutInFlight], [NoCreateWhileInFlight],
// [PhaseMoves], [LatestVersionMonotonic], [NoScaleDuringRollout],
// [ReplicasWhenStable], [HistoryKeepsLive], [NoPodsAfterCancel] and
// [PausedNoRollout], each with its SPEC rule; [CheckInvariants] runs them
// on two [Observation]s; [Liveness] checks convergence once faults stop.
// The package's tests run 250 seeded traces of 100 steps with every fault
// on, and 200 rapid state-machine traces (2 batches of rapid's default 100
// checks, about 100 actions each), in about 6 s; four times as many reach
// no statement the default runs do not. Deep searches:
//
//	go test ./fake -run TestSimSeeds -fake.seeds=100000
//	go test ./fake -run TestSimStateMachine -fake.batches=10 -rapid.checks=10000 # 100 000 traces
//
// # Performance
//
// Measured on the 2-core development machine (shared, so ±30%):
//
//	go test ./fake -run XXX -bench . -benchmem
//
// BenchmarkSimPasses (1 000 small DCs at rest, decode cache on): about
// 1.05-1.3 million planner passes per second per core, no allocation per
// pass; about half the time is the planners themselves (reconcile.Config,
// phase.Step). BenchmarkWireBytesPerRC (10 RCs per DC, one-container
// template, no decode cache): 1 312 stored wire bytes and about 1 700 heap
// bytes per RC plain, 579 and about 1 000 compressed, encoded DC included.
// BenchmarkStabilize: about 1.6 ms per new DC through its first rollout.
//
// Scale, 100 000 DCs with 10 RCs each, plain wire form without decode
// cache (every read decodes):
//
//	nice go run ./examples/rollout -scale 100000
//
// populated 1 000 000 RCs in 2 min 1 s; heap 1 626 MiB, 1 705 bytes per RC
// (stored wire 1 338 bytes per RC); at rest after 1 pass in 2 min 52 s
// (1.7 ms per DC; 19 000 planner passes per second with a JSON decode on
// every read); 4 min 54 s in all, 6 min CPU, peak RSS 4.8 GiB.
//
// # Generators
//
// Package [github.com/dcplan/dcplan/fake/gen] (gen.Snapshot, gen.Config,
// gen.Deployment, gen.Pod, ...) draws valid snapshots for property tests;
// its values are anchored at [Epoch] and use [Images] and [TemplateOf].
package fake

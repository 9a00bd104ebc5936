// Package explore checks dcplan's controllers on every reachable state of
// small worlds: a bounded, breadth-first model checker over a fake.Server.
//
// It does not sample: from each initial world (one DC, replicas and
// revisionHistoryLimit drawn from the bounds) it makes every move of every
// actor in every order — a DC controller pass (wire.RunPass with
// reconcile.Config), a deployer pass per RC (phase.Step; over an RC
// without the openshift.io/deployment-config.name annotation only after
// an update or delete of one of its pods queued it, SPEC 4.7), each given its
// controller's expectations as fake's simulator gives them
// (Snapshot.Unobserved: the RCs, or the deployer pod, it created that its
// view does not show yet; Snapshot.Undeleted: the RCs, or the pods, it
// deleted in the move before that a stale read still shows), the kubelet
// moving a deployer pod, which the server creates Pending (running,
// succeeded, failed, vanished; failed from Pending too),
// the deployer pod's process creating its pre hook pod <rc>-hook-pre while
// it runs (labelled openshift.io/deployer-pod-for.name=<rc>, SPEC 1.2; at
// most Options.Hooks per trace) and the kubelet moving that hook pod
// (succeeded, failed, vanished), oc commands and edits (cancel, retry, rollout latest, pause, resume,
// undo, scale, edit the template), the clock moving past the New-phase
// timeout of an RC still New (at most Options.Clock per trace; every pass
// plans at fake.Epoch, so the move ages each timestamp of the world
// instead), and the faults of a pass or of an oc
// command (a Conflict answer to any one write, a crash after any write
// but the last, the controllers' expectations kept; for a controller pass
// also a stale read of any object as it was before the last move) — and visits each
// state once, by a canonical encoding of the server's objects (a move
// already made from another state holding the same bytes, as states that
// differ only in their budgets or in the earlier world kept for stale
// reads do, is given that move's outcome rather than made again). It checks
// fake.Invariants — the one list the simulator and the planners' property
// tests run too — judged on the live world (the server's objects, not the
// planner's view): the State invariants on every state, the Transition
// ones on every move (each successful write from the server's log, with
// the live world just before it), the Rest ones at every fixed point. It
// adds what only a search can check: that a pass that changes nothing
// writes nothing (Idempotent), that the same snapshot gives the same
// requests (Deterministic), that a pass keeps the adapter contract
// (PassSucceeds), and liveness (SPEC 11a item 4): once faults and user
// moves stop, every path reaches a fixed point within Bound passes. A
// caller's own properties (Options.Properties) are judged beside
// fake.Invariants, in the same way.
//
// Usage (Defaults are the CI tier's bounds: for Modern about 200 000
// states, a minute or two of CPU and a few GB; narrow Replicas, Limits,
// Users, Faults and Stale for a quick search, as ExampleExplore does):
//
//	res, err := explore.Explore(explore.Defaults(dcplan.Modern.Settings()))
//	if err != nil { ... } // Options it refuses: an *OptionError
//	for _, v := range res.Violations {
//		text, _ := explore.Scenario(v, settings, nil) // a regression scenario file; nil: plans only
//		fmt.Print(text)
//	}
//
// Plain go test searches small worlds (replicas 1, revisionHistoryLimit
// 1): the default perturbations for Modern, any two of an oc command, a
// stale read and a clock move for Exact and Origin15. The CI tier (-explore.ci, or
// DCPLAN_EXPLORE=ci) runs the default bounds (Defaults: latestVersion up
// to 3, replicas 0-2, revisionHistoryLimit none and 1, per trace at most
// one oc command, one faulted pass, one stale read, one hook pod and one
// clock move, any two of them in one trace) for Modern, Exact and Origin15, plus for each
// a search with three in one trace (a fault, a stale read and a hook
// pod); docs/exploration.md has the figures per search. Deeper bounds run
// behind -explore.deep.
//
// Entry points: [Explore], [Defaults], [Options] (and [Options.Validate],
// [OptionError]), [Result], [Violation], [World], [Scenario], [Replay],
// [Bound], [Initial], [Decode], [ParseInts].
//
// Functions in this package never modify their arguments.
package explore

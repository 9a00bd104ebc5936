package fake

import (
	"cmp"
	"slices"

	"github.com/dcplan/dcplan"
)

// PassObservations turns one planner pass into the pair of observations the
// invariants compare: prev is the world of snapshot s, next the world after
// the whole plan p is applied (s.After(p)), with p as the one pass between
// them, planned by actor ("dc-controller", "deployer", "user:retry", ...)
// of the given kind. Neither is Stable, so only the invariants that hold at
// every step apply.
//
// It lets planner property tests check a single plan with the very
// functions the simulator checks after every step:
//
//	prev, next := fake.PassObservations(s, reconcile.Config(s), fake.PassConfig, "dc-controller")
//	if err := fake.CheckInvariants(prev, next); err != nil { ... }
//
// The invariants assume the Modern or Exact profile.
func PassObservations(s dcplan.Snapshot, p dcplan.Plan, kind PassKind, actor string) (prev, next Observation) {
	after := s.After(p)
	pass := Pass{
		Actor: actor, Kind: kind, Namespace: s.Config.Namespace, Config: s.Config.Name,
		Seen: s, Plan: p, Applied: p.Actions(),
	}
	if kind == PassDeployer && len(p.Transitions) > 0 {
		pass.RC = p.Transitions[0].RC
	}
	prev = Observation{Now: s.Now, Configs: []ConfigState{stateOf(s)}}
	next = Observation{Now: s.Now, Configs: []ConfigState{stateOf(after)}, Passes: []Pass{pass}}
	return prev, next
}

// stateOf is the ConfigState of a snapshot: its RCs by version ascending,
// its pods by name.
func stateOf(s dcplan.Snapshot) ConfigState {
	return ConfigState{
		Config:      s.Config,
		Deployments: slices.SortedFunc(slices.Values(s.Deployments), dcplan.CompareDeployments),
		Pods: slices.SortedFunc(slices.Values(s.Pods), func(a, b dcplan.Pod) int {
			return cmp.Compare(a.Name, b.Name)
		}),
	}
}

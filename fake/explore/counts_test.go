package explore_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestExploreResultCounts pins what small searches of Modern from one
// replica and revisionHistoryLimit 1 report: the states and transitions,
// the moves by actor, the faulted ones among them, the oc commands by
// operation and the hook-pod states by phase (and of a cancelled RC).
// Only the last case moves the clock.
// The counts depend on the code and the bounds only; a change to how the
// search dedups states, which stale reads and faults it makes, or what
// it counts, changes them. Update them when a planner's change moves
// them, after checking the new counts are the search's and not a bug's.
func TestExploreResultCounts(t *testing.T) {
	type counts struct {
		States, Transitions, Violations int
		Moves, Faulted                  map[explore.Actor]int
		Ops                             map[string]int
		Hooks                           map[string]int
	}
	const dc, dep, kub, user, clock = explore.ActorConfig, explore.ActorDeployer, explore.ActorKubelet, explore.ActorUser, explore.ActorClock
	tests := []struct {
		name                        string
		users, faults, stale, hooks int
		clock                       int
		want                        counts
	}{
		{name: "a fault", faults: 1, want: counts{States: 183, Transitions: 532,
			Moves: map[explore.Actor]int{dc: 216, dep: 211, kub: 105}, Faulted: map[explore.Actor]int{dc: 33, dep: 30}}},
		{name: "a stale read and a hook pod", stale: 1, hooks: 1, want: counts{States: 1070, Transitions: 4618,
			Moves: map[explore.Actor]int{dc: 1734, dep: 1733, kub: 1151}, Hooks: map[string]int{"Failed": 293, "Running": 234, "Succeeded": 293}}},
		{name: "a cancel and a hook pod", users: 1, hooks: 1, want: counts{States: 460, Transitions: 1680,
			Moves: map[explore.Actor]int{dc: 460, dep: 459, kub: 585, user: 176}, Ops: map[string]int{"cancel": 176},
			Hooks: map[string]int{"Failed": 119, "Running": 119, "Succeeded": 119, "cancelled": 162}}},
		{name: "a faulted cancel and a stale read", users: 1, faults: 1, stale: 1, want: counts{States: 1577, Transitions: 6997,
			Moves: map[explore.Actor]int{dc: 2696, dep: 2829, kub: 843, user: 629}, Faulted: map[explore.Actor]int{dc: 233, dep: 369, user: 124},
			Ops: map[string]int{"cancel": 629}}},
		{name: "a clock move and a fault", clock: 1, faults: 1, want: counts{States: 277, Transitions: 801,
			Moves: map[explore.Actor]int{dc: 312, dep: 307, kub: 156, clock: 26}, Faulted: map[explore.Actor]int{dc: 35, dep: 32}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := explore.Defaults(dcplan.Modern.Settings())
			o.Replicas, o.Limits, o.Ops, o.Kinds = []int{1}, []int{1}, []string{"cancel"}, 0
			o.Users, o.Faults, o.Stale, o.Hooks, o.Clock = tt.users, tt.faults, tt.stale, tt.hooks, tt.clock
			res := mustExplore(t, o)
			got := counts{States: res.States, Transitions: res.Transitions, Violations: len(res.Violations),
				Moves: res.Moves, Faulted: res.Faulted, Ops: res.Ops, Hooks: res.Hooks}
			if d := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("Explore() counts (-want +got):\n%s", d)
			}
		})
	}
}

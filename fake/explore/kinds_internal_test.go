package explore

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestKindsBoundsTheMix holds that Options.Kinds bounds how many kinds of
// perturbation a trace mixes, each kind within its own budget: with every
// budget at 1, no state of a Kinds 2 search was reached by a trace of
// three or four kinds (a faulted oc command is two at once), while some
// were by traces of two; the same search without the bound reaches three
// (so the bound binds).
func TestKindsBoundsTheMix(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern} { // the bound is the search's, not a preset's
		mix := func(kinds, maxStates int) (byKinds map[int]int, states int) {
			o := Defaults(p.Settings())
			o.Users, o.Faults, o.Stale, o.Hooks, o.Kinds = 1, 1, 1, 1, kinds
			o.Versions, o.Replicas, o.Limits, o.Ops = 2, []int{1}, []int{1}, []string{"latest"}
			o.MaxStates = maxStates
			s := explore(o)
			if len(s.res.Violations) > 0 {
				t.Fatalf("%v kinds %d: truncated %v, violations %v", p, kinds, s.res.Truncated, s.res.Violations)
			}
			byKinds = map[int]int{}
			for _, n := range s.nodes {
				if n.users > 1 || n.faults > 1 || n.stale > 1 || n.hooks > 1 {
					t.Fatalf("%v kinds %d: a trace past a budget: users %d, faults %d, stale %d, hooks %d", p, kinds, n.users, n.faults, n.stale, n.hooks)
				}
				byKinds[n.kinds()]++
			}
			return byKinds, s.res.States
		}
		// Breadth first, a search mixes a third kind as soon as it holds
		// a state of two: a few thousand states show it or its absence.
		bounded, inBound := mix(2, 6000)
		free, inFree := mix(0, 6000)
		t.Logf("%v: states by kinds mixed, bound 2 %v (%d states), unbounded %v (%d)", p, bounded, inBound, free, inFree)
		if bounded[3]+bounded[4] > 0 {
			t.Errorf("%v: Kinds 2 reached %d states by traces of three kinds and %d of four", p, bounded[3], bounded[4])
		}
		if bounded[2] == 0 || free[3] == 0 {
			t.Errorf("%v: the bound was never tested", p)
		}
	}
}

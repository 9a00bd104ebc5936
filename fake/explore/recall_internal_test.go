package explore

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestRecalledMatchesMade holds that a move the search recalls (recall)
// is the move made: every recalled move of a search with a stale read and
// a fault per trace, over every preset, is made too and compared
// (verifyRecalled panics on a difference).
func TestRecalledMatchesMade(t *testing.T) {
	verified := map[Fault]int{}
	stale := 0
	checkRecalled = func(s *search, i int, m Move, recalled Step, err error) {
		verified[m.Fault]++
		if m.Stale != "" {
			stale++
		}
		verifyRecalled(s, i, m, recalled, err)
	}
	defer func() { checkRecalled = nil }()
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin15} {
		o := Defaults(p.Settings())
		o.Users, o.Faults, o.Stale, o.Hooks, o.Kinds = 1, 1, 1, 0, 0
		o.Replicas, o.Limits, o.MaxStates = []int{1}, []int{1}, 3000
		explore(o)
	}
	for f, want := range map[Fault]int{FaultNone: 1000, FaultConflict: 200, FaultCrash: 50} {
		if verified[f] < want {
			t.Errorf("%d recalled moves with fault %v compared, want at least %d", verified[f], f, want)
		}
	}
	if stale < 100 {
		t.Errorf("%d recalled stale reads compared, want at least 100", stale)
	}
	t.Logf("recalled moves compared with their runs: %v by fault, %d stale reads", verified, stale)
}

// verifyRecalled makes the move m out of node i and panics when it
// differs from the recalled step (and apply's err with it).
func verifyRecalled(s *search, i int, m Move, recalled Step, err error) {
	n := s.nodes[i]
	made, merr := apply(n.objs, n.prev, m, s.opts.Settings, n.rq[m.Target], n.expect, nil)
	switch {
	case errors.Is(merr, errRefused) != errors.Is(err, errRefused), (merr == nil) != (err == nil):
		panic(fmt.Sprintf("explore: %s: recalled error %v, made %v", m, err, merr))
	case merr != nil:
		return
	case !sameExact(made.After, recalled.After), !slices.Equal(made.Expect, recalled.Expect), made.Requeue != recalled.Requeue,
		made.Passes != recalled.Passes, made.Attempted != recalled.Attempted, (made.Err == nil) != (recalled.Err == nil):
		panic(fmt.Sprintf("explore: %s: recalled move differs from the one made: expect %v/%v, requeue %d/%d, passes %d/%d, attempted %d/%d, err %v/%v",
			m, recalled.Expect, made.Expect, recalled.Requeue, made.Requeue, recalled.Passes, made.Passes, recalled.Attempted, made.Attempted, recalled.Err, made.Err))
	}
}

// sameExact reports whether a and b hold the same bytes under the same
// keys, resource versions included.
func sameExact(a, b Objects) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		if y, ok := b[k]; !ok || string(x) != string(y) {
			return false
		}
	}
	return true
}

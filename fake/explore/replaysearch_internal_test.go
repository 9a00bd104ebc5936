package explore

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestReplayReachesSearchState holds that replaying the trace to a node
// reaches the node's state: its world (resource versions included), the
// earlier world its stale reads read, its requeue counts and
// expectations, for every node a small search expands (given the search's
// budget for stale reads). Replay once kept the earlier world across a
// move that changed only the expectations (the DC controller's second
// pass, which observes the RC it created), where the search moved it on,
// and kept the deployer's expectations that no view can need
// (hideable), which the search drops.
func TestReplayReachesSearchState(t *testing.T) {
	o := Defaults(dcplan.Modern.Settings())
	o.Users, o.Faults, o.Stale, o.Hooks, o.Clock, o.Kinds = 1, 1, 1, 1, 1, 0
	o.Replicas, o.Limits, o.Ops, o.MaxStates = []int{1}, []int{1}, []string{"cancel"}, 1300
	compared, stale := 0, 0
	checkExpand = func(s *search, i int) {
		n := s.nodes[i]
		trace, initial := s.trace(i)
		staleLeft := func(j int) bool {
			var b node
			for _, m := range trace[:j+1] {
				b.count(m)
			}
			return s.fits(&b, Move{Actor: ActorConfig, Stale: "any"})
		}
		_, c, err := replayed(initial, trace, s.opts.Settings, staleLeft)
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		nonzero := func(rq map[string]int) map[string]int {
			rq = maps.Clone(rq)
			maps.DeleteFunc(rq, func(_ string, v int) bool { return v == 0 })
			return rq
		}
		var diffs []string
		if !sameExact(c.objs, n.objs) {
			diffs = append(diffs, "world")
		}
		if (c.prev == nil) != (n.prev == nil) || !sameExact(c.prev, n.prev) {
			diffs = append(diffs, fmt.Sprintf("earlier world (stale keys %v, search %v)", staleKeys(c.objs, c.prev), staleKeys(n.objs, n.prev)))
		}
		if !maps.Equal(nonzero(c.rq), nonzero(n.rq)) {
			diffs = append(diffs, fmt.Sprintf("requeues %v, search %v", c.rq, n.rq))
		}
		if !slices.Equal(c.expect, n.expect) {
			diffs = append(diffs, fmt.Sprintf("expectations %v, search %v", c.expect, n.expect))
		}
		if diffs != nil {
			t.Fatalf("replaying %v: %v", trace, diffs)
		}
		compared++
		if n.prev != nil && len(staleKeys(n.objs, n.prev)) > 0 {
			stale++
		}
	}
	defer func() { checkExpand = nil }()
	explore(o)
	t.Logf("%d nodes compared, %d with a stale read to make", compared, stale)
	if compared < 400 || stale < 100 {
		t.Errorf("%d nodes compared, %d with a stale read to make; want at least 400 and 100", compared, stale)
	}
}

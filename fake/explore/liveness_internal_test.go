package explore

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLivenessFindsSlowPathsAndCycles pins the liveness check on
// hand-built search graphs: a path of more passes of one work queue than
// a state's Bound is a violation (counting that queue's passes alone),
// one within it is none, and a fault-free cycle is one, reported on the
// move that closes it. A liveness check that visited no state would pass
// every search; the searches' own graphs come to rest in time, so no
// search shows it.
func TestLivenessFindsSlowPathsAndCycles(t *testing.T) {
	config, deployer := Move{Actor: ActorConfig}, Move{Actor: ActorDeployer, Target: "web-1"}
	// chain is 0 -> 1 -> 2 -> 3 by moves, each standing for passes passes.
	chain := func(bound int, passes []int, moves ...Move) []*node {
		ns := []*node{{parent: -1, bound: bound}}
		for i, m := range moves {
			ns[i].edges = []edge{{to: i + 1, passes: passes[i], move: m}}
			ns = append(ns, &node{parent: i, move: m, bound: 100})
		}
		return ns
	}
	tests := []struct {
		name  string
		nodes []*node
		want  []string // Property: Err, then the trace
	}{
		{name: "within the bound", nodes: chain(3, []int{1, 1, 1}, config, config, config)},
		{name: "past the bound", nodes: chain(2, []int{1, 1, 1}, config, config, config),
			want: []string{"Liveness: 3 dc-controller passes to rest (bound 2) after the trace, by: [dc-controller pass dc-controller pass dc-controller pass]"}},
		{name: "other queue's passes not counted", nodes: chain(2, []int{1, 12, 1}, config, deployer, config),
			want: []string{"Liveness: 12 deployer passes to rest (bound 2) after the trace, by: [dc-controller pass deployer pass rc/web-1 dc-controller pass]"}},
		{name: "cycle", nodes: func() []*node {
			ns := chain(100, []int{1, 1}, config, deployer)
			ns[2].edges = []edge{{to: 1, passes: 1, move: config}}
			return ns
		}(), want: []string{"Liveness: a fault-free cycle: dc-controller pass leads back to an earlier state", "dc-controller pass", "deployer pass rc/web-1", "dc-controller pass"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &search{nodes: tt.nodes, found: map[string]bool{}}
			s.liveness()
			var got []string
			for _, v := range s.res.Violations {
				got = append(got, v.Property+": "+v.Err.Error())
				for _, m := range v.Trace {
					got = append(got, m.String())
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("liveness violations (-want +got):\n%s", d)
			}
		})
	}
}

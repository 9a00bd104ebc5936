package explore

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// Bound is the liveness bound of a world (SPEC 11a item 4): the number of
// controller passes within which it comes to rest once faults and user
// moves stop, 2 × RCs + 5, plus 13 requeues when an RC is Pending without
// its deployer pod. RCs counts the RCs the world has and the one a trigger
// or a bumped latestVersion may still create.
func Bound(w World) int {
	rcs := max(len(w.Deployments), int(w.Config.Status.LatestVersion)) + 1
	b := 2*rcs + 5
	for _, d := range w.Deployments {
		if d.Phase == dcplan.PhasePending && !hasDeployer(w, d.Name) {
			b += dcplan.WillBeDroppedRequeues
			break
		}
	}
	return b
}

// hasDeployer reports whether rc's deployer pod exists.
func hasDeployer(w World, rc string) bool {
	_, ok := findPod(w, dcplan.DeployerPodName(rc))
	return ok
}

func findPod(w World, name string) (dcplan.Pod, bool) {
	for _, p := range w.Pods {
		if p.Name == name {
			return p, true
		}
	}
	return dcplan.Pod{}, false
}

// liveness checks, for every state, that every fault-free path (controller
// passes that change the state, and kubelet moves other than a vanishing
// pod) reaches a fixed point without a cycle, and within Bound passes of
// each work queue: the DC controller's, and the deployer's.
func (s *search) liveness() {
	if s.res.Truncated {
		return
	}
	for _, a := range []Actor{ActorConfig, ActorDeployer} {
		if !s.livenessOf(a) {
			return
		}
	}
}

// livenessOf is liveness counting the passes of actor a; false when it
// found a violation.
func (s *search) livenessOf(a Actor) bool {
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(s.nodes))
	longest := make([]int, len(s.nodes))
	next := make([]int, len(s.nodes)) // the edge index on a longest path
	var visit func(i int) bool
	visit = func(i int) bool {
		color[i] = grey
		next[i] = -1
		for k, e := range s.nodes[i].edges {
			switch color[e.to] {
			case grey:
				s.violate(propLiveness, fmt.Errorf("a fault-free cycle: %s leads back to an earlier state", e.move), i, &e.move)
				return false
			case white:
				if !visit(e.to) {
					return false
				}
			}
			w := 0
			if e.move.Actor == a {
				w = e.passes
			}
			if l := w + longest[e.to]; l > longest[i] || next[i] < 0 {
				longest[i], next[i] = l, k
			}
		}
		color[i] = black
		return true
	}
	for i := range s.nodes {
		if color[i] == white && !visit(i) {
			return false
		}
	}
	for i, n := range s.nodes {
		if b := n.bound; longest[i] > b {
			var path []Move
			for j := i; next[j] >= 0; j = s.nodes[j].edges[next[j]].to {
				path = append(path, s.nodes[j].edges[next[j]].move)
			}
			trace, initial := s.trace(i)
			s.found[propLiveness] = true
			s.res.Violations = append(s.res.Violations, Violation{Property: propLiveness,
				Err:     fmt.Errorf("%d %s passes to rest (bound %d) after the trace, by: %v", longest[i], a, b, path),
				Initial: initial, Trace: trace})
			return false
		}
	}
	return true
}

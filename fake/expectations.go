package fake

import (
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// unobserved returns the RCs the DC controller created for the DC of it
// that rcs (its cache) does not show yet, forgetting those it shows: the
// controller's expectations, which Snapshot.Unobserved carries (SPEC
// 3.2.8; issue 13 defect 3). Each controller instance has its own (the
// Dual fault's second instance knows nothing of the first's creates), and
// they survive a restart (the relist that follows reads the store as it
// is, so they are observed at once).
func (s *Sim) unobserved(it expectKey, rcs []dcplan.Deployment) []string {
	return s.keepExpected(it, func(n string) bool {
		return !slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Name == n })
	})
}

// keepExpected keeps the expectations of it for which pending is true,
// forgets the others, and returns a copy of those kept (nil for none).
func (s *Sim) keepExpected(it expectKey, pending func(name string) bool) []string {
	names := s.expect[it]
	if len(names) == 0 {
		return nil
	}
	var left []string
	for _, n := range names {
		if pending(n) {
			left = append(left, n)
		}
	}
	if len(left) == 0 {
		delete(s.expect, it)
		return nil
	}
	s.expect[it] = left
	return slices.Clone(left)
}

// expectKey names the expectations of one DC in one controller instance.
type expectKey struct {
	it       item
	instance string
}

// expectCreates remembers the objects of resource (RCs for a DC
// controller pass, pods for a deployer pass) the pass created.
func (s *Sim) expectCreates(it expectKey, pass wire.Pass, resource string) {
	for i, err := range pass.Errs {
		if i >= len(pass.Requests) {
			break
		}
		r := pass.Requests[i]
		if err != nil || r.Verb != wire.VerbCreate || r.Resource != resource || r.Subresource != "" {
			continue
		}
		if n := requestName(r); n != "" && !slices.Contains(s.expect[it], n) {
			if s.expect == nil {
				s.expect = map[expectKey][]string{}
			}
			s.expect[it] = append(s.expect[it], n)
		}
	}
}

// unobservedPods returns the deployer pods the deployer of RC it created
// that pods (its cache) does not show yet, forgetting those it shows and
// those gone from the store (the informer delivers their delete, which
// lowers a controller's expectations as an add does): the deployer's
// expectations, which Snapshot.Unobserved carries for Modern (SPEC
// 4.2.expect). sp is the RC's namespace.
func (s *Sim) unobservedPods(it expectKey, pods []dcplan.Pod, sp *namespace) []string {
	return s.keepExpected(it, func(n string) bool {
		if slices.ContainsFunc(pods, func(p dcplan.Pod) bool { return p.Name == n }) {
			return false // observed
		}
		o := (*object)(nil)
		if sp != nil {
			o = sp.pods[n]
		}
		return o != nil && o.current().exists() // else gone: its delete lowers it
	})
}

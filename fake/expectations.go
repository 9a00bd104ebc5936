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
	names := s.expect[it]
	if len(names) == 0 {
		return nil
	}
	var left []string
	for _, n := range names {
		if !slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Name == n }) {
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

// expectCreates remembers the RCs a DC controller pass created.
func (s *Sim) expectCreates(it expectKey, pass wire.Pass) {
	for i, err := range pass.Errs {
		if i >= len(pass.Requests) {
			break
		}
		r := pass.Requests[i]
		if err != nil || r.Verb != wire.VerbCreate || r.Resource != wire.ResourceRCs || r.Subresource != "" {
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

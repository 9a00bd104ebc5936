package fake

import (
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// unobserved returns the RCs the DC controller created for the DC of it
// that rcs (its cache) does not show yet, forgetting those it shows and
// those gone from the store (the informer delivers their delete, which
// lowers a controller's expectations as an add does): the
// controller's expectations, which Snapshot.Unobserved carries (SPEC
// 3.2.8; issue 13 defect 3). Each controller instance has its own (the
// Dual fault's second instance knows nothing of the first's creates), and
// they survive a restart (the relist that follows reads the store as it
// is, so they are observed at once).
func (s *Sim) unobserved(it expectKey, rcs []dcplan.Deployment) []string {
	return keepExpected(s.expect, it, func(n string) bool {
		if slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Name == n }) {
			return false // observed
		}
		return s.stored(KindRC, it.it.ns, n) // else gone: its delete lowers it
	})
}

// stored reports whether the store holds the object of kind k named n in
// namespace ns now.
func (s *Sim) stored(k Kind, ns, n string) bool {
	o := s.world.lookup(k, ns, n)
	return o != nil && o.current().exists()
}

// undeleted returns the RCs the DC controller deleted for the DC of it
// that rcs (its cache) still shows, forgetting those it no longer shows:
// the expectations of a controller for its deletes, which
// Snapshot.Undeleted carries (SPEC 3.7.expect).
func (s *Sim) undeleted(it expectKey, rcs []dcplan.Deployment) []string {
	return goneNames(keepExpected(s.expectGone, it, func(g gone) bool {
		return slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Name == g.name })
	}))
}

// undeletedPods returns the pods the deployer of RC it deleted that pods
// (its cache) still lists, forgetting the others: a pod counts as the one
// deleted only by its uid (one made again under the name is another), and
// one that shows its deletionTimestamp still counts (SPEC
// 4.2.expect.delete).
func (s *Sim) undeletedPods(it expectKey, pods []dcplan.Pod) []string {
	return goneNames(keepExpected(s.expectGone, it, func(g gone) bool {
		return slices.ContainsFunc(pods, func(p dcplan.Pod) bool { return p.Name == g.name && p.UID == g.uid })
	}))
}

// gone is an object a controller deleted: its name, and for a pod the
// uid its cache showed.
type gone struct{ name, uid string }

// goneNames returns the names of gs (nil for none).
func goneNames(gs []gone) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.name)
	}
	return out
}

// keepExpected keeps the expectations of it in expect for which pending
// is true, forgets the others, and returns a copy of those kept (nil for
// none).
func keepExpected[T any](expect map[expectKey][]T, it expectKey, pending func(T) bool) []T {
	held := expect[it]
	if len(held) == 0 {
		return nil
	}
	var left []T
	for _, n := range held {
		if pending(n) {
			left = append(left, n)
		}
	}
	if len(left) == 0 {
		delete(expect, it)
		return nil
	}
	expect[it] = left
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
// 4.2.expect). A pod shows as the one created only when it is related to
// the RC (its deployment.name annotation names it): a cache that shows
// under that name a squatter deleted before the create predates the
// create (4.2.expect.squat), and a squatter that took the name in the
// store after the created pod was deleted means that one is gone.
func (s *Sim) unobservedPods(it expectKey, pods []dcplan.Pod) []string {
	rc := it.it.name
	related := func(p dcplan.Pod) bool { return p.DeploymentName == rc }
	return keepExpected(s.expect, it, func(n string) bool {
		if slices.ContainsFunc(pods, func(p dcplan.Pod) bool { return p.Name == n && related(p) }) {
			return false // observed
		}
		p, ok := s.world.Pod(it.it.ns, n) // else gone: its delete lowers it
		return ok && related(p)
	})
}

// expectDeletes remembers the objects of resource (RCs for a DC
// controller pass, pods for a deployer pass) the pass deleted: deletes
// the server accepted, a tolerated NotFound included (the object is gone
// either way). A pod is remembered with the uid the pass's snapshot
// shows.
func (s *Sim) expectDeletes(it expectKey, pass wire.Pass, resource string) {
	for i, err := range pass.Errs {
		if i >= len(pass.Requests) {
			break
		}
		r := pass.Requests[i]
		if err != nil || r.Verb != wire.VerbDelete || r.Resource != resource || r.Subresource != "" {
			continue
		}
		g := gone{name: r.Name}
		if resource == wire.ResourcePods {
			p, ok := pass.Snapshot.Pod(r.Name)
			if !ok {
				continue // not in the cache: nothing to wait for
			}
			g.uid = p.UID
		}
		if !slices.Contains(s.expectGone[it], g) {
			if s.expectGone == nil {
				s.expectGone = map[expectKey][]gone{}
			}
			s.expectGone[it] = append(s.expectGone[it], g)
		}
	}
}

// unwritten reports whether d, the deployer's cached RC of it, is a
// version one of the deployer's own writes replaced: the cache predates
// the write (SPEC 4.2.expect), and Snapshot.Unobserved names the RC for
// Modern. A cache that shows another version has observed the writes (or
// a later one): the expectations are forgotten.
func (s *Sim) unwritten(it expectKey, d *dcplan.Deployment) bool {
	versions := s.expectWritten[it]
	if len(versions) == 0 {
		return false
	}
	if slices.Contains(versions, d.ResourceVersion) {
		return true
	}
	delete(s.expectWritten, it)
	return false
}

// expectWrites remembers the resource versions a deployer pass's
// accepted writes of its RC replaced (wire.Pass.Replaced).
func (s *Sim) expectWrites(it expectKey, pass wire.Pass, seen dcplan.Snapshot) {
	d, ok := seen.Deployment(it.it.name)
	if !ok {
		return
	}
	versions := pass.Replaced(wire.ResourceRCs, it.it.ns, d.Name, d.ResourceVersion)
	if len(versions) == 0 {
		return
	}
	if s.expectWritten == nil {
		s.expectWritten = map[expectKey][]string{}
	}
	s.expectWritten[it] = versions
}

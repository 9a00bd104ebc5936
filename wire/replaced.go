package wire

import "slices"

// Replaced returns the resource versions of the object resource
// namespace/name that p's accepted writes replaced: read, the version the
// pass planned from, when p wrote the object at all, then the
// precondition of each accepted update or patch (its body's
// metadata.resourceVersion, when it has one), in order, without repeats; nil when p wrote
// nothing of it. A create or a delete of it is no such write. An adapter
// keeps them as its expectations for its own writes: while its cache
// shows one of them, the cache predates the write, and the deployer's
// snapshot names the RC in Snapshot.Unobserved (SPEC 4.2.expect).
func (p Pass) Replaced(resource, namespace, name, read string) []string {
	var versions []string
	for i := 0; i < p.Sent && i < len(p.Errs) && i < len(p.Requests); i++ {
		r := p.Requests[i]
		if p.Errs[i] != nil || r.Resource != resource || r.Namespace != namespace || r.Name != name ||
			r.Verb == VerbCreate || r.Verb == VerbDelete || r.Verb == VerbEvent {
			continue
		}
		if len(versions) == 0 && read != "" {
			versions = append(versions, read)
		}
		if rv := WrittenOf(r.Body).ResourceVersion; rv != "" && !slices.Contains(versions, rv) {
			versions = append(versions, rv)
		}
	}
	return versions
}

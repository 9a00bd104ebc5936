package kube

import (
	"slices"
	"sync"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// expectationsTTL is how long a created RC may stay unseen by the cache
// before the controller stops waiting for it, as client-go controllers'
// expectations expire (5 minutes): an RC deleted before the cache saw it
// must not hold its DC forever.
const expectationsTTL = 5 * time.Minute

// expectations records, per DC key, the RCs the DC controller created and
// its cache has not shown yet: what Snapshot.Unobserved carries (SPEC
// 3.2.12.expect). Safe for concurrent use by the workers.
type expectations struct {
	mu      sync.Mutex
	created map[string]map[string]time.Time // dc key -> rc name -> created at
}

// unobserved returns the RCs created for key that are not in rcs, and
// forgets the ones rcs shows and the ones older than expectationsTTL.
func (e *expectations) unobserved(key string, rcs []dcplan.Deployment, now time.Time) []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	names := e.created[key]
	if len(names) == 0 {
		return nil
	}
	var out []string
	for name, at := range names {
		seen := slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Name == name })
		if seen || now.Sub(at) > expectationsTTL {
			delete(names, name)
			continue
		}
		out = append(out, name)
	}
	if len(names) == 0 {
		delete(e.created, key)
	}
	slices.Sort(out) // map order must not reach a snapshot
	return out
}

// record notes the RCs pass created (create requests the server accepted).
func (e *expectations) record(key string, pass wire.Pass, now time.Time) {
	for i := 0; i < pass.Sent && i < len(pass.Errs); i++ {
		r := pass.Requests[i]
		if r.Verb != wire.VerbCreate || r.Resource != wire.ResourceRCs || r.Subresource != "" || pass.Errs[i] != nil {
			continue
		}
		e.mu.Lock()
		if e.created == nil {
			e.created = map[string]map[string]time.Time{}
		}
		if e.created[key] == nil {
			e.created[key] = map[string]time.Time{}
		}
		e.created[key][r.Name] = now
		e.mu.Unlock()
	}
}

// forget drops the expectations of a deleted DC.
func (e *expectations) forget(key string) {
	e.mu.Lock()
	delete(e.created, key)
	e.mu.Unlock()
}

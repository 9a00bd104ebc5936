package kube

import (
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/dcplan/dcplan/wire"
)

// expectationsTTL is how long a created object may stay unseen by the
// cache before the controller stops waiting for it, as client-go
// controllers' expectations expire (5 minutes): an object deleted before
// the cache saw it must not hold its owner forever.
const expectationsTTL = 5 * time.Minute

// expectations records, per queue key, the objects of one resource that a
// controller created (or, with verb VerbDelete, deleted) and whose write
// its cache has not shown yet: what Snapshot.Unobserved (Undeleted)
// carries. The DC controller's are RCs by DC key (SPEC 3.2.12.expect;
// its deletes, 3.7.expect), the deployer's are pods by RC key (SPEC
// 4.2.expect; its deletes, 4.2.expect.delete). Safe for concurrent use by
// the workers and the informers' event handlers.
type expectations struct {
	resource string    // wire.ResourceRCs or wire.ResourcePods
	verb     wire.Verb // wire.VerbCreate, or wire.VerbDelete

	mu      sync.Mutex
	created map[string]map[string]written // queue key -> name -> the write
	swept   time.Time                     // when record last dropped expired entries
}

// written is one write an expectation waits for: when it was made, and
// for a pod's delete the uid of the pod the pass's cache showed (a pod
// made again under the name is another one). lingers is set once a pass's
// cache showed the deleted object terminating (see sightLingering).
type written struct {
	at      time.Time
	uid     string
	lingers bool
}

// sight is what one pass's read shows of a write it expects.
type sight int8

const (
	// sightBehind: the read does not show the write (a created object
	// not listed, a deleted one listed as it was): the pass waits, until
	// expectationsTTL has passed since the write.
	sightBehind sight = iota
	// sightShown: the read shows the write; the expectation ends.
	sightShown
	// sightLingering: the read shows a deleted object still listed with
	// its deletionTimestamp, as a finalizer holds it. The delete is
	// observed but the object stays, and the planner treats it as this
	// controller's delete for as long as it does (SPEC 3.7.expect,
	// 4.2.expect.delete): the expectation lasts until the object's delete
	// event or a read without it, however long that takes. Ending it at
	// expectationsTTL would change the plan for an unchanged world: a
	// retried rollout would fail at once on the old deployer pod's phase.
	sightLingering
)

// pending returns the objects written for key that no pass and no
// informer event has seen yet, with when each was written: what a pass
// takes before it reads its caches, and hands to unobserved after. Taken
// after the read, an event that came in between (its object in the cache
// just after the read, its handler done just before) would have ended an
// expectation the read predates, and the pass would plan from a view
// older than its controller's own write.
func (e *expectations) pending(key string) map[string]written {
	e.mu.Lock()
	defer e.mu.Unlock()
	return maps.Clone(e.created[key])
}

// shownIf is the sight of a created object: shown when listed.
func shownIf(listed bool) sight {
	if listed {
		return sightShown
	}
	return sightBehind
}

// deletedSight is the sight of a deleted object: shown when no longer
// listed, lingering when listed with its deletionTimestamp.
func deletedSight(listed, deleting bool) sight {
	switch {
	case !listed:
		return sightShown
	case deleting:
		return sightLingering
	}
	return sightBehind
}

// unobserved returns the objects of pending (taken for key before the
// pass read its caches) whose write the pass's read (look, given the
// object's name and the uid recorded) does not show, or shows lingering,
// in name order; it forgets the ones the read shows and those it does not
// show that are older than expectationsTTL. An object an informer event
// observed since pending was taken stays unobserved for this pass, whose
// read may predate it: the event has put key back in the queue for the
// next.
func (e *expectations) unobserved(key string, pending map[string]written, now time.Time, look func(name, uid string) sight) []string {
	if len(pending) == 0 {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	names := e.created[key]
	var out []string
	for name, w := range pending {
		switch look(name, w.uid) {
		case sightShown:
			delete(names, name)
			continue
		case sightLingering:
			if cur, ok := names[name]; ok && cur == w { // not observed, nor written again, since pending
				cur.lingers = true
				names[name] = cur
			}
		default: // a lingering object listed without its deletionTimestamp is another one of its name
			if now.Sub(w.at) > expectationsTTL {
				delete(names, name)
				continue
			}
		}
		out = append(out, name)
	}
	if names != nil && len(names) == 0 {
		delete(e.created, key)
	}
	slices.Sort(out) // map order must not reach a snapshot
	return out
}

// observe forgets name, written for key, and reports whether it was
// expected: the informer delivered its add (or delete) event, so the
// cache has shown it (client-go's CreationObserved). An object deleted
// before a pass saw it no longer holds key. uid is the object's: the
// delete event of another pod of the name (one older than the pod
// deleted) observes nothing.
func (e *expectations) observe(key, name, uid string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	names := e.created[key]
	if w, ok := names[name]; !ok || w.uid != "" && w.uid != uid {
		return false
	}
	delete(names, name)
	if len(names) == 0 {
		delete(e.created, key)
	}
	return true
}

// record notes the objects of e's resource that pass created (deleted,
// with VerbDelete): the requests of e's verb the server accepted. A pod's
// delete is noted with the uid the pass's snapshot shows, and not at all
// when it shows none (nothing listed to wait for). Once
// per expectationsTTL it also drops every expired entry: those of an
// owner deleted while its pass was in flight (forgotten before this
// record) would otherwise stay, no pass of their key coming again.
func (e *expectations) record(key string, pass wire.Pass, now time.Time) {
	e.sweep(now)
	for i := 0; i < pass.Sent && i < len(pass.Errs); i++ {
		r := pass.Requests[i]
		if r.Verb != e.verb || r.Resource != e.resource || r.Subresource != "" || pass.Errs[i] != nil {
			continue
		}
		w := written{at: now}
		if r.Verb == wire.VerbDelete && r.Resource == wire.ResourcePods {
			p, ok := pass.Snapshot.Pod(r.Name)
			if !ok {
				continue
			}
			w.uid = p.UID
		}
		e.mu.Lock()
		if e.created == nil {
			e.created = map[string]map[string]written{}
		}
		if e.created[key] == nil {
			e.created[key] = map[string]written{}
		}
		e.created[key][r.Name] = w
		e.mu.Unlock()
	}
}

// sweep drops the entries older than expectationsTTL, of every key, when
// it last did so more than expectationsTTL before now; not those a pass
// saw lingering, which their object's delete event ends.
func (e *expectations) sweep(now time.Time) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if now.Sub(e.swept) <= expectationsTTL {
		return
	}
	e.swept = now
	for key, names := range e.created {
		for name, w := range names {
			if !w.lingers && now.Sub(w.at) > expectationsTTL {
				delete(names, name)
			}
		}
		if len(names) == 0 {
			delete(e.created, key)
		}
	}
}

// forget drops the expectations of a deleted owner.
func (e *expectations) forget(key string) {
	e.mu.Lock()
	delete(e.created, key)
	e.mu.Unlock()
}

package kube

import (
	"slices"
	"sync"
	"time"

	"github.com/dcplan/dcplan/wire"
)

// writeExpectations records, per RC key, the resource versions the
// deployer's own writes of that RC replaced: while the informer's cache
// still shows one of them, the cache predates the write, and the RC goes
// into Snapshot.Unobserved so that Modern waits instead of planning from
// it (SPEC 4.2.expect: a deployer that reads its own failure of a New RC
// stale would start that RC's deployer pod). Entries expire after
// expectationsTTL, as the other expectations do (an update that changed
// nothing leaves the version as it was). Safe for concurrent use.
type writeExpectations struct {
	mu       sync.Mutex
	replaced map[string]replacedVersions // RC key -> versions
}

// replacedVersions are the versions a pass's writes of one RC replaced,
// and when it wrote.
type replacedVersions struct {
	versions []string
	at       time.Time
}

// stale reports whether version, the RC of key as the cache shows it, is
// one the deployer's writes replaced; it forgets the expectations of key
// when it is not, or when they expired.
func (e *writeExpectations) stale(key, version string, now time.Time) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	r, ok := e.replaced[key]
	if !ok {
		return false
	}
	if now.Sub(r.at) <= expectationsTTL && slices.Contains(r.versions, version) {
		return true
	}
	delete(e.replaced, key)
	return false
}

// shows reports whether the deployer has expectations for its writes of
// RC key and version, an RC event's, is none of the versions they
// replaced: the cache shows the writes, and the RC goes back to its
// queue, where a pass that waited for them left it only until their TTL.
// The expectations stay until a pass reads past them (stale): a pass
// that read the cache before this event, and looks them up after it,
// must still find them.
func (e *writeExpectations) shows(key, version string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	r, ok := e.replaced[key]
	return ok && !slices.Contains(r.versions, version)
}

// record notes the versions pass's accepted writes of RC name replaced
// (wire.Pass.Replaced; read is the version the pass planned from).
func (e *writeExpectations) record(key, namespace, name, read string, pass wire.Pass, now time.Time) {
	versions := pass.Replaced(wire.ResourceRCs, namespace, name, read)
	if len(versions) == 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.replaced == nil {
		e.replaced = map[string]replacedVersions{}
	}
	e.replaced[key] = replacedVersions{versions: versions, at: now}
}

// forget drops the expectations of a deleted RC.
func (e *writeExpectations) forget(key string) {
	e.mu.Lock()
	delete(e.replaced, key)
	e.mu.Unlock()
}

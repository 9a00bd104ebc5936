package explore

import (
	"bytes"
	"crypto/sha256"
	"sync"
	"unsafe"

	"github.com/dcplan/dcplan/fake"
)

// A blob is what the explorer derives from one object's stored bytes,
// computed once however many states hold those bytes: the object's
// identity in a state (the digest of its bytes without resource version),
// and, on demand, its decoding, its name and the objects derived from it.
type blob struct {
	// b is the table's copy of the bytes.
	b []byte
	// digest is the SHA-256 of the bytes with the resource version cut:
	// two objects that differ only in the counter the server stamps have
	// one digest, as they are one state (see Objects.canonical).
	digest hash
	// exact is the SHA-256 of the bytes as they are, resource version
	// and all: what a pass reads and writes (see moveKey).
	exact hash

	decodeOnce sync.Once
	decoded    any
	decodeErr  error

	nameOnce sync.Once
	name     string

	// seed is a server holding the object alone, as Put stores it, and
	// sharing b (Objects.server merges the seeds of a world's objects).
	seedOnce sync.Once
	seed     *fake.Server
	seedErr  error

	// derived are the objects made from this one (its normal form, an
	// edit), by what made them (guarded by the table's lock; see derive).
	derived map[string][]byte
}

// addr is where a byte slice lives: its first byte and its length. The
// pointer keeps the bytes alive while the table holds the entry, so no
// other slice can take the address.
type addr struct {
	p *byte
	n int
}

// blobs is the table of blobs, found by the address of the table's copy
// of the bytes (nearly every lookup: worlds store interned bytes, and a
// state shares most objects with its parent), or by their content (a
// write's answer, before it is interned).
// Both maps are emptied together when the table is full; nothing derived
// from a blob depends on when it was computed, so a search's results do
// not depend on the table's size, only its speed does.
var blobs = struct {
	sync.RWMutex
	byAddr    map[addr]*blob
	byContent map[string]*blob
}{byAddr: map[addr]*blob{}, byContent: map[string]*blob{}}

// blobLimit bounds the table's distinct contents.
const blobLimit = 1 << 16

// blobOf returns the blob of b, which, like every object's bytes in a
// world, is never modified once stored.
func blobOf(b []byte) *blob {
	if len(b) == 0 {
		return &blob{digest: sha256.Sum256(nil)} // no address to find it by
	}
	a := addr{&b[0], len(b)}
	blobs.RLock()
	bl := blobs.byAddr[a]
	if bl == nil {
		bl = blobs.byContent[string(b)] // not found by b's address: b is a copy intern would replace
	}
	blobs.RUnlock()
	if bl != nil {
		return bl
	}
	blobs.Lock()
	defer blobs.Unlock()
	return added(b)
}

// intern returns the one copy of b's content the table holds (b itself
// when b is that copy): the bytes a world should store, so that the blob
// is found by address.
func intern(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	a := addr{&b[0], len(b)}
	blobs.RLock()
	bl := blobs.byAddr[a]
	if bl == nil {
		bl = blobs.byContent[string(b)]
	}
	blobs.RUnlock()
	if bl != nil {
		return bl.b
	}
	blobs.Lock()
	defer blobs.Unlock()
	return added(b).b
}

// added returns the blob of b's content, adding a copy of b to the table
// unless another search added one since the caller looked (the caller
// holds the lock).
func added(b []byte) *blob {
	if bl := blobs.byContent[string(b)]; bl != nil {
		return bl
	}
	return newBlob(bytes.Clone(b))
}

// newBlob adds the blob of b, a private copy, to the table (the caller
// holds the lock), emptying the table first when it is full.
func newBlob(b []byte) *blob {
	if len(blobs.byContent) >= blobLimit {
		clear(blobs.byAddr)
		clear(blobs.byContent)
	}
	bl := &blob{b: b, digest: sha256.Sum256(volatile.ReplaceAll(b, nil)), exact: sha256.Sum256(b)}
	blobs.byAddr[addr{&b[0], len(b)}] = bl
	// The key shares b's bytes, which are never modified.
	blobs.byContent[unsafe.String(&b[0], len(b))] = bl
	return bl
}

// decodedAs returns the decoding of b by f, computed once per blob (the
// object's key says which decoder applies, so one blob never meets two).
func decodedAs[T any](b []byte, f func([]byte) (T, error)) (T, error) {
	bl := blobOf(b)
	bl.decodeOnce.Do(func() { bl.decoded, bl.decodeErr = f(b) })
	if bl.decodeErr != nil {
		var zero T
		return zero, bl.decodeErr
	}
	return bl.decoded.(T), nil
}

// derive returns f(), the object (interned, or nil for none) that what
// makes of the object b, computed once per blob: what must name all that
// f depends on besides b (as "normal pods/web-1-deploy").
func derive(b []byte, what string, f func() []byte) []byte {
	bl := blobOf(b)
	blobs.RLock()
	nb, done := bl.derived[what]
	blobs.RUnlock()
	if done {
		return nb
	}
	nb = f()
	blobs.Lock()
	if bl.derived == nil {
		bl.derived = map[string][]byte{}
	}
	bl.derived[what] = nb
	blobs.Unlock()
	return nb
}

// seeded returns a server holding b alone under resource, built once per
// blob (an object's key says its resource, so one blob never meets two).
func seeded(resource string, b []byte) (*fake.Server, error) {
	bl := blobOf(b)
	bl.seedOnce.Do(func() {
		bl.seed = fake.NewServer(fake.Epoch)
		bl.seedErr = bl.seed.PutShared(resource, bl.b) // the table's copy, kept once
	})
	return bl.seed, bl.seedErr
}

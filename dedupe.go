package dcplan

import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// firstDuplicate finds the first index j whose key equals the key of an
// earlier index i, in one pass and, for up to half a smallTable of keys,
// without allocating. skip(k) excludes index k from the check. It returns
// found=false when all considered keys are distinct. It is the slow path
// of Validate, which needs the pair to name it; the fast path
// (deploymentsValid) shares its storage and hash.
func firstDuplicate[K comparable](n int, key func(int) K, hash func(K) uint64, skip func(int) bool) (i, j int, found bool) {
	if n < 2 {
		return 0, 0, false
	}
	var small smallTable
	slots, pooled := tableSlots(n, &small)
	i, j, found = firstDuplicateIn(hashSet{slots: slots, mask: uint64(len(slots) - 1)}, n, key, hash, skip)
	releaseSlots(pooled)
	return i, j, found
}

// firstDuplicateIn is firstDuplicate over the empty set t, whose entries
// are index+1.
func firstDuplicateIn[K comparable](t hashSet, n int, key func(int) K, hash func(K) uint64, skip func(int) bool) (i, j int, found bool) {
	for k := 0; k < n; k++ {
		if skip != nil && skip(k) {
			continue
		}
		kk := key(k)
		for slot := hash(kk) & t.mask; ; slot = (slot + 1) & t.mask {
			if t.slots[slot] == 0 {
				t.slots[slot] = uint64(k + 1)
				break
			}
			if prev := int(t.slots[slot] - 1); key(prev) == kk {
				return prev, k, true
			}
		}
	}
	return 0, 0, false
}

// addName files the object at index k under its name, unless an object
// with the same name is filed already (same(j) tells, for a filed index j
// whose hash agrees): it reports whether there was one.
func (t hashSet) addName(name string, k int, same func(j int) bool) bool {
	h := hashName(name)
	tag := h >> 32 << 32
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		e := t.slots[i]
		if e == 0 {
			t.slots[i] = tag | uint64(k+1)
			return false
		}
		if e&^0xffffffff == tag && same(int(e&0xffffffff)-1) {
			return true
		}
	}
}

// hashName hashes a name for the duplicate checks: every byte counts,
// eight at a time, mixed by a 128-bit multiply (the wyhash construction),
// keyed by hashKey. It is what maphash.String would give, minus three
// calls per name, which is a third of the duplicate check's cost.
func hashName(s string) uint64 {
	h := hashKey ^ uint64(len(s))*0xa0761d6478bd642f
	for ; len(s) >= 8; s = s[8:] {
		h = hashMix(h ^ load64(s))
	}
	if len(s) > 0 {
		var tail uint64
		for i := len(s) - 1; i >= 0; i-- {
			tail = tail<<8 | uint64(s[i])
		}
		h = hashMix(h ^ tail)
	}
	return hashMix(h)
}

// load64 reads the first eight bytes of s, little-endian (one load once
// the compiler has combined them).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// hashMix folds the 128-bit product of h and an odd constant.
func hashMix(h uint64) uint64 {
	hi, lo := bits.Mul64(h, 0xe7037ed1a0b428db)
	return hi ^ lo
}

// hashKey keys hashName. It is random per process, which no result
// depends on: a hash set answers "seen before?" the same way whatever the
// hash; the key only keeps crafted names from colliding on purpose.
var hashKey = rand.Uint64()

// hashSet is an open-addressing hash set for the duplicate checks, probed
// linearly by its callers so that equality is an inlined comparison. Its
// entries are nonzero uint64s (0 is empty): a version, or the high half
// of a name's hash above the index+1 of the object with that name, so that
// names are compared only when their hashes agree. Its slots come from
// tableSlots: the caller's stack array for small inputs, pooled storage
// for large ones, so a valid snapshot allocates nothing.
type hashSet struct {
	slots []uint64 // a power of two long
	mask  uint64
}

// smallTable is the stack storage a caller lends to tableSlots: enough
// for the RCs and pods of most DCs, small enough to zero in a few cycles.
type smallTable [64]uint64

// tableSlots returns zeroed slots for n entries at most half full: in
// small when they fit, else pooled storage that releaseSlots(pooled)
// returns. (Two results rather than one struct, so that the escape of the
// pooled storage to the pool does not drag small to the heap.)
func tableSlots(n int, small *smallTable) (slots []uint64, pooled *[]uint64) {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	if size <= len(small) {
		return small[:size], nil
	}
	pooled = tablePool.Get().(*[]uint64)
	if cap(*pooled) < size {
		*pooled = make([]uint64, size)
	}
	slots = (*pooled)[:size]
	clear(slots)
	return slots, pooled
}

// releaseSlots returns pooled storage; nil is a no-op.
func releaseSlots(pooled *[]uint64) {
	if pooled != nil {
		tablePool.Put(pooled)
	}
}

var tablePool = sync.Pool{New: func() any { return new([]uint64) }}

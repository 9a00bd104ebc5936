package dcplan

import "sync"

// firstDuplicate finds, in one pass and without allocating for up to
// stackSlots/2 keys, the first index j whose key equals the key of an
// earlier index i. skip(k) excludes index k from the check. It returns
// found=false when all considered keys are distinct.
//
// It is an open-addressing hash set of indices: a stack array for small
// inputs, a pooled scratch slice for large ones, so Validate stays
// allocation-free in the planners' steady state.
func firstDuplicate[K comparable](n int, key func(int) K, hash func(K) uint64, skip func(int) bool) (i, j int, found bool) {
	if n < 2 {
		return 0, 0, false
	}
	size := 1
	for size < 2*n {
		size <<= 1
	}
	var stack [stackSlots]int32
	var table []int32
	if size <= stackSlots {
		table = stack[:size]
	} else {
		buf := scratchPool.Get().(*[]int32)
		if cap(*buf) < size {
			*buf = make([]int32, size)
		}
		table = (*buf)[:size]
		clear(table)
		defer scratchPool.Put(buf)
	}
	mask := uint64(size - 1)
	for k := 0; k < n; k++ {
		if skip != nil && skip(k) {
			continue
		}
		kk := key(k)
		for slot := hash(kk) & mask; ; slot = (slot + 1) & mask {
			if table[slot] == 0 {
				table[slot] = int32(k + 1)
				break
			}
			if prev := int(table[slot] - 1); key(prev) == kk {
				return prev, k, true
			}
		}
	}
	return 0, 0, false
}

const stackSlots = 512

var scratchPool = sync.Pool{New: func() any { return new([]int32) }}

// hashString is FNV-1a over the bytes of s.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// hashVersion spreads a version over 64 bits (Fibonacci hashing).
func hashVersion(v Version) uint64 { return uint64(v) * 0x9E3779B97F4A7C15 }

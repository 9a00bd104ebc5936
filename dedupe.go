package dcplan

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

// hashVersion spreads a version over 64 bits (Fibonacci hashing).
func hashVersion(v Version) uint64 { return uint64(v) * 0x9E3779B97F4A7C15 }

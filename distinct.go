package dcplan

import "strings"

// firstRepeat finds the first element j of xs whose name equals the name
// of an earlier element i, for Validate's duplicate-name rule. Names that
// are strictly monotone, byte-wise or shorter-first, ascending or
// descending, are distinct, and a list in one of those orders is proved so
// in one pass of comparisons: an adapter's list sorted by name, or the
// names <dc>-<version> in version order. Any other list goes through a
// hash set of indices, on the stack for up to 64 elements.
func firstRepeat[T any](xs []T, name func(*T) string) (i, j int, found bool) {
	if len(xs) < 2 || strictlyMonotone(xs, name) {
		return 0, 0, false
	}
	var small [128]int
	slots := small[:]
	size := len(small)
	for size < 2*len(xs) {
		size *= 2
	}
	if size > len(small) {
		slots = make([]int, size)
	}
	mask := uint64(size - 1)
	for k := range xs {
		n := name(&xs[k])
		for h := fnv1a(n) & mask; ; h = (h + 1) & mask {
			e := slots[h] // index+1; 0 is empty
			if e == 0 {
				slots[h] = k + 1
				break
			}
			if name(&xs[e-1]) == n {
				return e - 1, k, true
			}
		}
	}
	return 0, 0, false
}

// strictlyMonotone reports whether the names of xs (at least one) are
// strictly monotone in one of four orders: byte-wise or shortlex (shorter
// first, then byte-wise), each ascending or descending.
func strictlyMonotone[T any](xs []T, name func(*T) string) bool {
	lexUp, lexDown, shortUp, shortDown := true, true, true, true
	prev := name(&xs[0])
	for k := 1; k < len(xs); k++ {
		next := name(&xs[k])
		c := strings.Compare(prev, next)
		if c == 0 {
			return false
		}
		shorter := len(prev) < len(next) || len(prev) == len(next) && c < 0
		lexUp, lexDown = lexUp && c < 0, lexDown && c > 0
		shortUp, shortDown = shortUp && shorter, shortDown && !shorter
		if !lexUp && !lexDown && !shortUp && !shortDown {
			return false
		}
		prev = next
	}
	return true
}

// fnv1a is the 64-bit FNV-1a hash of s.
func fnv1a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

package dcplan

import "strings"

// valid reports whether s satisfies every invariant Validate checks. It
// is the allocation-free fast path of Validate: it asks whether the flaws
// of each object (flaws.go) are zero and looks for duplicates in one pass,
// so that a valid snapshot costs a few nanoseconds per object. violations
// builds the errors from the same flaws when valid says no;
// TestValidAgreesWithViolations keeps the two in step.
func (s *Snapshot) valid() bool {
	if !s.Settings.knownSwitches() || s.Settings.firstUnnamedEnv() >= 0 ||
		configFlaws(&s.Config) != 0 || s.Requeues < 0 {
		return false
	}
	if !s.deploymentsValid() {
		return false
	}
	ns := s.Config.Namespace
	for i := range s.Pods {
		if podFlaws(ns, &s.Pods[i]) != 0 {
			return false
		}
	}
	return !namesRepeat(s.Pods, podName)
}

// deploymentsValid reports whether every RC is valid (no rcFlaws; its
// encoded Config is not judged, see Snapshot) and no two share a name:
// the RC checks of violations, in one pass over the RCs after one over
// their namespaces (namespacesMatch). Two RCs may share a version: real
// clusters hold such worlds (hand edits, restores), and the planners
// handle them as upstream does (SPEC 13.1).
//
// Names are distinct without a hash set when they are strictly monotone
// in some order, which the pass checks as it goes: here the order of
// (length, nameKey), in which the names <dc>-<version> of a list in
// version order, ascending or descending, are monotone, and which costs a
// load and two compares per name, no call. A list in neither direction is
// followed again in the orders of nameOrder (a list sorted by name is
// monotone in one), and only a list in none of them (an informer cache's)
// pays for the set.
func (s *Snapshot) deploymentsValid() bool {
	rcs := s.Deployments
	if !namespacesMatch(s.Config.Namespace, rcs) {
		return false
	}
	order := keyOrder{up: true, down: true}
	for i := range rcs {
		d := &rcs[i]
		if rcFlaws("", d) != 0 { // "": every namespace matches; namespacesMatch checked them
			return false
		}
		// nameKey(d.Name), written out but for names under four bytes: as
		// a call, it cost as much as the rest of the loop.
		var k uint64
		switch n := len(d.Name); {
		case n >= 8:
			k = be64(d.Name[n-8:])
		case n >= 4:
			k = be32(d.Name)<<32 | be32(d.Name[n-4:])
		default:
			k = nameKey(d.Name)
		}
		order.add(i, len(d.Name), k)
	}
	return order.up || order.down || !namesRepeat(rcs, rcName)
}

// namespacesMatch reports whether every RC of rcs may belong to a config
// in namespace ns (sameNamespace). Namespaces are short (63 bytes at
// most), and it compares those of up to 16 bytes by two loads each side
// rather than by a call to the runtime per RC, which cost more than the
// rest of Validate's walk; in a loop of its own, so that no other state
// is live across the calls for longer ones.
func namespacesMatch(ns string, rcs []Deployment) bool {
	if ns == "" {
		return true
	}
	for i := range rcs {
		got := rcs[i].Namespace
		n := len(got)
		switch {
		case n == 0:
		case n != len(ns):
			return false
		case n >= 8 && n <= 16:
			if load64(got) != load64(ns) || load64(got[n-8:]) != load64(ns[n-8:]) {
				return false
			}
		case n >= 4 && n < 8:
			if load32(got) != load32(ns) || load32(got[n-4:]) != load32(ns[n-4:]) {
				return false
			}
		case n < 4:
			if got[0] != ns[0] || got[n/2] != ns[n/2] || got[n-1] != ns[n-1] {
				return false
			}
		case got != ns:
			return false
		}
	}
	return true
}

// load32 reads the first four bytes of s, little-endian.
func load32(s string) uint64 {
	_ = s[3]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

// keyOrder follows a list of names, one add at a time, in the order of
// (length, nameKey), ascending (up) and descending (down) at once: while
// the names are strictly monotone in either, they are distinct. The names
// <dc>-<version> of a list in version order are.
type keyOrder struct {
	n        int // length and key of the last name
	key      uint64
	up, down bool // still strictly monotone that way
}

// add follows the i-th name of the list (the first is i = 0), of length n
// and key k (nameKey).
func (o *keyOrder) add(i, n int, k uint64) {
	if i > 0 {
		o.up = o.up && (o.n < n || o.n == n && o.key < k)
		o.down = o.down && (o.n > n || o.n == n && o.key > k)
	}
	o.n, o.key = n, k
}

// nameKey is a number taken from name alone, so that names whose
// (length, nameKey) pairs differ are different names: the last eight
// bytes, big-endian, of a name of eight bytes or more; of a shorter one,
// its first and last four bytes, or every byte of a name under four. Where
// names of one length differ only in their last eight bytes (the version
// of <dc>-<version>, as long as its decimal digits fit), the order of
// their keys is their byte-wise order.
func nameKey(name string) uint64 {
	switch n := len(name); {
	case n >= 8:
		return be64(name[n-8:])
	case n >= 4:
		return be32(name)<<32 | be32(name[n-4:])
	case n > 0:
		return uint64(name[0])<<16 | uint64(name[n/2])<<8 | uint64(name[n-1])
	}
	return 0
}

// be64 reads the first eight bytes of s, big-endian (one load and a byte
// swap once the compiler has combined them).
func be64(s string) uint64 {
	_ = s[7]
	return uint64(s[7]) | uint64(s[6])<<8 | uint64(s[5])<<16 | uint64(s[4])<<24 |
		uint64(s[3])<<32 | uint64(s[2])<<40 | uint64(s[1])<<48 | uint64(s[0])<<56
}

// be32 reads the first four bytes of s, big-endian.
func be32(s string) uint64 {
	_ = s[3]
	return uint64(s[3]) | uint64(s[2])<<8 | uint64(s[1])<<16 | uint64(s[0])<<24
}

// namesRepeat reports whether two elements of xs share a name: by their
// order alone when they are sorted (see nameOrder), through a hash set
// otherwise. It serves RCs and pods alike.
func namesRepeat[T any](xs []T, name func(*T) string) bool {
	if len(xs) < 2 {
		return false
	}
	order := nameOrder{prev: name(&xs[0]), orders: allOrders}
	k := 1
	for k < len(xs) && order.add(name(&xs[k])) {
		k++
	}
	if k == len(xs) {
		return false
	}
	var small smallTable
	slots, pooled := tableSlots(len(xs), &small)
	names := hashSet{slots: slots, mask: uint64(len(slots) - 1)}
	dup := false
	for k := range xs {
		if names.addName(name(&xs[k]), k, func(j int) bool { return name(&xs[j]) == name(&xs[k]) }) {
			dup = true
			break
		}
	}
	releaseSlots(pooled)
	return dup
}

func rcName(d *Deployment) string { return d.Name }
func podName(p *Pod) string       { return p.Name }

// nameOrder follows a list of names, one add at a time, in four orders
// at once: byte-wise (strings.Compare) and shortlex (shorter first, then
// byte-wise), each ascending and descending. While the names are strictly
// monotone in one of them, they are distinct. An RC list in version order
// is shortlex-monotone when its names are <dc>-<version>; a list sorted
// by name is byte-wise ascending.
type nameOrder struct {
	prev   string
	orders uint8 // the orders the names so far are strictly monotone in
}

// The orders of nameOrder, as bits.
const (
	lexUp uint8 = 1 << iota
	lexDown
	shortlexUp
	shortlexDown
	allOrders = lexUp | lexDown | shortlexUp | shortlexDown
)

// add follows name and reports whether the names so far are still
// strictly monotone in one of the orders (false for a name equal to the
// previous one).
func (o *nameOrder) add(name string) bool {
	c := strings.Compare(o.prev, name)
	if c == 0 {
		o.orders = 0
		return false
	}
	m := lexDown
	if c < 0 {
		m = lexUp
	}
	switch {
	case len(o.prev) < len(name), len(o.prev) == len(name) && c < 0:
		m |= shortlexUp
	default:
		m |= shortlexDown
	}
	o.orders &= m
	o.prev = name
	return o.orders != 0
}

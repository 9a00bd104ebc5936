package dcplan

import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// valid reports whether s satisfies every invariant Validate checks. It
// is the allocation-free fast path of Validate: the checks of violations,
// written as one conjunction per object, so that a valid snapshot (the
// planners' steady state) costs a few nanoseconds per RC. violations
// builds the errors when valid says no; TestValidAgreesWithViolations
// keeps the two in step.
func (s *Snapshot) valid() bool {
	if !s.Settings.valid() || !configValid(&s.Config, true) || s.Requeues < 0 {
		return false
	}
	if !s.deploymentsValid() {
		return false
	}
	ns := s.Config.Namespace
	for i := range s.Pods {
		p := &s.Pods[i]
		if p.Name == "" || p.Phase > PodUnknown || !sameNamespace(ns, p.Namespace) {
			return false
		}
	}
	return !duplicatePod(s.Pods)
}

// valid is Settings.Validate() == nil, without building an error.
func (st *Settings) valid() bool {
	if st.Profile > Origin {
		return false
	}
	for i := range st.Environment {
		if st.Environment[i].Name == "" {
			return false
		}
	}
	return true
}

// sameNamespace reports whether an object in namespace got may belong to
// a config in namespace want; an empty namespace on either side matches.
func sameNamespace(want, got string) bool {
	return want == "" || got == "" || got == want
}

// configValid is validateConfig(c, ...) == nil; top says whether c is the
// snapshot's config (which must have a name) rather than an encoded one.
func configValid(c *Config, top bool) bool {
	return !(top && c.Name == "") && specValid(c) && triggersValid(c.Triggers)
}

// specValid is the part of configValid below the triggers, kept small
// enough to be inlined into the RC loop.
func specValid(c *Config) bool {
	st := &c.Strategy
	return c.Replicas >= 0 && c.Status.LatestVersion >= 0 &&
		(!c.HasRevisionHistoryLimit || c.RevisionHistoryLimit >= 0) &&
		(!st.HasTimeout || st.TimeoutSeconds >= 0) &&
		st.Type <= StrategyCustom &&
		(st.HasParams || st.Type != StrategyRolling && st.Type != StrategyRecreate)
}

// triggersValid reports whether every trigger has a known type.
func triggersValid(ts []Trigger) bool {
	for i := range ts {
		if t := ts[i].Type; t != TriggerConfigChange && t != TriggerImageChange {
			return false
		}
	}
	return true
}

// deploymentValid is validateDeployment(...) == nil for an RC of a config
// in namespace ns, its encoded Config aside (encodedValid).
func deploymentValid(ns string, d *Deployment) bool {
	// One sign test for the six counts: an OR of int32s is negative iff
	// one of them is.
	counts := d.Replicas | d.StatusReplicas | d.ReadyReplicas | d.AvailableReplicas | d.DesiredReplicas | d.SyncedReplicas
	return d.Name != "" && d.Version > 0 && d.Phase < NumPhases && counts >= 0 && sameNamespace(ns, d.Namespace)
}

// encodedValid reports whether d's encoded Config, if any, is valid.
func encodedValid(d *Deployment) bool {
	return d.Encoded == nil || specValid(d.Encoded) && triggersValid(d.Encoded.Triggers)
}

// deploymentsValid reports whether every RC is valid (deploymentValid)
// and no two share a name, nor, unless one is another controller's, a
// version: the RC checks of violations, in one pass over the RCs.
func (s *Snapshot) deploymentsValid() bool {
	rcs := s.Deployments
	if len(rcs) == 1 {
		return deploymentValid(s.Config.Namespace, &rcs[0]) && encodedValid(&rcs[0])
	}
	var small smallTable
	slots, pooled := tableSlots(2*len(rcs), &small)
	half := len(slots) / 2
	names := hashSet{slots: slots[:half], mask: uint64(half - 1)}
	versions := hashSet{slots: slots[half:], mask: uint64(half - 1)}
	ok := rcsValid(rcs, &s.Config, names, versions)
	releaseSlots(pooled)
	return ok
}

// rcsValid is deploymentsValid over the name and version sets. Versions
// in strictly increasing or decreasing order (the order of a history, and
// of most adapters' lists) cannot repeat, so the version set is filled
// only from the first RC that breaks the order on.
func rcsValid(rcs []Deployment, cfg *Config, names, versions hashSet) bool {
	ns, uid := cfg.Namespace, cfg.UID
	foreign := func(d *Deployment) bool { return d.HasController && d.Controller.UID != uid }
	ordered, up := true, len(rcs) > 1 && rcs[1].Version > rcs[0].Version
	for k := range rcs {
		d := &rcs[k]
		if !deploymentValid(ns, d) || !encodedValid(d) {
			return false
		}
		if names.addName(d.Name, k, func(j int) bool { return rcs[j].Name == d.Name }) {
			return false
		}
		if ordered && k > 0 && !inOrder(rcs[k-1].Version, d.Version, up) {
			ordered = false
			for j := range k { // the order broke: file what came before
				if !foreign(&rcs[j]) && versions.add(uint64(rcs[j].Version)) {
					return false
				}
			}
		}
		if !ordered && !foreign(d) && versions.add(uint64(d.Version)) {
			return false
		}
	}
	return true
}

// inOrder reports whether next strictly follows prev: above it when up,
// below it otherwise.
func inOrder(prev, next Version, up bool) bool {
	if up {
		return next > prev
	}
	return next < prev
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

// add inserts v (nonzero) and reports whether it was already there.
func (t hashSet) add(v uint64) bool {
	for i := hashVersion(Version(v)) & t.mask; ; i = (i + 1) & t.mask {
		switch t.slots[i] {
		case 0:
			t.slots[i] = v
			return false
		case v:
			return true
		}
	}
}

// duplicatePod reports whether two pods share a name.
func duplicatePod(pods []Pod) bool {
	if len(pods) < 2 {
		return false
	}
	var small smallTable
	slots, pooled := tableSlots(len(pods), &small)
	dup := podDuplicate(pods, hashSet{slots: slots, mask: uint64(len(slots) - 1)})
	releaseSlots(pooled)
	return dup
}

// podDuplicate is duplicatePod over the name set names.
func podDuplicate(pods []Pod, names hashSet) bool {
	for k := range pods {
		if names.addName(pods[k].Name, k, func(j int) bool { return pods[j].Name == pods[k].Name }) {
			return true
		}
	}
	return false
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

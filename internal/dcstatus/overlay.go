package dcstatus

import (
	"slices"
	"time"

	"github.com/dcplan/dcplan"
)

// overlay applies the DC condition set rule (SPEC 3.10) to a read-only
// base list without copying it. The rule, for a condition c set (set,
// setCondition), in order:
//
//  1. If the list has a condition of c's type (the first one, as get finds
//     it) with the same status and the same reason (sameReason), nothing
//     changes: neither the message nor either timestamp of the existing
//     condition is refreshed. With seed, a status condition (set) whose
//     message differs is the exception: it goes by rule 2, so that a
//     seed Progressing message names the latest RC (SPEC 7 rows 16, 17).
//  2. If it has one with the same status but another reason, c replaces it
//     but keeps the existing lastTransitionTime.
//  3. Otherwise c replaces it (or is added) as given: both timestamps are
//     c's.
//
// Replacement removes every condition of c's type and appends c at the
// end, so the order of conditions changes; remove drops every condition
// of a type, keeping the order of the others. Types and statuses compare
// by their text, as upstream's strings do (condType, sameStatus): an
// extra condition of another writer's type is its own type (SPEC 13.1).
//
// Each touched condition type gets a slot holding its final value and the
// sequence number of its last append. The list the overlay stands for is
// the base entries of untouched types in base order, then the present
// slots by sequence. Nothing is allocated unless more than len(slots)
// types are touched, or a condition is actually replaced (its message is
// rendered then), or, with seed conditions, a condition of unchanged
// status and reason has its message rendered to compare it (see set).
//
// Status materialises the list (list, never aliasing the base); Changed
// compares it with the base in place (equal), which is what keeps a
// converged DC allocation-free. The rule written plainly on slices is the
// tests' reference (refSet, refRemove; TestOverlayMatchesSetRemove).
//
// Ports: appsutil.SetDeploymentCondition, RemoveDeploymentCondition
// (filterOutCondition) and GetDeploymentCondition.
type overlay struct {
	base  []dcplan.Condition
	now   time.Time
	seed  bool // the SeedConditions switch: conditions without lastUpdateTime
	slots [4]slot
	n     int
	spill []slot
	seq   uint32
}

// slot is the final state of one touched condition type.
type slot struct {
	typ     condType
	present bool
	seq     uint32
	cond    dcplan.Condition
}

// condType is a condition's type as upstream compares it, by its text:
// ConditionOther with the text of another writer's type (SPEC 13.1).
type condType struct {
	typ   dcplan.ConditionType
	other string
}

// typeOf is the type of c (OtherType counts for ConditionOther only).
func typeOf(c *dcplan.Condition) condType {
	if c.Type != dcplan.ConditionOther {
		return condType{typ: c.Type}
	}
	return condType{c.Type, c.OtherType}
}

// sameStatus reports whether a and b carry the same status text.
func sameStatus(a, b *dcplan.Condition) bool {
	return a.Status == b.Status && (a.Status != dcplan.StatusOther || a.OtherStatus == b.OtherStatus)
}

// find returns the slot of type t, or nil.
func (o *overlay) find(t condType) *slot {
	for i := range o.slots[:o.n] {
		if o.slots[i].typ == t {
			return &o.slots[i]
		}
	}
	for i := range o.spill {
		if o.spill[i].typ == t {
			return &o.spill[i]
		}
	}
	return nil
}

// touch returns the slot of type t, creating it when needed.
func (o *overlay) touch(t condType) *slot {
	if s := o.find(t); s != nil {
		return s
	}
	if o.n < len(o.slots) {
		o.slots[o.n] = slot{typ: t}
		o.n++
		return &o.slots[o.n-1]
	}
	o.spill = append(o.spill, slot{typ: t})
	return &o.spill[len(o.spill)-1]
}

// get returns the first condition of type t of the list the overlay
// stands for, without a copy, or nil. The pointer is read only.
func (o *overlay) get(t condType) *dcplan.Condition {
	if s := o.find(t); s != nil {
		if !s.present {
			return nil
		}
		return &s.cond
	}
	for i := range o.base {
		if typeOf(&o.base[i]) == t {
			return &o.base[i]
		}
	}
	return nil
}

// set applies the set rule to a condition whose message is rendered only
// when the condition is actually written. With seed (SeedConditions) a
// condition of the same status and reason whose message differs is
// replaced too, keeping its lastTransitionTime (rule 2): the seed rebuilt
// its conditions on every pass, so its Progressing message always named
// the latest RC (SPEC 7 rows 16, 17); starting from the current
// conditions must not keep the message of an older one.
func (o *overlay) set(p pending) {
	cur := o.get(condType{typ: p.typ})
	if cur != nil && cur.Status == p.status && cur.Reason == p.reason && (!o.seed || p.msg.String() == cur.Message) {
		return
	}
	o.put(p.condition(o.now, o.seed), cur)
}

// setCondition applies the set rule to a rendered condition (the extra
// conditions).
func (o *overlay) setCondition(c *dcplan.Condition) {
	cur := o.get(typeOf(c))
	if cur != nil && sameStatus(cur, c) && sameReason(*cur, *c) {
		return
	}
	o.put(*c, cur)
}

// put records c as the new last entry, keeping cur's lastTransitionTime
// when the status does not change (rule 2); cur is the condition of that
// type before, or nil.
func (o *overlay) put(c dcplan.Condition, cur *dcplan.Condition) {
	if cur != nil && sameStatus(cur, &c) {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	s := o.touch(typeOf(&c))
	o.seq++
	*s = slot{typ: typeOf(&c), present: true, seq: o.seq, cond: c}
}

// remove drops every condition of type t.
func (o *overlay) remove(t dcplan.ConditionType) {
	s := o.touch(condType{typ: t})
	s.present, s.cond = false, dcplan.Condition{}
}

// touched reports whether any slot exists.
func (o *overlay) touched() bool { return o.n > 0 }

// length returns the number of conditions in the list.
func (o *overlay) length() int {
	n := 0
	for _, c := range o.base {
		if o.find(typeOf(&c)) == nil {
			n++
		}
	}
	for i := range o.slots[:o.n] {
		if o.slots[i].present {
			n++
		}
	}
	for i := range o.spill {
		if o.spill[i].present {
			n++
		}
	}
	return n
}

// appended returns the k-th present slot in sequence order (k from 0).
func (o *overlay) appended(k int) *slot {
	var prev uint32
	var cur *slot
	for range k + 1 {
		cur = nil
		for i := range o.slots[:o.n] {
			cur = earliestAfter(&o.slots[i], prev, cur)
		}
		for i := range o.spill {
			cur = earliestAfter(&o.spill[i], prev, cur)
		}
		if cur == nil {
			return nil
		}
		prev = cur.seq
	}
	return cur
}

// earliestAfter returns s when it is present, appended after sequence
// number prev and earlier than best (or best is nil); otherwise best.
func earliestAfter(s *slot, prev uint32, best *slot) *slot {
	if s.present && s.seq > prev && (best == nil || s.seq < best.seq) {
		return s
	}
	return best
}

// list materialises the conditions; nil when there are none.
func (o *overlay) list() []dcplan.Condition {
	n := o.length()
	if n == 0 {
		return nil
	}
	out := make([]dcplan.Condition, 0, n)
	for _, c := range o.base {
		if o.find(typeOf(&c)) == nil {
			out = append(out, c)
		}
	}
	for k := 0; len(out) < n; k++ {
		out = append(out, o.appended(k).cond)
	}
	return out
}

// equal reports whether the list equals want, conditions compared with
// Condition.Equal, without materialising it.
func (o *overlay) equal(want []dcplan.Condition) bool {
	if !o.touched() {
		if len(o.base) == len(want) && (len(want) == 0 || &o.base[0] == &want[0]) {
			return true // the untouched base is want itself
		}
		return slices.EqualFunc(o.base, want, dcplan.Condition.Equal)
	}
	if o.length() != len(want) {
		return false
	}
	i := 0
	for _, c := range o.base {
		if o.find(typeOf(&c)) != nil {
			continue
		}
		if !c.Equal(want[i]) {
			return false
		}
		i++
	}
	for k := 0; i < len(want); k++ {
		if !o.appended(k).cond.Equal(want[i]) {
			return false
		}
		i++
	}
	return true
}

// sameReason reports whether a and b carry the same reason string, as
// upstream compares reasons: two ReasonOther values are the same reason
// only when their OtherReason texts are equal.
func sameReason(a, b dcplan.Condition) bool {
	if a.Reason != b.Reason {
		return false
	}
	return a.Reason != dcplan.ReasonOther || a.OtherReason == b.OtherReason
}

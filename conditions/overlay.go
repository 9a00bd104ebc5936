package conditions

import (
	"slices"
	"time"

	"github.com/dcplan/dcplan"
)

// overlay applies the set rule (Set, Remove) to a read-only base list
// without copying it: each touched condition type gets a slot holding its
// final value and the sequence number of its last append. The list the
// overlay stands for is the base entries of untouched types in base order,
// then the present slots by sequence. Nothing is allocated unless more
// than len(slots) types are touched, or a condition is actually replaced
// (its message is rendered then).
//
// Status materialises the list; Changed compares it with the base in
// place, which is what keeps a converged DC allocation-free.
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
	typ     dcplan.ConditionType
	present bool
	seq     uint32
	cond    dcplan.Condition
}

// find returns the slot of type t, or nil.
func (o *overlay) find(t dcplan.ConditionType) *slot {
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
func (o *overlay) touch(t dcplan.ConditionType) *slot {
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

// get is Get on the list the overlay stands for, without the copy: the
// condition of type t, or nil. The pointer is read only.
func (o *overlay) get(t dcplan.ConditionType) *dcplan.Condition {
	if s := o.find(t); s != nil {
		if !s.present {
			return nil
		}
		return &s.cond
	}
	for i := range o.base {
		if o.base[i].Type == t {
			return &o.base[i]
		}
	}
	return nil
}

// set is Set for a condition whose message is rendered only when the
// condition is actually written.
func (o *overlay) set(p pending) {
	cur := o.get(p.typ)
	if cur != nil && cur.Status == p.status && cur.Reason == p.reason {
		return
	}
	o.put(p.condition(o.now, o.seed), cur)
}

// setCondition is Set for a rendered condition (the extra conditions).
func (o *overlay) setCondition(c *dcplan.Condition) {
	cur := o.get(c.Type)
	if cur != nil && cur.Status == c.Status && sameReason(*cur, *c) {
		return
	}
	o.put(*c, cur)
}

// put records c as the new last entry, keeping cur's lastTransitionTime
// when the status does not change (rule 2 of Set); cur is the condition
// of that type before, or nil.
func (o *overlay) put(c dcplan.Condition, cur *dcplan.Condition) {
	if cur != nil && cur.Status == c.Status {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	s := o.touch(c.Type)
	o.seq++
	*s = slot{typ: c.Type, present: true, seq: o.seq, cond: c}
}

// remove is Remove of type t.
func (o *overlay) remove(t dcplan.ConditionType) {
	s := o.touch(t)
	s.present, s.cond = false, dcplan.Condition{}
}

// touched reports whether any slot exists.
func (o *overlay) touched() bool { return o.n > 0 }

// length returns the number of conditions in the list.
func (o *overlay) length() int {
	n := 0
	for _, c := range o.base {
		if o.find(c.Type) == nil {
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
		if o.find(c.Type) == nil {
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
		if o.find(c.Type) != nil {
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

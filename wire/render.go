package wire

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// keyOf returns the key of member j as it reads: its bytes as read, or
// for a key spelled with escapes (a rare one, holding <, >, &, a quote,
// a backslash or a control character) what they stand for, so that such
// a member is found by its key and sorted as canonical form sorts it.
func (w written) keyOf(j int32) []byte {
	sp := (*w.spans)[j]
	name := w.raw[sp.keyStart+1 : sp.keyEnd-1]
	if bytes.IndexByte(name, '\\') < 0 {
		return name
	}
	s, _ := jsontree.Unquote(w.raw[sp.keyStart:sp.keyEnd])
	return []byte(s)
}

// member is one member of an object being rendered: its key, and either
// its value as read (span node) or the change that sets or removes it,
// and the changes below it.
type member struct {
	name []byte // the key as read, escapes resolved
	key  string // the key of a member the write adds
	rank int
	node int32  // its value as read; 0 for a member the write adds
	set  int8   // 1 + the index of the change of the member itself; 0 for none
	sub  uint32 // the changes below this member, a bit per index
}

// compareNames orders members by key, as canonical form does.
func compareNames(a, b *member) int {
	switch {
	case a.node != 0 && b.node != 0:
		return bytes.Compare(a.name, b.name)
	case a.node != 0:
		return -compareKey(b.key, a.name)
	case b.node != 0:
		return compareKey(a.key, b.name)
	}
	return strings.Compare(a.key, b.key)
}

// compareKey compares the key k to the key name, as strings.Compare.
func compareKey(k string, name []byte) int {
	for i := 0; i < len(k) && i < len(name); i++ {
		if k[i] != name[i] {
			if k[i] < name[i] {
				return -1
			}
			return 1
		}
	}
	return len(k) - len(name)
}

// is reports whether m's key is key.
func (m *member) is(key string) bool {
	if m.node == 0 {
		return m.key == key
	}
	return string(m.name) == key // compared in place, not copied
}

// removed tells a member the write removes.
func (m *member) removed(cs changes) bool { return m.set != 0 && cs[m.set-1].op == remove }

// all is the bit set of every change of cs.
func all(cs changes) uint32 {
	if len(cs) > 32 {
		panic("wire: a write of more than 32 changes")
	}
	return uint32(1)<<len(cs) - 1
}

// render returns the object with cs applied, keys in o's order, compact.
func (w written) render(o *keyOrder, cs changes) []byte {
	buf := jsontree.Scratch()
	*buf = w.value((*buf)[:0], 0, o, cs, all(cs), 0)
	return jsontree.ExactCopy(buf)
}

// value renders value i with the changes of cs in the bit set in, whose
// paths pass through it (depth keys of each are behind).
func (w written) value(b []byte, i int32, o *keyOrder, cs changes, in uint32, depth int) []byte {
	sp := (*w.spans)[i]
	switch c := w.raw[sp.start]; {
	case c == '{' && (o != nil || in != 0):
		return w.object(b, i, o, cs, in, depth)
	case in != 0: // changes below a member that is no object: a new one
		return appendNew(b, o, cs, in, depth)
	case c == '[' && o != nil:
		b = append(b, '[')
		for j := i + 1; j < sp.next; j = (*w.spans)[j].next {
			if j > i+1 {
				b = append(b, ',')
			}
			b = w.value(b, j, o, nil, 0, depth+1)
		}
		return append(b, ']')
	}
	return append(b, w.raw[sp.start:sp.end]...)
}

// object renders object i, members in o's order, with the changes of cs
// in the bit set in applied.
func (w written) object(b []byte, i int32, o *keyOrder, cs changes, in uint32, depth int) []byte {
	if in == 0 && o != nil && len(o.keys) <= 64 {
		return w.ordered(b, i, o, depth)
	}
	sp := *w.spans
	base := len(*w.members)
	for j := i + 1; j < sp[i].next; j = sp[j].next {
		name := w.keyOf(j)
		*w.members = append(*w.members, member{name: name, rank: o.rankOfName(name), node: j})
	}
	if in != 0 || o != nil && !sortedByRank((*w.members)[base:]) {
		*w.members = append((*w.members)[:base], placeChanges((*w.members)[base:], o, cs, in, depth)...)
	}
	// Members of the objects inside go above these, on the same stack.
	b = w.emit(b, (*w.members)[base:], o, cs, depth)
	*w.members = (*w.members)[:base]
	return b
}

// emit renders an object of the members ms, in their order, with the
// changes of cs they carry: a member as read, or a member the write
// adds (set by its change, or a new object of the changes below it).
func (w written) emit(b []byte, ms []member, o *keyOrder, cs changes, depth int) []byte {
	sp := *w.spans
	b = append(b, '{')
	first := true
	for _, m := range ms {
		if m.removed(cs) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		if m.node != 0 {
			b = append(b, w.raw[sp[m.node].keyStart:sp[m.node].keyEnd]...)
		} else {
			b = jsontree.AppendString(b, m.key)
		}
		b = append(b, ':')
		switch {
		case m.set != 0:
			b = cs[m.set-1].appendValue(b)
		case m.node == 0:
			b = appendNew(b, o.subAt(m.rank), cs, m.sub, depth+1)
		default:
			b = w.value(b, m.node, o.subAt(m.rank), cs, m.sub, depth+1)
		}
	}
	return append(b, '}')
}

// ordered renders object i, unchanged, members in o's order: those o
// lists by their rank, then the others by name, as read (an object in
// canonical form holds its members by name). A bit set of the ranks
// gives the order, with no sort.
func (w written) ordered(b []byte, i int32, o *keyOrder, depth int) []byte {
	sp := *w.spans
	var byRank [64]int32
	var known uint64
	unknown := false
	for j := i + 1; j < sp[i].next; j = sp[j].next {
		if r, ok := o.find(w.raw[sp[j].keyStart+1 : sp[j].keyEnd-1]); ok {
			byRank[r], known = j, known|1<<r
		} else {
			unknown = true
		}
	}
	b = append(b, '{')
	first := true
	emit := func(j int32, sub *keyOrder) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, w.raw[sp[j].keyStart:sp[j].keyEnd]...)
		b = append(b, ':')
		b = w.value(b, j, sub, nil, 0, depth+1)
	}
	for set := known; set != 0; set &= set - 1 {
		r := bits.TrailingZeros64(set)
		emit(byRank[r], o.subs[r])
	}
	if unknown {
		for j := i + 1; j < sp[i].next; j = sp[j].next {
			if _, ok := o.find(w.raw[sp[j].keyStart+1 : sp[j].keyEnd-1]); !ok {
				emit(j, nil)
			}
		}
	}
	return append(b, '}')
}

// sortedByRank reports whether the members ms (in key order) are in rank
// order too, as in most objects of an object as read.
func sortedByRank(ms []member) bool {
	for k := 1; k < len(ms); k++ {
		if ms[k].rank < ms[k-1].rank {
			return false
		}
	}
	return true
}

// appendNew renders a new object holding the changes of cs in the bit
// set in (an object the write creates), keys in o's order.
func appendNew(b []byte, o *keyOrder, cs changes, in uint32, depth int) []byte {
	var stack [8]member
	return written{spans: &noSpans}.emit(b, placeChanges(stack[:0], o, cs, in, depth), o, cs, depth)
}

// noSpans are the spans of no object: the members appendNew emits are
// all new.
var noSpans []span

// placeChanges adds the changes of cs in the bit set in to the members ms
// of an object at depth, each under the member its path passes through (a
// new member, node 0, when the object has none of that key; the last of
// that key when it has several, the one every reader takes, SPEC 13.1;
// a removal removes every one), and sorts the members in o's order.
func placeChanges(ms []member, o *keyOrder, cs changes, in uint32, depth int) []member {
	for set := in; set != 0; set &= set - 1 {
		i := bits.TrailingZeros32(set)
		c := &cs[i]
		key := c.keys[depth]
		k := len(ms) - 1
		for k >= 0 && !ms[k].is(key) {
			k--
		}
		if k < 0 {
			ms = append(ms, member{key: key, rank: o.rankOf(key)})
			k = len(ms) - 1
		}
		if c.n == depth+1 {
			ms[k].set = int8(i + 1)
			if c.op == remove { // every spelling goes, or a reader takes an earlier one
				for j := range k {
					if ms[j].is(key) {
						ms[j].set = int8(i + 1)
					}
				}
			}
		} else {
			ms[k].sub |= 1 << i
		}
	}
	slices.SortStableFunc(ms, func(a, b member) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return compareNames(&a, &b)
	})
	return ms
}

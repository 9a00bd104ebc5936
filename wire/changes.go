package wire

import (
	"bytes"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// A change is one member a write sets or removes: the member at its
// path (keys from the object's root down) gets a value, or is removed.
// An object on the path that the object lacks (or holds as something
// else than an object) is created. Inside an array, a path names an
// element by its index in decimal: a change reaches below an element
// that exists, and never replaces one.
type change struct {
	keys [maxChangeDepth]string
	n    int // the path's length
	op   changeOp
	raw  []byte // the value, rendered JSON (setRaw)
	str  string // the value, a string (setText)
}

// maxChangeDepth bounds the path of a change.
const maxChangeDepth = 6

// A changeOp tells what a change does to its member.
type changeOp uint8

const (
	setRaw  changeOp = iota + 1 // the member becomes change.raw
	setText                     // the member becomes the JSON string change.str
	remove                      // the member is removed
)

// path returns the change's path.
func (c *change) path() []string { return c.keys[:c.n] }

// appendValue appends the value the change sets.
func (c *change) appendValue(b []byte) []byte {
	if c.op == setText {
		return jsontree.AppendString(b, c.str)
	}
	return append(b, c.raw...)
}

// changes is the list of members a write sets or removes, one change
// per path: a later set or removal of a path replaces the earlier one.
type changes []change

// put returns cs with c recorded, replacing the change of the same path.
// Like append, it returns the list to keep (changes are values: a list
// a write builds stays on its stack).
func (cs changes) put(c change, path []string) changes {
	if len(path) > maxChangeDepth {
		panic("wire: a change deeper than maxChangeDepth")
	}
	c.n = copy(c.keys[:], path)
	for i := range cs {
		if slices.Equal(cs[i].path(), path) {
			cs[i] = c
			return cs
		}
	}
	return append(cs, c)
}

// set returns cs with the member at path made value, a rendered JSON
// value.
func (cs changes) set(value []byte, path ...string) changes {
	return cs.put(change{op: setRaw, raw: value}, path)
}

// setString returns cs with the member at path made the JSON string s.
func (cs changes) setString(s string, path ...string) changes {
	return cs.put(change{op: setText, str: s}, path)
}

// remove returns cs with the member at path removed.
func (cs changes) remove(path ...string) changes { return cs.put(change{op: remove}, path) }

// setAnnotation returns cs with the annotation key of the object made v.
func (cs changes) setAnnotation(key, v string) changes {
	return cs.setString(v, "metadata", "annotations", key)
}

// removeAnnotation returns cs with the annotation key of the object
// removed.
func (cs changes) removeAnnotation(key string) changes {
	return cs.remove("metadata", "annotations", key)
}

// written is an object as read, its canonical form indexed (see
// indexCanonical), so that a write renders it in Kubernetes key order
// with its changes (render) without building a tree of it: every member
// the write does not change is copied as it stands.
type written struct {
	raw   []byte
	spans *[]span
	// members is scratch for the members of the objects being rendered,
	// a stack: each object's above those of the objects holding it.
	members *[]member
	scratch *scratch
}

// readWritten reads raw, which must be a JSON object; false for anything
// else. A raw in another form than canonical (a hand-made one) is put in
// canonical form first. The result must be released.
func readWritten(raw []byte) (written, bool) { return read(raw, true) }

// readBody is readWritten for a body this codec rendered (compact, in
// Kubernetes order).
func readBody(body []byte) (written, bool) { return read(body, false) }

func read(raw []byte, sorted bool) (written, bool) {
	s := scratchPool.Get().(*scratch)
	var ok bool
	if s.spans, ok = index(raw, s.spans[:0], sorted); ok {
		return written{raw: raw, spans: &s.spans, members: &s.members, scratch: s}, true
	}
	v, canon, parsed := jsontree.ScanCanon(raw, "")
	if _, object := v.(map[string]any); parsed && object {
		raw = jsontree.ExactCopy(canon)
		if s.spans, ok = indexCanonical(raw, s.spans[:0]); ok {
			return written{raw: raw, spans: &s.spans, members: &s.members, scratch: s}, true
		}
	} else {
		jsontree.PutScratch(canon)
	}
	scratchPool.Put(s)
	return written{}, false
}

// scratch is what reading and rendering an object reuse from one write to
// the next: a write reads each object it sends, a hundred values and
// more, and renders its objects' members in another order.
type scratch struct {
	spans   []span
	members []member
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release gives the scratch back to its pool.
func (w written) release() {
	clear((*w.members)[:cap(*w.members)]) // drop the references to changes and documents
	scratchPool.Put(w.scratch)
}

// node returns the index of the value at path below value from (0 is
// the document), or -1 when the object holds none there.
func (w written) node(path ...string) int32 { return w.nodeFrom(0, path...) }

func (w written) nodeFrom(from int32, path ...string) int32 {
	sp := *w.spans
	i := from
	for _, k := range path {
		if i < 0 || w.raw[sp[i].start] != '{' {
			return -1
		}
		j := i + 1
		for ; j < sp[i].next; j = sp[j].next {
			if string(w.raw[sp[j].keyStart+1:sp[j].keyEnd-1]) == k {
				break
			}
		}
		if j >= sp[i].next {
			return -1
		}
		i = j
	}
	return i
}

// at returns the value at path, in canonical form, or false when the
// object holds none there.
func (w written) at(path ...string) ([]byte, bool) {
	i := w.node(path...)
	if i < 0 {
		return nil, false
	}
	return w.raw[(*w.spans)[i].start:(*w.spans)[i].end], true
}

// text returns the string at path, or false when the object holds no
// string there.
func (w written) text(path ...string) (string, bool) { return w.textAt(0, path...) }

// textAt is text for a path below value from.
func (w written) textAt(from int32, path ...string) (string, bool) {
	i := w.nodeFrom(from, path...)
	if i < 0 || w.raw[(*w.spans)[i].start] != '"' {
		return "", false
	}
	return jsontree.Unquote(w.raw[(*w.spans)[i].start:(*w.spans)[i].end])
}

// elems returns the elements of array i (none when i is no array).
func (w written) elems(i int32) []int32 {
	sp := *w.spans
	if i < 0 || w.raw[sp[i].start] != '[' {
		return nil
	}
	var out []int32
	for j := i + 1; j < sp[i].next; j = sp[j].next {
		out = append(out, j)
	}
	return out
}

// valueOrNew renders value i with the changes cs, or a new object of
// them for i -1.
func (w written) valueOrNew(b []byte, i int32, cs changes) []byte {
	if i < 0 {
		return appendNew(b, nil, cs, all(cs), 0)
	}
	return w.value(b, i, nil, cs, all(cs), 0)
}

// member is one member of an object being rendered: its key, and either
// its value as read (span node) or the change that sets or removes it,
// and the changes below it.
type member struct {
	name []byte // the key as read
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

// keyOf returns the key of m, as a string.
func (m *member) keyOf() string {
	if m.node == 0 {
		return m.key
	}
	return string(m.name)
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
	case c == '[' && (o != nil || in != 0):
		b = append(b, '[')
		for j, k := i+1, 0; j < sp.next; j, k = (*w.spans)[j].next, k+1 {
			if k > 0 {
				b = append(b, ',')
			}
			b = w.value(b, j, o, cs, elemChanges(cs, in, depth, k), depth+1)
		}
		return append(b, ']')
	case in != 0: // changes below a member that is no object: a new one
		return appendNew(b, o, cs, in, depth)
	}
	return append(b, w.raw[sp.start:sp.end]...)
}

// elemChanges returns the changes of cs in the bit set in below element
// k of an array at depth: those whose path names k (in decimal) there.
func elemChanges(cs changes, in uint32, depth, k int) uint32 {
	var out uint32
	for set := in; set != 0; set &= set - 1 {
		c := &cs[bits.TrailingZeros32(set)]
		if c.n > depth+1 && c.keys[depth] == strconv.Itoa(k) {
			out |= set & -set
		}
	}
	return out
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
		name := w.raw[sp[j].keyStart+1 : sp[j].keyEnd-1]
		*w.members = append(*w.members, member{name: name, rank: o.rankOf(string(name)), node: j})
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
			b = appendNew(b, o.subOf(m.key), cs, m.sub, depth+1)
		default:
			b = w.value(b, m.node, o.subOf(string(m.name)), cs, m.sub, depth+1)
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
// new member, node 0, when the object has none of that key), and sorts
// the members in o's order.
func placeChanges(ms []member, o *keyOrder, cs changes, in uint32, depth int) []member {
	for set := in; set != 0; set &= set - 1 {
		i := bits.TrailingZeros32(set)
		c := &cs[i]
		key := c.keys[depth]
		k := slices.IndexFunc(ms, func(m member) bool { return m.keyOf() == key })
		if k < 0 {
			ms = append(ms, member{key: key, rank: o.rankOf(key)})
			k = len(ms) - 1
		}
		if c.n == depth+1 {
			ms[k].set = int8(i + 1)
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

// patch renders the strategic-merge patch that applies cs to the object,
// as oc computes one from the object before and after (SPEC 6m.1.3.5,
// 6m.2.3.7): the members cs changes, each with its new value, a removed
// one as null, nested in the objects that hold them, keys sorted. A
// change that leaves its member as it was is left out; nothing changed
// gives "{}".
func (w written) patch(cs changes) []byte {
	var diff changes
	for i := range cs {
		c := &cs[i]
		cur, ok := w.at(c.path()...)
		var buf [64]byte
		switch {
		case c.op == remove && ok:
			diff = diff.put(change{op: setRaw, raw: []byte("null")}, c.path())
		case c.op != remove && (!ok || !bytes.Equal(cur, c.appendValue(buf[:0]))):
			diff = append(diff, *c)
		}
	}
	return appendNew(nil, nil, diff, all(diff), 0)
}

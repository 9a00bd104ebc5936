package wire

import (
	"bytes"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// A change is one member a write sets or removes: the member at path
// (keys from the object's root down) gets value, a rendered JSON value,
// or with a nil value is removed. An object on the path that the object
// lacks (or holds as something else than an object) is created.
type change struct {
	path  []string
	value []byte
}

// changes is the list of members a write sets or removes, one change
// per path: a later set or removal of a path replaces the earlier one.
type changes []change

// set makes the member at path value (a rendered JSON value; nil
// removes the member).
func (cs *changes) set(value []byte, path ...string) {
	for i := range *cs {
		if slices.Equal((*cs)[i].path, path) {
			(*cs)[i].value = value
			return
		}
	}
	*cs = append(*cs, change{path: path, value: value})
}

// setString makes the member at path the JSON string s.
func (cs *changes) setString(s string, path ...string) {
	cs.set(jsontree.AppendString(nil, s), path...)
}

// remove removes the member at path.
func (cs *changes) remove(path ...string) { cs.set(nil, path...) }

// annotation is the path of the annotation key of an object.
func annotation(key string) []string { return []string{"metadata", "annotations", key} }

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
}

// readWritten reads raw, which must be a JSON object; false for anything
// else. A raw in another form than canonical (a hand-made one) is put in
// canonical form first. The result must be released.
func readWritten(raw []byte) (written, bool) {
	s := scratchPool.Get().(*scratch)
	var ok bool
	if s.spans, ok = indexCanonical(raw, s.spans[:0]); ok {
		return written{raw: raw, spans: &s.spans, members: &s.members}, true
	}
	v, canon, parsed := jsontree.ScanCanon(raw, "")
	if _, object := v.(map[string]any); parsed && object {
		raw = jsontree.ExactCopy(canon)
		if s.spans, ok = indexCanonical(raw, s.spans[:0]); ok {
			return written{raw: raw, spans: &s.spans, members: &s.members}, true
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
	clear(*w.members) // drop the references to changes and documents
	scratchPool.Put(&scratch{spans: *w.spans, members: (*w.members)[:0]})
}

// render returns the object with cs applied, keys in o's order, compact.
func (w written) render(o *keyOrder, cs changes) []byte {
	buf := jsontree.Scratch()
	*buf = w.value((*buf)[:0], 0, o, cs, 0)
	return jsontree.ExactCopy(buf)
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
		return appendNew(b, nil, cs, 0)
	}
	return w.value(b, i, nil, cs, 0)
}

// member is one member of an object being rendered: its key, and either
// its value as read (span node) or the changes that make it.
type member struct {
	name []byte // the key
	rank int
	node int32   // its value as read; 0 for a member the write adds
	sub  changes // changes below this member
	set  []byte  // the member's new value (with replace)
	// replace tells that a change sets or removes the member itself.
	replace bool
}

// value renders value i with the changes cs whose paths pass through
// it (depth keys of each are behind).
func (w written) value(b []byte, i int32, o *keyOrder, cs changes, depth int) []byte {
	sp := (*w.spans)[i]
	switch c := w.raw[sp.start]; {
	case c == '{' && (o != nil || len(cs) > 0):
		return w.object(b, i, o, cs, depth)
	case c == '[' && (o != nil || len(cs) > 0):
		b = append(b, '[')
		for j, k := i+1, 0; j < sp.next; j, k = (*w.spans)[j].next, k+1 {
			if k > 0 {
				b = append(b, ',')
			}
			b = w.value(b, j, o, elemChanges(cs, depth, k), depth+1)
		}
		return append(b, ']')
	case len(cs) > 0: // changes below a member that is no object: a new one
		return appendNew(b, o, cs, depth)
	}
	return append(b, w.raw[sp.start:sp.end]...)
}

// elemChanges returns the changes of cs below element k of an array at
// depth: those whose path names k (in decimal) there.
func elemChanges(cs changes, depth, k int) changes {
	if len(cs) == 0 {
		return nil
	}
	var out changes
	for _, c := range cs {
		if len(c.path) > depth+1 && c.path[depth] == strconv.Itoa(k) {
			out = append(out, c)
		}
	}
	return out
}

// object renders object i, members in o's order, with cs applied.
func (w written) object(b []byte, i int32, o *keyOrder, cs changes, depth int) []byte {
	if len(cs) == 0 && o != nil && len(o.keys) <= 64 {
		return w.ordered(b, i, o, depth)
	}
	sp := *w.spans
	base := len(*w.members)
	for j := i + 1; j < sp[i].next; j = sp[j].next {
		name := w.raw[sp[j].keyStart+1 : sp[j].keyEnd-1]
		*w.members = append(*w.members, member{name: name, rank: o.rankOf(string(name)), node: j})
	}
	if len(cs) > 0 || o != nil && !sortedByRank((*w.members)[base:]) {
		*w.members = append((*w.members)[:base], placeChanges((*w.members)[base:], o, cs, depth)...)
	}
	// Members of the objects inside go above these, on the same stack.
	ms := (*w.members)[base:]
	b = append(b, '{')
	first := true
	for _, m := range ms {
		if m.replace && m.set == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		if m.node != 0 {
			b = append(b, w.raw[sp[m.node].keyStart:sp[m.node].keyEnd]...)
		} else {
			b = jsontree.AppendString(b, string(m.name))
		}
		b = append(b, ':')
		switch {
		case m.replace:
			b = append(b, m.set...)
		case m.node == 0:
			b = appendNew(b, o.subOf(string(m.name)), m.sub, depth+1)
		default:
			b = w.value(b, m.node, o.subOf(string(m.name)), m.sub, depth+1)
		}
	}
	*w.members = (*w.members)[:base]
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
		b = w.value(b, j, sub, nil, depth+1)
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

// appendNew renders a new object holding the changes cs (an object the
// write creates), keys in o's order.
func appendNew(b []byte, o *keyOrder, cs changes, depth int) []byte {
	var stack [4]member
	ms := placeChanges(stack[:0], o, cs, depth)
	b = append(b, '{')
	first := true
	for _, m := range ms {
		if m.replace && m.set == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsontree.AppendString(b, string(m.name))
		b = append(b, ':')
		if m.replace {
			b = append(b, m.set...)
		} else {
			b = appendNew(b, o.subOf(string(m.name)), m.sub, depth+1)
		}
	}
	return append(b, '}')
}

// placeChanges adds the changes cs to the members ms of an object at
// depth, each under the member its path passes through (a new member,
// node 0, when the object has none of that key), and sorts the members in
// o's order.
func placeChanges(ms []member, o *keyOrder, cs changes, depth int) []member {
	for _, c := range cs {
		key := c.path[depth]
		k := slices.IndexFunc(ms, func(m member) bool { return string(m.name) == key })
		if k < 0 {
			ms = append(ms, member{name: []byte(key), rank: o.rankOf(key)})
			k = len(ms) - 1
		}
		if len(c.path) == depth+1 {
			ms[k].replace, ms[k].set = true, c.value
		} else {
			ms[k].sub = append(ms[k].sub, c)
		}
	}
	slices.SortStableFunc(ms, func(a, b member) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return bytes.Compare(a.name, b.name)
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
	for _, c := range cs {
		cur, ok := w.at(c.path...)
		switch {
		case c.value == nil && ok:
			diff = append(diff, change{path: c.path, value: []byte("null")})
		case c.value != nil && (!ok || !bytes.Equal(cur, c.value)):
			diff = append(diff, c)
		}
	}
	return appendNew(nil, nil, diff, 0)
}

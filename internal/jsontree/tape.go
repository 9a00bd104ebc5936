package jsontree

import (
	"slices"
	"strings"
	"sync"
)

// Kind is the JSON type of a value on a Tape.
type Kind uint8

// The kinds of JSON value. The zero Kind is no value (an absent member).
const (
	KindNull Kind = iota + 1
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// Node is one value on a Tape. An object's node is followed by its
// members, each a KindString node holding the key and then the value's
// nodes; an array's node is followed by its elements' nodes.
type Node struct {
	// Text is a string's value (unescaped), an object key, a number as
	// written, or "true", "false" or "null"; "" for arrays and objects.
	Text string
	// End is the index just past the value's nodes: the next sibling.
	End int32
	// Len is the number of members of an object (duplicate keys
	// included) or elements of an array; 0 otherwise.
	Len int32
	// CanonOff and CanonLen place the value's canonical form inside the
	// canonical form of the array or object holding it (a member shadowed
	// by a later duplicate key has none); the document's value is the
	// whole of it. Set only when the tape was read with canonOn.
	CanonOff, CanonLen int32
	Kind               Kind
	// Escaped marks a string whose Text is its literal as written,
	// quotes and escapes included: Tape.Text unescapes it (see
	// ScanTape).
	Escaped bool
}

// Tape is a JSON document read into one flat slice of nodes in document
// order (see ScanTape): no map, no slice and no boxed value per JSON value,
// so reading a document allocates nothing but the strings that needed
// unescaping, and a reader pays for the members it looks up rather than
// for a tree of the whole document.
//
// Index 0 is the document's value. An index below 0 stands for no value:
// every accessor accepts it and answers as for an absent member.
type Tape struct {
	Nodes []Node
	// Spans tells a tape read with canonOn, whose nodes are placed in the
	// canonical rendering (see Node.CanonOff and CanonPart).
	Spans bool
}

// ScanTape reads exactly one JSON value from data (surrounding JSON
// whitespace allowed) onto a tape, and reports false for anything
// encoding/json would refuse, as Scan does: the tape holds the values Scan
// would build (FuzzTape checks it). With canonOn, the value is also
// rendered in canonical form into canon (scratch from Scratch, nil
// otherwise), as ScanCanon renders it.
//
// doc is string(data), or "": the tape's strings and numbers that need no
// unescaping are then parts of doc rather than copies of their own (see
// ScanCanon); a reader must copy what it keeps. A string value that needs
// unescaping is checked, and kept as its literal (Node.Escaped) until Text
// asks for it: documents carry long escaped strings (an RC's encoded DC)
// that their readers skip. The tape comes from a pool:
// give it back with PutTape once nothing reads it.
func ScanTape(data []byte, doc string, canonOn bool) (t *Tape, canon *[]byte, ok bool) {
	t = tapePool.Get().(*Tape)
	t.Nodes, t.Spans = t.Nodes[:0], canonOn
	p := scanner{data: data, doc: doc, tape: t, canonOn: canonOn}
	defer p.giveBack(p.borrow())
	if canonOn {
		canon = Scratch()
		p.canon = (*canon)[:0]
	}
	p.space()
	_, ok = p.value(0)
	p.space()
	if canonOn {
		*canon = p.canon
		if len(t.Nodes) > 0 {
			t.span(0, 0, len(p.canon))
		}
	}
	return t, canon, ok && p.pos == len(data)
}

// PutTape gives a tape from ScanTape back to the pool. Its strings stay
// valid; its nodes do not.
func PutTape(t *Tape) {
	if cap(t.Nodes) <= 1<<16 { // keep no giant tape alive in the pool
		clear(t.Nodes) // drop the strings, which may hold a document
		tapePool.Put(t)
	}
}

var tapePool = sync.Pool{New: func() any { return new(Tape) }}

// next returns the index of the node to be appended next; -1 on a nil
// tape.
func (t *Tape) next() int32 {
	if t == nil {
		return -1
	}
	return int32(len(t.Nodes))
}

// span places node i at off, n bytes long, in its container's canonical
// form.
func (t *Tape) span(i int32, off, n int) {
	t.Nodes[i].CanonOff, t.Nodes[i].CanonLen = int32(off), int32(n)
}

// CanonPart returns the canonical form of value i, a member or element
// of the object or array whose canonical form is outer, as a part of
// outer whose capacity ends with it (so that appending to it never writes
// into outer); nil for no value, and ok false when the tape has no spans
// (read without canonOn) or outer is too short to be the container's
// form.
func (t *Tape) CanonPart(outer []byte, i int32) (part []byte, ok bool) {
	if !t.Spans {
		return nil, false
	}
	if i < 0 {
		return nil, true
	}
	off, n := int(t.Nodes[i].CanonOff), int(t.Nodes[i].CanonLen)
	if n == 0 || off+n > len(outer) {
		return nil, false
	}
	return outer[off : off+n : off+n], true
}

// escapedLeaf appends the node of a string that needs unescaping, lit
// being its literal.
func (t *Tape) escapedLeaf(lit string) {
	n := int32(len(t.Nodes))
	t.Nodes = append(t.Nodes, Node{Kind: KindString, Text: lit, End: n + 1, Escaped: true})
}

// leaf appends a scalar node (or an object key).
func (t *Tape) leaf(k Kind, text string) {
	n := int32(len(t.Nodes))
	t.Nodes = append(t.Nodes, Node{Kind: k, Text: text, End: n + 1})
}

// open appends the node of an array or object whose contents follow, and
// returns its index; -1 on a nil tape (a scanner building a tree).
func (t *Tape) open(k Kind) int32 {
	if t == nil {
		return -1
	}
	t.Nodes = append(t.Nodes, Node{Kind: k})
	return int32(len(t.Nodes) - 1)
}

// close finishes the container node i, with n members or elements.
func (t *Tape) close(i int32, n int) {
	t.Nodes[i].End = int32(len(t.Nodes))
	t.Nodes[i].Len = int32(n)
}

// Kind returns the kind of value i; 0 for no value.
func (t *Tape) Kind(i int32) Kind {
	if i < 0 {
		return 0
	}
	return t.Nodes[i].Kind
}

// Text returns Node.Text of value i, a string unescaped; "" for no value.
// Unescaping allocates the string each time.
func (t *Tape) Text(i int32) string {
	if i < 0 {
		return ""
	}
	n := &t.Nodes[i]
	if n.Escaped {
		s, _ := Unquote([]byte(n.Text)) // checked when read
		return s
	}
	return n.Text
}

// Len returns the members of object i or the elements of array i; 0 for
// any other value.
func (t *Tape) Len(i int32) int {
	if i < 0 {
		return 0
	}
	return int(t.Nodes[i].Len)
}

// Member returns the value of key in object i: the last member named key,
// as encoding/json keeps it; -1 when i is no object or has no such member.
func (t *Tape) Member(i int32, key string) int32 {
	if t.Kind(i) != KindObject {
		return -1
	}
	v := int32(-1)
	for k, j := int32(0), i+1; k < t.Nodes[i].Len; k++ {
		if t.Nodes[j].Text == key {
			v = j + 1
		}
		j = t.Nodes[j+1].End
	}
	return v
}

// FirstMember returns the index of the first member's key node of object
// i (its value is the next index); NextMember the one after key node j.
// Members come in document order, duplicate keys included.
func (t *Tape) FirstMember(i int32) int32 { return i + 1 }

// NextMember returns the key node of the member after the one whose key
// node is j.
func (t *Tape) NextMember(j int32) int32 { return t.Nodes[j+1].End }

// FirstElem returns the index of the first element of array i; NextElem
// the one after element j.
func (t *Tape) FirstElem(i int32) int32 { return i + 1 }

// NextElem returns the element after element j.
func (t *Tape) NextElem(j int32) int32 { return t.Nodes[j].End }

// AppendCanonical appends value i in canonical form, as AppendCanonical
// writes the tree Scan builds of it (duplicate keys: the last kept); with
// dropNull, object members whose value is null are left out, as
// AppendCanon leaves them out. Nothing is written for no value.
func (t *Tape) AppendCanonical(b []byte, i int32, dropNull bool) []byte {
	if i < 0 {
		return b
	}
	n := &t.Nodes[i]
	switch n.Kind {
	case KindString:
		if n.Escaped {
			if canonicalEscaped([]byte(n.Text[1 : len(n.Text)-1])) {
				return append(b, n.Text...)
			}
			return AppendString(b, t.Text(i))
		}
		return AppendString(b, n.Text)
	case KindArray:
		b = append(b, '[')
		for k, j := int32(0), i+1; k < n.Len; k, j = k+1, t.Nodes[j].End {
			if k > 0 {
				b = append(b, ',')
			}
			b = t.AppendCanonical(b, j, dropNull)
		}
		return append(b, ']')
	case KindObject:
		var buf [24]int32
		keys := t.DistinctMembers(i, buf[:0])
		b = append(b, '{')
		first := true
		for _, j := range keys {
			if dropNull && t.Nodes[j+1].Kind == KindNull {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = AppendString(b, t.Nodes[j].Text)
			b = append(b, ':')
			b = t.AppendCanonical(b, j+1, dropNull)
		}
		return append(b, '}')
	}
	return append(b, n.Text...) // numbers as written, and the literals
}

// DistinctMembers appends to keys the key nodes of object i's members
// sorted by key, of duplicate keys only the last (the one encoding/json
// keeps).
func (t *Tape) DistinctMembers(i int32, keys []int32) []int32 {
	n := &t.Nodes[i]
	for k, j := int32(0), i+1; k < n.Len; k, j = k+1, t.Nodes[j+1].End {
		keys = append(keys, j)
	}
	slices.SortStableFunc(keys, func(a, b int32) int { return strings.Compare(t.Nodes[a].Text, t.Nodes[b].Text) })
	out := keys[:0]
	for x, j := range keys {
		if x+1 < len(keys) && t.Nodes[keys[x+1]].Text == t.Nodes[j].Text {
			continue // a later duplicate wins
		}
		out = append(out, j)
	}
	return out
}

// HasNullMember reports whether some object member within value i is
// null (so that its canonical form with dropNull differs), members
// shadowed by a later duplicate key left out.
func (t *Tape) HasNullMember(i int32) bool {
	switch t.Kind(i) {
	case KindArray:
		for k, j := 0, t.FirstElem(i); k < t.Len(i); k, j = k+1, t.NextElem(j) {
			if t.HasNullMember(j) {
				return true
			}
		}
	case KindObject:
		var buf [24]int32
		for _, j := range t.DistinctMembers(i, buf[:0]) {
			if t.Nodes[j+1].Kind == KindNull || t.HasNullMember(j+1) {
				return true
			}
		}
	}
	return false
}

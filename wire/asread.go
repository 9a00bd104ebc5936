package wire

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"github.com/dcplan/dcplan/internal/jsontree"
)

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
	if len(raw) == 0 || raw[0] != '{' && raw[0] > ' ' {
		return written{}, false // no object (a fast answer; JSON space goes to the parser)
	}
	w, ok := readValue(raw, sorted)
	if ok && w.raw[0] != '{' {
		w.release()
		return written{}, false
	}
	return w, ok
}

// readValue is read for any JSON value: raw as it stands when it is
// compact (and canonical, when sorted), or else its canonical form (JSON
// space around it allowed); false when the scanner does not read raw.
func readValue(raw []byte, sorted bool) (written, bool) {
	s := scratchPool.Get().(*scratch)
	var ok bool
	if s.spans, ok = indexValue(raw, s.spans[:0], sorted); ok {
		return written{raw: raw, spans: &s.spans, members: &s.members, scratch: s}, true
	}
	if _, canon, parsed := jsontree.ScanCanon(raw, ""); parsed {
		raw = jsontree.ExactCopy(canon)
		if s.spans, ok = indexValue(raw, s.spans[:0], true); ok {
			return written{raw: raw, spans: &s.spans, members: &s.members, scratch: s}, true
		}
	} else {
		jsontree.PutScratch(canon)
	}
	scratchPool.Put(s)
	return written{}, false
}

// appendOrderedJSON appends the JSON value raw (as jsontree.Parse reads
// it), compact, object keys in o's order, as the typed encoders write
// it; false when raw is no JSON value.
func appendOrderedJSON(b []byte, raw []byte, o *keyOrder) ([]byte, bool) {
	w, ok := written{}, false
	if utf8.Valid(raw) { // else encoding/json's replacement characters
		w, ok = readValue(raw, true)
	}
	if !ok { // what the scanner leaves to encoding/json (see jsontree.Parse)
		v, err := jsontree.ParseStd(raw)
		if err != nil {
			return b, false
		}
		if w, ok = readValue(jsontree.AppendCanonical(nil, v), true); !ok {
			return b, false
		}
	}
	defer w.release()
	return w.value(b, 0, o, nil, 0, 0), true
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
			if string(w.keyOf(j)) == k {
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

// bytesOf returns the bytes of value i as read.
func (w written) bytesOf(i int32) []byte { return w.raw[(*w.spans)[i].start:(*w.spans)[i].end] }

// at returns the value at path, in canonical form, or false when the
// object holds none there.
func (w written) at(path ...string) ([]byte, bool) {
	v := w.atFrom(0, path...)
	return v, v != nil
}

// atFrom is at for a path below value from; nil when there is none.
func (w written) atFrom(from int32, path ...string) []byte {
	i := w.nodeFrom(from, path...)
	if i < 0 {
		return nil
	}
	return w.bytesOf(i)
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
	return jsontree.Unquote(w.bytesOf(i))
}

// elems appends the elements of array i (none when i is no array) to
// out: a caller that passes a buffer on its stack walks a short array
// without allocating.
func (w written) elems(i int32, out []int32) []int32 {
	sp := *w.spans
	if i < 0 || w.raw[sp[i].start] != '[' {
		return out
	}
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

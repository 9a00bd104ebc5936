package wire

import "bytes"

// A span places one value of a JSON document held in canonical form: its
// bytes, and for an object member its key's (quotes included).
type span struct {
	start, end int32
	// keyStart and keyEnd place a member's key; both 0 for an array
	// element or the document.
	keyStart, keyEnd int32
	// next is the index of the value's next sibling: the spans of an
	// object's members or an array's elements follow its own.
	next int32
}

// maxIndexDepth bounds the nesting indexCanonical follows: a little
// beyond the parser's own bound (10 000 in internal/jsontree), so that
// every document a decoder reads is indexed too, and a write never meets
// an object it cannot read.
const maxIndexDepth = 10010

// indexCanonical places every value of raw, a JSON object in canonical
// form (compact, each object's keys in strictly ascending order; the
// order of a key spelled with escapes is not checked), appending their spans to spans. It reports false
// for anything else: invalid JSON, or JSON in another form, which a
// caller puts in canonical form first. It reads each byte once.
func indexCanonical(raw []byte, spans []span) ([]span, bool) {
	return index(raw, spans, true)
}

// index is indexCanonical, with sorted false for a compact object in
// any key order (a body this codec rendered, in Kubernetes order).
func index(raw []byte, spans []span, sorted bool) ([]span, bool) {
	x := indexer{raw: raw, spans: spans, sorted: sorted}
	if len(raw) == 0 || raw[0] != '{' || !x.value(0, 0, 0) || x.pos != len(raw) {
		return x.spans, false
	}
	return x.spans, true
}

// indexer reads a canonical document (see indexCanonical).
type indexer struct {
	raw    []byte
	pos    int
	spans  []span
	sorted bool // keys must come in strictly ascending order
}

func (x *indexer) value(keyStart, keyEnd int32, depth int) bool {
	if x.pos >= len(x.raw) || depth > maxIndexDepth {
		return false
	}
	i := len(x.spans)
	x.spans = append(x.spans, span{start: int32(x.pos), keyStart: keyStart, keyEnd: keyEnd})
	var ok bool
	switch c := x.raw[x.pos]; {
	case c == '{':
		ok = x.object(depth)
	case c == '[':
		ok = x.array(depth)
	case c == '"':
		ok = x.str()
	case c == 't':
		ok = x.word("true")
	case c == 'f':
		ok = x.word("false")
	case c == 'n':
		ok = x.word("null")
	default:
		ok = x.number()
	}
	x.spans[i].end, x.spans[i].next = int32(x.pos), int32(len(x.spans))
	return ok
}

func (x *indexer) object(depth int) bool {
	x.pos++ // {
	if x.pos < len(x.raw) && x.raw[x.pos] == '}' {
		x.pos++
		return true
	}
	var prev []byte
	for {
		ks := x.pos
		if ks >= len(x.raw) || x.raw[ks] != '"' || !x.str() {
			return false
		}
		key := x.raw[ks+1 : x.pos-1]
		switch {
		case !x.sorted:
		case bytes.IndexByte(key, '\\') >= 0:
			prev = nil // escapes do not sort as what they stand for: not checked
		case prev != nil && bytes.Compare(prev, key) >= 0:
			return false // out of order, or a key twice
		default:
			prev = key
		}
		if x.pos >= len(x.raw) || x.raw[x.pos] != ':' {
			return false
		}
		x.pos++
		if !x.value(int32(ks), int32(ks+len(key)+2), depth+1) {
			return false
		}
		if done, ok := x.separator('}'); !ok || done {
			return ok
		}
	}
}

func (x *indexer) array(depth int) bool {
	x.pos++ // [
	if x.pos < len(x.raw) && x.raw[x.pos] == ']' {
		x.pos++
		return true
	}
	for {
		if !x.value(0, 0, depth+1) {
			return false
		}
		if done, ok := x.separator(']'); !ok || done {
			return ok
		}
	}
}

// separator reads a comma (done false) or closing (done true).
func (x *indexer) separator(closing byte) (done, ok bool) {
	if x.pos >= len(x.raw) {
		return false, false
	}
	switch x.raw[x.pos] {
	case ',':
		x.pos++
		return false, true
	case closing:
		x.pos++
		return true, true
	}
	return false, false
}

// str reads a string: no control character, every escape one JSON has.
func (x *indexer) str() bool {
	for i := x.pos + 1; i < len(x.raw); i++ {
		c := x.raw[i]
		if !stringSpecial[c] {
			continue
		}
		switch {
		case c == '"':
			x.pos = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if i+1 >= len(x.raw) {
				return false
			}
			switch x.raw[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+5 >= len(x.raw) {
					return false
				}
				for _, h := range x.raw[i+2 : i+6] {
					if !isHex(h) {
						return false
					}
				}
				i += 5
			default:
				return false
			}
		}
	}
	return false
}

// stringSpecial tells the bytes of a string that str must look at: the
// closing quote, a backslash and control characters.
var stringSpecial = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func (x *indexer) word(w string) bool {
	if !bytes.HasPrefix(x.raw[x.pos:], []byte(w)) {
		return false
	}
	x.pos += len(w)
	return true
}

// number reads a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (x *indexer) number() bool {
	i := x.pos
	digits := func() bool {
		start := i
		for i < len(x.raw) && '0' <= x.raw[i] && x.raw[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(x.raw) && x.raw[i] == '-' {
		i++
	}
	switch {
	case i < len(x.raw) && x.raw[i] == '0':
		i++
	case !digits():
		return false
	}
	if i < len(x.raw) && x.raw[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(x.raw) && (x.raw[i] == 'e' || x.raw[i] == 'E') {
		i++
		if i < len(x.raw) && (x.raw[i] == '+' || x.raw[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	x.pos = i
	return true
}

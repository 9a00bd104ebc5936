package wire

import (
	"bytes"
	"unicode/utf8"

	"github.com/dcplan/dcplan/internal/jsontree"
)

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
// form (compact, each object's keys in strictly ascending order, each
// string spelled as jsontree.AppendString writes it), appending their spans to spans.
// It reports false for anything else: invalid JSON, or JSON in another
// form, which a caller puts in canonical form first. Keys are ordered by
// what they read as, escapes resolved. It reads each byte once.
func indexCanonical(raw []byte, spans []span) ([]span, bool) {
	return index(raw, spans, true)
}

// index is indexCanonical, with sorted false for a compact object in
// any key order (a body this codec rendered, in Kubernetes order).
func index(raw []byte, spans []span, sorted bool) ([]span, bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return spans, false
	}
	return indexValue(raw, spans, sorted)
}

// indexValue is index for any JSON value, not only an object.
func indexValue(raw []byte, spans []span, sorted bool) ([]span, bool) {
	x := indexer{raw: raw, spans: spans, sorted: sorted}
	if !x.value(0, 0, 0) || x.pos != len(raw) {
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
		ke := x.pos
		key := x.raw[ks+1 : ke-1]
		if x.sorted {
			if bytes.IndexByte(key, '\\') >= 0 {
				// Canonical form sorts keys by what they read as, as
				// json.Marshal sorts a map's (only a key with <, >, &,
				// a quote, a backslash or a control character has
				// escapes: rare, and the one allocation here).
				s, _ := jsontree.Unquote(x.raw[ks:x.pos])
				key = []byte(s)
			}
			if prev != nil && bytes.Compare(prev, key) >= 0 {
				return false // out of order, or a key twice
			}
			prev = key
		}
		if x.pos >= len(x.raw) || x.raw[x.pos] != ':' {
			return false
		}
		x.pos++
		if !x.value(int32(ks), int32(ke), depth+1) {
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

// str reads a string: no control character, every escape one JSON has;
// and for a sorted (canonical) document, spelled as jsontree.AppendString
// writes it: no escape it would not write, and no <, >, &, U+2028,
// U+2029 or invalid UTF-8 left as it stands.
func (x *indexer) str() bool {
	raw := x.raw
	for i := x.pos + 1; i < len(raw); {
		switch c := raw[i]; {
		case !stringSpecial[c]:
			i++
		case c == '"':
			x.pos = i + 1
			return true
		case c == '\\' && i+1 < len(raw) && shortEscape[raw[i+1]]:
			i += 2
		default:
			if i = x.special(i); i < 0 {
				return false
			}
		}
	}
	return false
}

// special reads the byte at i of a string that str must look at but is
// neither its closing quote nor a short escape, returning the index past
// what it read, or -1 when the string is not what str reads.
func (x *indexer) special(i int) int {
	switch c := x.raw[i]; {
	case c < 0x20:
		return -1
	case c == '\\':
		if n := escapeLen(x.raw[i:], x.sorted); n > 0 {
			return i + n
		}
		return -1
	case !x.sorted:
		return i + 1
	case c < utf8.RuneSelf:
		return -1 // <, > or &, which canonical form escapes
	}
	r, size := utf8.DecodeRune(x.raw[i:])
	if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
		return -1
	}
	return i + size
}

// shortEscape tells the characters after a backslash that make an escape
// of two bytes, written so in canonical form too.
var shortEscape = func() (t [256]bool) {
	for _, c := range `"\\bfnrt` {
		t[c] = true
	}
	return t
}()

// escapeLen returns the length of the escape that s starts with (its
// backslash included), or 0 when JSON has no such escape, or when
// canonical, jsontree.AppendString writes none such.
func escapeLen(s []byte, canonical bool) int {
	if len(s) < 2 {
		return 0
	}
	switch c := s[1]; {
	case shortEscape[c], c == '/' && !canonical:
		return 2
	case c == 'u':
		if len(s) < 6 {
			return 0
		}
		for _, h := range s[2:6] {
			if !isHex(h) {
				return 0
			}
		}
		if canonical && !jsontree.CanonicalU(string(s[2:6])) {
			return 0
		}
		return 6
	}
	return 0
}

// stringSpecial tells the bytes of a string that str must look at: the
// closing quote, a backslash, control characters, and those canonical
// form escapes or must check (<, >, &, and every byte of a multi-byte
// UTF-8 sequence).
var stringSpecial = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = true
	}
	t['"'], t['\\'], t['<'], t['>'], t['&'] = true, true, true, true, true
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

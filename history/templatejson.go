package history

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dcplan/dcplan"
)

// templateJSON is a read-only tree of a pod template's JSON
// (dcplan.Template.Raw), read for one purpose: describing the template as
// kubectl does (SPEC 6m.4a, 6m.5). It decides nothing; no plan, status or
// action depends on it. Package wire remains the codec of everything the
// planners act on.
//
// The zero value is an absent member. Lookups never fail: a member of
// something that is not an object, or an item of something that is not an
// array, is absent, so a path through the tree reads like the Go fields
// kubectl dereferences, and a missing or null one like their zero value.
type templateJSON struct {
	kind jsonKind
	// text is a string's value, a number's literal, or "true"/"false".
	text string
	// keys are an object's member names in document order, kids its
	// member values (parallel to keys) or an array's items.
	keys []string
	kids []templateJSON
}

// jsonKind is the kind of a templateJSON node.
type jsonKind uint8

// The kinds of templateJSON nodes; jsonAbsent is the zero value.
const (
	jsonAbsent jsonKind = iota
	jsonNull
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

// maxJSONDepth is the nesting past which parseTemplateJSON refuses a
// document, as encoding/json does.
const maxJSONDepth = 10000

// parseTemplateJSON reads one JSON value (RFC 8259) from data; ok is
// false when data is not exactly one valid value. Strings are read as
// encoding/json reads them: an invalid UTF-8 byte or a lone surrogate
// escape becomes U+FFFD.
func parseTemplateJSON(data []byte) (templateJSON, bool) {
	p := jsonParser{data: data}
	v, ok := p.value()
	p.space()
	if !ok || p.pos != len(p.data) {
		return templateJSON{}, false
	}
	return v, true
}

// get returns the member key of an object, the last one when the name
// repeats (as encoding/json keeps the last); absent otherwise.
func (n templateJSON) get(key string) templateJSON {
	if n.kind != jsonObject {
		return templateJSON{}
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.kids[i]
		}
	}
	return templateJSON{}
}

// has reports whether the node is present and not null: a Go pointer or
// slice kubectl would find non-nil.
func (n templateJSON) has() bool { return n.kind != jsonAbsent && n.kind != jsonNull }

// str returns a string's value; "" for anything else.
func (n templateJSON) str() string {
	if n.kind != jsonString {
		return ""
	}
	return n.text
}

// scalar returns a string's value, a number's literal or a bool's word;
// "" for anything else. Resource quantities, which may be JSON numbers,
// read through it.
func (n templateJSON) scalar() string {
	switch n.kind {
	case jsonString, jsonNumber, jsonBool:
		return n.text
	}
	return ""
}

// items returns an array's items; nil for anything else.
func (n templateJSON) items() []templateJSON {
	if n.kind != jsonArray {
		return nil
	}
	return n.kids
}

// strs returns the string values of an array's items.
func (n templateJSON) strs() []string {
	var out []string
	for _, v := range n.items() {
		out = append(out, v.str())
	}
	return out
}

// boolean reports whether the node is JSON true.
func (n templateJSON) boolean() bool { return n.kind == jsonBool && n.text == "true" }

// integer returns an integral number's value; 0 for anything else
// (encoding/json refuses other numbers in an integer field).
func (n templateJSON) integer() int64 {
	if n.kind != jsonNumber {
		return 0
	}
	v, err := strconv.ParseInt(n.text, 10, 64)
	if err != nil {
		return 0
	}
	return v
}

// integerOr returns integer(), or def when that is 0: the API server's
// defaulting of a zero-valued integer field (probe timeouts and
// thresholds).
func (n templateJSON) integerOr(def int64) int64 {
	if v := n.integer(); v != 0 {
		return v
	}
	return def
}

// entries returns an object's members as sorted key/value pairs (the value
// read with scalar), the last one of a repeated key; nil for anything else
// or an empty object. This is a map[string]string as kubectl ranges over
// it after sorting its keys.
func (n templateJSON) entries() []dcplan.KeyValue {
	if n.kind != jsonObject || len(n.keys) == 0 {
		return nil
	}
	kvs := make([]dcplan.KeyValue, 0, len(n.keys))
	for i, k := range n.keys {
		kvs = append(kvs, dcplan.KeyValue{Key: k, Value: n.kids[i].scalar()})
	}
	return sortedLastByKey(kvs)
}

// sortedLastByKey sorts kvs (in place) by key and keeps, of a repeated
// key, the last value: a map[string]string built from kvs in order, as
// kubectl ranges over it after sorting its keys.
func sortedLastByKey(kvs []dcplan.KeyValue) []dcplan.KeyValue {
	slices.SortStableFunc(kvs, func(a, b dcplan.KeyValue) int { return strings.Compare(a.Key, b.Key) })
	out := kvs[:0]
	for i, kv := range kvs {
		if i+1 < len(kvs) && kvs[i+1].Key == kv.Key {
			continue // a later member of the same name wins
		}
		out = append(out, kv)
	}
	return out
}

// jsonStringOf returns a string node (for templateFromFields).
func jsonStringOf(s string) templateJSON { return templateJSON{kind: jsonString, text: s} }

// jsonObjectOf returns an object of the given members, in order (for
// templateFromFields).
func jsonObjectOf(keys []string, kids ...templateJSON) templateJSON {
	return templateJSON{kind: jsonObject, keys: keys, kids: kids}
}

// jsonParser reads a JSON document left to right.
type jsonParser struct {
	data  []byte
	pos   int
	depth int
}

// space skips insignificant white space.
func (p *jsonParser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// next reports whether the next byte is c.
func (p *jsonParser) next(c byte) bool { return p.pos < len(p.data) && p.data[p.pos] == c }

// digits skips a run of decimal digits and reports whether there was one.
func (p *jsonParser) digits() bool {
	start := p.pos
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
	}
	return p.pos > start
}

// value reads any JSON value.
func (p *jsonParser) value() (templateJSON, bool) {
	p.space()
	if p.pos >= len(p.data) {
		return templateJSON{}, false
	}
	switch c := p.data[p.pos]; {
	case c == '{' || c == '[':
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > maxJSONDepth {
			return templateJSON{}, false
		}
		if c == '{' {
			return p.object()
		}
		return p.array()
	case c == '"':
		s, ok := p.string()
		return jsonStringOf(s), ok
	case c == 't':
		return p.literal("true", jsonBool)
	case c == 'f':
		return p.literal("false", jsonBool)
	case c == 'n':
		return p.literal("null", jsonNull)
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return templateJSON{}, false
}

// literal reads the word true, false or null.
func (p *jsonParser) literal(word string, kind jsonKind) (templateJSON, bool) {
	if !strings.HasPrefix(string(p.data[p.pos:min(len(p.data), p.pos+len(word))]), word) {
		return templateJSON{}, false
	}
	p.pos += len(word)
	return templateJSON{kind: kind, text: word}, true
}

// number reads a number, keeping its literal.
func (p *jsonParser) number() (templateJSON, bool) {
	start := p.pos
	if p.next('-') {
		p.pos++
	}
	switch {
	case p.next('0'):
		p.pos++
	case !p.digits():
		return templateJSON{}, false
	}
	if p.next('.') {
		p.pos++
		if !p.digits() {
			return templateJSON{}, false
		}
	}
	if p.next('e') || p.next('E') {
		p.pos++
		if p.next('+') || p.next('-') {
			p.pos++
		}
		if !p.digits() {
			return templateJSON{}, false
		}
	}
	return templateJSON{kind: jsonNumber, text: string(p.data[start:p.pos])}, true
}

// object reads an object; the opening brace is next.
func (p *jsonParser) object() (templateJSON, bool) {
	p.pos++
	n := templateJSON{kind: jsonObject}
	p.space()
	if p.next('}') {
		p.pos++
		return n, true
	}
	for {
		p.space()
		if !p.next('"') {
			return templateJSON{}, false
		}
		key, ok := p.string()
		if p.space(); !ok || !p.next(':') {
			return templateJSON{}, false
		}
		p.pos++
		v, ok := p.value()
		if !ok {
			return templateJSON{}, false
		}
		n.keys, n.kids = append(n.keys, key), append(n.kids, v)
		p.space()
		switch {
		case p.next(','):
			p.pos++
		case p.next('}'):
			p.pos++
			return n, true
		default:
			return templateJSON{}, false
		}
	}
}

// array reads an array; the opening bracket is next.
func (p *jsonParser) array() (templateJSON, bool) {
	p.pos++
	n := templateJSON{kind: jsonArray}
	p.space()
	if p.next(']') {
		p.pos++
		return n, true
	}
	for {
		v, ok := p.value()
		if !ok {
			return templateJSON{}, false
		}
		n.kids = append(n.kids, v)
		p.space()
		switch {
		case p.next(','):
			p.pos++
		case p.next(']'):
			p.pos++
			return n, true
		default:
			return templateJSON{}, false
		}
	}
}

// string reads a string; the opening quote is next.
func (p *jsonParser) string() (string, bool) {
	p.pos++
	var b []byte
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), true
		case c < 0x20:
			return "", false
		case c == '\\':
			var ok bool
			if b, ok = p.escape(b); !ok {
				return "", false
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size == 1 {
				b = utf8.AppendRune(b, utf8.RuneError)
			} else {
				b = append(b, p.data[p.pos:p.pos+size]...)
			}
			p.pos += size
		}
	}
	return "", false
}

// escape appends the character of the escape sequence at p.pos to b.
func (p *jsonParser) escape(b []byte) ([]byte, bool) {
	if p.pos+1 >= len(p.data) {
		return b, false
	}
	c := p.data[p.pos+1]
	p.pos += 2
	switch c {
	case '"', '\\', '/':
		return append(b, c), true
	case 'b':
		return append(b, '\b'), true
	case 'f':
		return append(b, '\f'), true
	case 'n':
		return append(b, '\n'), true
	case 'r':
		return append(b, '\r'), true
	case 't':
		return append(b, '\t'), true
	case 'u':
		r, ok := p.hex4()
		if !ok {
			return b, false
		}
		if utf16.IsSurrogate(r) {
			save := p.pos
			r2 := rune(-1)
			if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
				p.pos += 2
				if v, ok := p.hex4(); ok {
					r2 = v
				}
			}
			if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
				return utf8.AppendRune(b, dec), true
			}
			p.pos = save // not a pair: the second escape is read on its own
			r = utf8.RuneError
		}
		return utf8.AppendRune(b, r), true
	}
	return b, false
}

// hex4 reads four hexadecimal digits.
func (p *jsonParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

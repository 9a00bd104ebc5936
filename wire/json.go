package wire

import (
	"github.com/dcplan/dcplan"

	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"unicode/utf8"
)

// The codec works on a generic JSON tree: the values encoding/json produces
// for an `any` target with UseNumber, namely map[string]any, []any, string,
// json.Number, bool and nil. Numbers stay json.Number, so they are carried
// exactly as written. No other Go type ever enters a tree.

// parseJSON reads exactly one JSON value from data (surrounding JSON
// whitespace allowed) into a tree. scanTree reads it; a document scanTree
// refuses goes to encoding/json, whose error the caller reports.
func parseJSON(data []byte) (any, error) {
	if v, ok := scanTree(data); ok {
		return v, nil
	}
	return parseStd(data)
}

// parseStd is parseJSON by encoding/json alone: the reference scanTree
// agrees with, and the source of the error texts.
func parseStd(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	for _, c := range data[dec.InputOffset():] {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return nil, errors.New("invalid character after top-level value")
		}
	}
	return v, nil
}

// parseObject reads a JSON object. The error wraps ErrMalformed and names
// kind as the object being decoded.
func parseObject(data []byte, kind string) (map[string]any, error) {
	v, err := parseJSON(data)
	if err != nil {
		return nil, &dcplan.FieldError{Kind: kind, Field: "(document)", Problem: "invalid JSON: " + err.Error(), Err: dcplan.ErrMalformed}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, &dcplan.FieldError{Kind: kind, Field: "(document)", Problem: "want a JSON object, got " + jsonType(v), Err: dcplan.ErrMalformed}
	}
	return m, nil
}

// parseObjectRaw is parseObject that also returns the object in canonical
// form, as canonicalExact(m) gives it, rendered while parsing (see
// scanCanon). doc is string(data), or "": see scanCanon.
func parseObjectRaw(data []byte, doc string, kind string) (map[string]any, dcplan.RawJSON, error) {
	v, buf, ok := scanCanon(data, doc)
	if m, isObj := v.(map[string]any); ok && isObj {
		return m, exactCopy(buf), nil
	}
	putScratch(buf)
	m, err := parseObject(data, kind) // words the error
	if err != nil {
		return nil, nil, err
	}
	return m, canonicalExact(m), nil
}

// jsonType names the JSON type of a tree value, for error messages.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// canonical renders a tree in canonical form: compact, object keys sorted
// bytewise, numbers as written, strings escaped as encoding/json escapes
// them (HTML characters included). It returns nil for a nil tree.
func canonical(v any) dcplan.RawJSON {
	if v == nil {
		return nil
	}
	return appendCanonical(nil, v)
}

// canonicalExact is canonical for the Raw of a decoded object, which a
// snapshot keeps: rendered into pooled scratch and copied out at its exact
// size, so that no object holds the slack of a grown buffer (a third of
// its bytes on average).
func canonicalExact(v any) dcplan.RawJSON {
	if v == nil {
		return nil
	}
	buf := scratchPool.Get().(*[]byte)
	*buf = appendCanonical((*buf)[:0], v)
	return exactCopy(buf)
}

// exactCopy returns a copy of *buf, scratch from scratchPool, at its
// exact size, and gives buf back to the pool.
func exactCopy(buf *[]byte) dcplan.RawJSON {
	out := make(dcplan.RawJSON, len(*buf))
	copy(out, *buf)
	putScratch(buf)
	return out
}

// putScratch gives buf back to scratchPool.
func putScratch(buf *[]byte) {
	if cap(*buf) <= 1<<20 { // keep no giant buffer alive in the pool
		scratchPool.Put(buf)
	}
}

// scratchPool holds the buffers canonicalExact renders into. What it
// renders is copied out, so nothing of one call reaches another.
var scratchPool = sync.Pool{New: func() any { return new([]byte) }}

// rawMember returns the value of key in raw, a JSON object in canonical form,
// as a subslice of raw whose capacity ends with it (so that appending to
// it never writes into raw); nil when raw is no object, key is absent or
// its value is null. key must need no escaping. It lets a decoded object
// share the bytes of its parts (a template, a strategy) with its own Raw
// rather than render them again.
func rawMember(raw []byte, key string) []byte {
	if len(raw) < 2 || raw[0] != '{' {
		return nil
	}
	for i := 1; i < len(raw) && raw[i] == '"'; {
		kEnd := skipString(raw, i)
		vStart := kEnd + 1 // past ':'
		vEnd := skipValue(raw, vStart)
		if string(raw[i+1:kEnd-1]) == key {
			if string(raw[vStart:vEnd]) == "null" {
				return nil
			}
			return raw[vStart:vEnd:vEnd]
		}
		i = vEnd + 1 // past ',' or '}'
	}
	return nil
}

// skipString returns the index just past the string starting at raw[i].
func skipString(raw []byte, i int) int {
	for j := i + 1; ; {
		q := bytes.IndexByte(raw[j:], '"')
		if q < 0 {
			return len(raw)
		}
		j += q
		n := 0 // backslashes right before the quote
		for k := j - 1; k > i && raw[k] == '\\'; k-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j
		}
	}
}

// skipValue returns the index just past the canonical JSON value starting
// at raw[i].
func skipValue(raw []byte, i int) int {
	if i >= len(raw) {
		return len(raw)
	}
	switch raw[i] {
	case '"':
		return skipString(raw, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(raw); {
			switch raw[j] {
			case '"':
				j = skipString(raw, j)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
			j++
		}
		return len(raw)
	}
	j := i
	for j < len(raw) && raw[j] != ',' && raw[j] != '}' && raw[j] != ']' {
		j++
	}
	return j
}

func appendCanonical(b []byte, v any) []byte { return appendCanon(b, v, false) }

// appendCanon writes v in canonical form; with dropNull, object members
// whose value is null are left out (they decode exactly as absent ones).
func appendCanon(b []byte, v any, dropNull bool) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		if v {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case json.Number:
		return append(b, v...)
	case string:
		return appendString(b, v)
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCanon(b, e, dropNull)
		}
		return append(b, ']')
	case map[string]any:
		b = append(b, '{')
		n := 0
		var buf [24]string
		keys := buf[:0]
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if dropNull && v[k] == nil {
				continue
			}
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = appendString(b, k)
			b = append(b, ':')
			b = appendCanon(b, v[k], dropNull)
		}
		return append(b, '}')
	}
	panic(fmt.Sprintf("dcplan: codec tree holds a %T", v))
}

// appendString appends s as a JSON string, escaped exactly as
// encoding/json.Marshal escapes it: `"` and `\` backslashed; \b, \f, \n,
// \r, \t short forms; other control characters, <, > and & as \u00XX;
// U+2028 and U+2029 as \u2028 and \u2029; invalid UTF-8 as \ufffd.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plainByte[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainByte tells the bytes appendString copies as they are: ASCII
// other than control characters, `"`, `\`, <, > and &. One table lookup
// per byte instead of six comparisons: appendString renders every string
// of every Raw.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// hashOf returns the template hash of a tree: the hex form of the first 16
// bytes of the SHA-256 digest of its canonical form without null members.
// Upstream compares decoded templates with reflect.DeepEqual, for which a
// null member and an absent one are the same; the hash agrees (SPEC 11a
// item 8, rule 11a.8).
func hashOf(v any) string {
	sum := sha256.Sum256(appendCanon(nil, v, true))
	return hex.EncodeToString(sum[:16])
}

// templateHash is hashOf(t) for a tree whose canonical form raw is at
// hand: without null members (nearly every template), that is the form
// hashOf digests, so it is not rendered again.
func templateHash(t any, raw []byte) string {
	if hasNull(t) {
		return hashOf(t)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16])
}

// hasNull reports whether some object member in the tree v is null.
func hasNull(v any) bool {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			if hasNull(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range v {
			if e == nil || hasNull(e) {
				return true
			}
		}
	}
	return false
}

// treeOf parses a dcplan.RawJSON carried in a typed value into a fresh
// tree; nil or invalid input gives nil. Raw fields the codec produced are
// always valid; a hand-made invalid one is treated as absent.
func treeOf(raw dcplan.RawJSON) any {
	if len(raw) == 0 {
		return nil
	}
	v, err := parseJSON(raw)
	if err != nil {
		return nil
	}
	return v
}

// objectOf is treeOf for a JSON object; anything else gives a new empty
// object.
func objectOf(raw dcplan.RawJSON) map[string]any {
	if m, ok := treeOf(raw).(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

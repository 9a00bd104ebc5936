package jsontree

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

// AppendCanonical appends v in canonical form (see the package comment).
// It panics when v holds a Go type no tree holds.
func AppendCanonical(b []byte, v any) []byte { return AppendCanon(b, v, false) }

// AppendCanon writes v in canonical form; with dropNull, object members
// whose value is null are left out (they decode exactly as absent ones).
func AppendCanon(b []byte, v any, dropNull bool) []byte {
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
		return AppendString(b, v)
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendCanon(b, e, dropNull)
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
			b = AppendString(b, k)
			b = append(b, ':')
			b = AppendCanon(b, v[k], dropNull)
		}
		return append(b, '}')
	}
	panic(fmt.Sprintf("jsontree: a tree holds a %T", v))
}

// AppendString appends s as a JSON string, escaped exactly as
// encoding/json.Marshal escapes it: `"` and `\` backslashed; \b, \f, \n,
// \r, \t short forms; other control characters, <, > and & as \u00XX;
// U+2028 and U+2029 as \u2028 and \u2029; invalid UTF-8 as \ufffd.
// The text s is a string or a byte slice, so that text rendered into a
// buffer is quoted without a copy first.
func AppendString[Text ~string | ~[]byte](b []byte, s Text) []byte {
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
		// A rune is at most utf8.UTFMax bytes; converting those few to a
		// string copies them to the stack, never to the heap.
		r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
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

// plainByte tells the bytes AppendString copies as they are: ASCII
// other than control characters, `"`, `\`, <, > and &. One table lookup
// per byte instead of six comparisons: AppendString renders every string
// of every Raw.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

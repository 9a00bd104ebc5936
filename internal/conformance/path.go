package conformance

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan/internal/jsonvalue"
)

// SegmentKind says what one step of a Path is.
type SegmentKind uint8

// The steps of a path.
const (
	// SegKey is an object member: `.key` (the first step has no dot).
	SegKey SegmentKind = iota
	// SegIndex is an element of an indexed list: `[3]`.
	SegIndex
	// SegKeyed is the element of a keyed list whose Field is Value:
	// `[type=Progressing]`.
	SegKeyed
	// SegAll stands for every element of a keyed list: `[*]`, followed by
	// the key field (`[*].type`), whose leaf lists the keys in order.
	SegAll
)

// Segment is one step of a Path.
type Segment struct {
	Kind SegmentKind
	// Key is the member name of a SegKey step.
	Key string
	// Index is the element number of a SegIndex step.
	Index int
	// Field and Value name the element of a SegKeyed step.
	Field, Value string
}

// Path is a parsed fields key (README "Path notation").
type Path []Segment

// String renders p in the README notation. Object keys escape `\` as
// `\\`, `.` as `\.` and `[` as `\[`; a keyed element's value escapes `\`
// and `]` (the recorded files need only the first two rules).
func (p Path) String() string {
	var b strings.Builder
	for i, s := range p {
		switch s.Kind {
		case SegKey:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(escapeKey(s.Key))
		case SegIndex:
			fmt.Fprintf(&b, "[%d]", s.Index)
		case SegKeyed:
			b.WriteString("[" + s.Field + "=" + escapeValue(s.Value) + "]")
		case SegAll:
			b.WriteString("[*]")
		}
	}
	return b.String()
}

func escapeKey(k string) string {
	return strings.NewReplacer(`\`, `\\`, `.`, `\.`, `[`, `\[`).Replace(k)
}

func escapeValue(v string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(v)
}

// ParsePath parses a fields key; Path.String renders it back.
func ParsePath(s string) (Path, error) {
	var p Path
	i := 0
	for i < len(s) {
		if s[i] == '[' {
			if len(p) == 0 {
				return nil, fmt.Errorf("path %q: begins with a list step", s)
			}
			var content strings.Builder
			j := i + 1
			for ; j < len(s) && s[j] != ']'; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				content.WriteByte(s[j])
			}
			if j == len(s) {
				return nil, fmt.Errorf("path %q: unclosed [", s)
			}
			raw := s[i+1 : j]
			i = j + 1
			switch {
			case raw == "*":
				p = append(p, Segment{Kind: SegAll})
			case raw != "" && strings.Trim(raw, "0123456789") == "":
				n, err := strconv.Atoi(raw)
				if err != nil {
					return nil, fmt.Errorf("path %q: index %s: %w", s, raw, err)
				}
				p = append(p, Segment{Kind: SegIndex, Index: n})
			default:
				field, value, ok := strings.Cut(content.String(), "=")
				if !ok || field == "" {
					return nil, fmt.Errorf("path %q: list step [%s] is neither [*], [n] nor [field=value]", s, raw)
				}
				p = append(p, Segment{Kind: SegKeyed, Field: field, Value: value})
			}
			continue
		}
		if len(p) > 0 {
			if s[i] != '.' {
				return nil, fmt.Errorf("path %q: expected . at %d", s, i)
			}
			i++
		}
		var key strings.Builder
		for ; i < len(s) && s[i] != '.' && s[i] != '['; i++ {
			if s[i] == '\\' {
				if i+1 == len(s) {
					return nil, fmt.Errorf("path %q: ends in an escape", s)
				}
				i++
			}
			key.WriteByte(s[i])
		}
		if key.Len() == 0 {
			return nil, fmt.Errorf("path %q: empty key at %d", s, i)
		}
		p = append(p, Segment{Kind: SegKey, Key: key.String()})
	}
	if len(p) == 0 {
		return nil, errors.New("empty path")
	}
	return p, nil
}

// Flatten returns the leaves of a decoded JSON value by path: scalars and
// null, lists of scalars, empty lists and empty objects are leaves with
// their value; a list of objects each with a distinct non-empty string
// `type` (else `name`) is keyed by it, with a `[*].<key>` leaf listing the
// keys in order and the key field not repeated; any other list of objects
// is indexed. A non-object v is one leaf under the empty path.
func Flatten(v any) map[string]any {
	out := map[string]any{}
	flatten(out, "", v)
	return out
}

func flatten(out map[string]any, prefix string, v any) {
	join := func(k string) string {
		if prefix == "" {
			return escapeKey(k)
		}
		return prefix + "." + escapeKey(k)
	}
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			out[prefix] = map[string]any{}
			return
		}
		for k, e := range v {
			flatten(out, join(k), e)
		}
	case []any:
		if len(v) == 0 || !allObjects(v) {
			out[prefix] = v
			return
		}
		key := listKey(v)
		if key == "" {
			for i, e := range v {
				flatten(out, fmt.Sprintf("%s[%d]", prefix, i), e)
			}
			return
		}
		keys := make([]any, len(v))
		for i, e := range v {
			m := e.(map[string]any)
			keys[i] = m[key]
			el := prefix + "[" + key + "=" + escapeValue(m[key].(string)) + "]"
			for k, f := range m {
				if k != key {
					flatten(out, el+"."+escapeKey(k), f)
				}
			}
		}
		out[prefix+"[*]."+key] = keys
	default:
		out[prefix] = v
	}
}

func allObjects(l []any) bool {
	for _, e := range l {
		if _, ok := e.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// listKey returns "type" or "name" when every element of l has a distinct
// non-empty string value for it (type first), else "".
func listKey(l []any) string {
	for _, key := range []string{"type", "name"} {
		seen := map[string]bool{}
		ok := true
		for _, e := range l {
			s, _ := e.(map[string]any)[key].(string)
			if s == "" || seen[s] {
				ok = false
				break
			}
			seen[s] = true
		}
		if ok {
			return key
		}
	}
	return ""
}

// Diff returns the leaves that differ between two flattened values: the
// value in after, or nil for a leaf after lacks.
func Diff(before, after map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range after {
		if w, ok := before[k]; !ok || !jsonvalue.Equal(v, w) {
			out[k] = v
		}
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			out[k] = nil
		}
	}
	return out
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

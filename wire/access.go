package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// reader reads typed values out of a JSON tree. The first problem it meets
// is kept as a *FieldError wrapping ErrMalformed, naming the object and the
// path of the field; later reads return zero values, so decoders read
// straight through and check err once.
//
// With shared, the strings of the tree are parts of one string holding the
// whole document (see jsontree.ScanCanon), and the reader copies out every string
// it returns for a decoded value to keep (own), so that no value keeps the
// document alive; strings it only parses or compares are not copied
// (view).
type reader struct {
	kind   string
	name   string
	err    error
	shared bool
}

// fail records a problem with the field at path, unless one is recorded.
func (r *reader) fail(path, problem string) {
	if r.err == nil {
		r.err = &dcplan.FieldError{Kind: r.kind, Name: r.own(r.name), Field: path, Problem: problem, Err: dcplan.ErrMalformed}
	}
}

// own returns s for a decoded value to keep: a copy when the tree's
// strings share the document's bytes.
func (r *reader) own(s string) string {
	if r.shared {
		return strings.Clone(s)
	}
	return s
}

// join returns the path of key inside the object at path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// at returns the path of element i of the array at path.
func at(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func (r *reader) wrongType(path, want string, v any) {
	r.fail(path, "want "+want+", got "+jsonType(v))
}

// obj returns m[key] as an object; nil when absent or null.
func (r *reader) obj(m map[string]any, path, key string) map[string]any {
	v := m[key]
	if v == nil {
		return nil
	}
	o, ok := v.(map[string]any)
	if !ok {
		r.wrongType(join(path, key), "an object", v)
	}
	return o
}

// elem returns element v (at path) of an array as an object. A null
// element is an error: the codec could not overlay it faithfully.
func (r *reader) elem(v any, path string) map[string]any {
	o, ok := v.(map[string]any)
	if !ok {
		r.wrongType(path, "an object", v)
	}
	return o
}

// list returns m[key] as an array; nil when absent or null.
func (r *reader) list(m map[string]any, path, key string) []any {
	v := m[key]
	if v == nil {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		r.wrongType(join(path, key), "an array", v)
	}
	return l
}

// ownKey is own for an object key: a key jsontree shares is that shared
// copy, as the scanner gives it.
func (r *reader) ownKey(k string) string {
	if c, ok := jsontree.CommonKey(k); ok {
		return c
	}
	return r.own(k)
}

// str returns m[key] as a string to keep (see own); "" when absent or
// null.
func (r *reader) str(m map[string]any, path, key string) string {
	return r.own(r.view(m, path, key))
}

// view is str for a string that is only parsed or compared, never kept.
func (r *reader) view(m map[string]any, path, key string) string {
	v := m[key]
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		r.wrongType(join(path, key), "a string", v)
	}
	return s
}

// strs returns m[key] as an array of strings; nil when absent, null or
// empty.
func (r *reader) strs(m map[string]any, path, key string) []string {
	l := r.list(m, path, key)
	if len(l) == 0 {
		return nil
	}
	out := make([]string, len(l))
	for i, v := range l {
		s, ok := v.(string)
		if !ok {
			r.wrongType(at(join(path, key), i), "a string", v)
			return nil
		}
		out[i] = r.own(s)
	}
	return out
}

// boolean returns m[key] as a bool; false when absent or null.
func (r *reader) boolean(m map[string]any, path, key string) bool {
	v := m[key]
	if v == nil {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		r.wrongType(join(path, key), "a boolean", v)
	}
	return b
}

// integer returns m[key] as an integer of the given bit size and whether it
// is present (not absent, not null).
func (r *reader) integer(m map[string]any, path, key string, bits int) (int64, bool) {
	v := m[key]
	if v == nil {
		return 0, false
	}
	n, ok := v.(json.Number)
	if !ok {
		r.wrongType(join(path, key), "an integer", v)
		return 0, false
	}
	i, err := strconv.ParseInt(string(n), 10, bits)
	if err != nil {
		r.fail(join(path, key), "want a "+strconv.Itoa(bits)+"-bit integer, got "+string(n))
		return 0, false
	}
	return i, true
}

// int32At is integer for int32 fields, absent reading 0.
func (r *reader) int32At(m map[string]any, path, key string) int32 {
	i, _ := r.integer(m, path, key, 32)
	return int32(i)
}

// int64At is integer for int64 fields, absent reading 0.
func (r *reader) int64At(m map[string]any, path, key string) int64 {
	i, _ := r.integer(m, path, key, 64)
	return i
}

// timestamp returns m[key], an RFC 3339 Kubernetes timestamp; the zero
// time when absent or null.
func (r *reader) timestamp(m map[string]any, path, key string) time.Time {
	s := r.view(m, path, key)
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		r.fail(join(path, key), "want an RFC 3339 time, got "+strconv.Quote(s))
		return time.Time{}
	}
	return t
}

// raw returns m[key] in canonical form; nil when absent or null.
func (r *reader) raw(m map[string]any, key string) dcplan.RawJSON {
	return canonical(m[key])
}

// The put functions overlay a typed value onto the object m. Each leaves
// m untouched when the field already reads back as the value (so a
// decode/encode round trip reproduces its input), and otherwise writes the
// value in the form encoding/json would write it.

// putString writes a string field; "" removes it (omitempty).
func putString(m map[string]any, key, v string) {
	cur, _ := m[key].(string)
	switch {
	case cur == v && (v != "" || m[key] == nil || m[key] == ""):
	case v == "":
		delete(m, key)
	default:
		m[key] = v
	}
}

// putInt writes an integer field. A zero value is written as 0 when the
// key is present (and left out when it is absent).
func putInt(m map[string]any, key string, v int64) {
	cur, ok := m[key].(json.Number)
	if ok {
		if i, err := strconv.ParseInt(string(cur), 10, 64); err == nil && i == v {
			return
		}
	} else if v == 0 && m[key] == nil {
		return
	}
	m[key] = num(v)
}

// putOptInt writes an optional integer field: has false removes it.
func putOptInt(m map[string]any, key string, v int64, has bool) {
	if !has {
		if m[key] != nil {
			delete(m, key)
		}
		return
	}
	if cur, ok := m[key].(json.Number); ok {
		if i, err := strconv.ParseInt(string(cur), 10, 64); err == nil && i == v {
			return
		}
	}
	m[key] = num(v)
}

// putBool writes a boolean field; false is written only when the key is
// present.
func putBool(m map[string]any, key string, v bool) {
	cur, ok := m[key].(bool)
	if (ok && cur == v) || (!v && m[key] == nil) {
		return
	}
	m[key] = v
}

// putTime writes an RFC 3339 timestamp field (UTC, fractional seconds only
// when non-zero); the zero time removes it.
func putTime(m map[string]any, key string, t time.Time) {
	s, _ := m[key].(string)
	if s == "" && t.IsZero() && (m[key] == nil || m[key] == "") {
		return
	}
	if cur, err := time.Parse(time.RFC3339, s); err == nil && cur.Equal(t) {
		return
	}
	if t.IsZero() {
		delete(m, key)
		return
	}
	m[key] = t.UTC().Format(time.RFC3339Nano)
}

// identity reads the metadata every decoded object carries, in this
// order: namespace, name, uid and resourceVersion.
func (r *reader) identity(meta map[string]any) (ns, name, uid, rv string) {
	return r.str(meta, "metadata", "namespace"), r.str(meta, "metadata", "name"), r.str(meta, "metadata", "uid"),
		r.str(meta, "metadata", "resourceVersion")
}

// deleting reads metadata.deletionTimestamp: set (a valid timestamp, even
// the zero time) means the object is being deleted.
func (r *reader) deleting(meta map[string]any) bool {
	r.timestamp(meta, "metadata", "deletionTimestamp")
	s, _ := meta["deletionTimestamp"].(string)
	return s != ""
}

// putRaw writes a raw JSON field; nil removes it.
func putRaw(m map[string]any, key string, raw dcplan.RawJSON) {
	if raw == nil {
		if m[key] != nil {
			delete(m, key)
		}
		return
	}
	v := treeOf(raw)
	if v == nil {
		delete(m, key)
		return
	}
	m[key] = v
}

// putStrings writes a string array field; an empty slice removes it
// (omitempty) unless the field is already an empty array.
func putStrings(m map[string]any, key string, v []string) {
	if cur, ok := m[key].([]any); ok && len(cur) == len(v) {
		same := true
		for i, e := range cur {
			if s, ok := e.(string); !ok || s != v[i] {
				same = false
				break
			}
		}
		if same {
			return
		}
	}
	if len(v) == 0 {
		if m[key] != nil {
			delete(m, key)
		}
		return
	}
	l := make([]any, len(v))
	for i, s := range v {
		l[i] = s
	}
	m[key] = l
}

// child returns the object m[key], creating it when absent (or not an
// object).
func child(m map[string]any, key string) map[string]any {
	if c, ok := m[key].(map[string]any); ok {
		return c
	}
	c := map[string]any{}
	m[key] = c
	return c
}

// elems resizes the array m[key] to n object elements for an element-wise
// overlay: existing objects are kept (index by index), missing ones are
// new empty objects. n == 0 removes the field unless it is an empty array
// already.
func elems(m map[string]any, key string, n int) []map[string]any {
	cur, _ := m[key].([]any)
	if n == 0 {
		if cur == nil || len(cur) > 0 {
			if m[key] != nil {
				delete(m, key)
			}
		}
		return nil
	}
	out := make([]map[string]any, n)
	l := make([]any, n)
	for i := range n {
		var e map[string]any
		if i < len(cur) {
			e, _ = cur[i].(map[string]any)
		}
		if e == nil {
			e = map[string]any{}
		}
		out[i], l[i] = e, e
	}
	m[key] = l
	return out
}

// num renders an integer as a JSON number.
func num(i int64) json.Number { return json.Number(strconv.FormatInt(i, 10)) }

package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"encoding/json"
	"iter"
	"strconv"
	"strings"
	"time"
)

// reader reads typed values out of a JSON document on a tape (see
// jsontree.Tape); a value is a node index, absent (or null) values being
// none. The first problem it meets is kept as a *FieldError wrapping
// ErrMalformed, naming the object and the path of the field; later reads
// return zero values, so decoders read straight through and check err
// once.
//
// The strings of the tape, and so the strings the reader returns, are
// parts of one string holding the whole document (see jsontree.ScanTape):
// a decoder moves those its decoded value keeps into one string of their
// own (see rehome) before it returns, so that no value keeps the document
// alive.
type reader struct {
	t    *jsontree.Tape
	kind string
	name string
	err  error
	// encoded is set while reading the DC of an encoded-deployment-config
	// annotation, which upstream decodes with a bare codec (no defaulting,
	// no validation): a strategy or trigger type the API server would
	// refuse on a DC is read there, not refused (SPEC 13.1).
	encoded bool
}

// node is the index of a value on the reader's tape; none when absent.
type node = int32

// none is no value: an absent or null member, or a value of the wrong
// type (which the reader has reported).
const none node = -1

// fail records a problem with the field at path, unless one is recorded.
func (r *reader) fail(path, problem string) {
	if r.err == nil {
		r.err = &dcplan.FieldError{Kind: r.kind, Name: strings.Clone(r.name), Field: path, Problem: problem, Err: dcplan.ErrMalformed}
	}
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

// Paths are built only for problems. Reads inside an array element or
// another field a decoder descends into on every document name their
// fields relative to it, and under puts the field's own path in front
// once a problem is recorded: a document that decodes builds no paths
// (DecodeDeployment of the fixture RC: 43 -> 22 allocs).

// under puts the path of the field that the reads since had (whether a
// problem was recorded before them) named their fields relative to, in
// front of the field of the problem they recorded: base, then [i] when
// i >= 0, then key when not "".
func (r *reader) under(had bool, base string, i int, key string) {
	if had || r.err == nil {
		return
	}
	fe, ok := r.err.(*dcplan.FieldError)
	if !ok {
		return
	}
	p := base
	if i >= 0 {
		p = at(p, i)
	}
	if key != "" {
		p = join(p, key)
	}
	switch rel := fe.Field; {
	case rel == "":
		fe.Field = p
	case p != "" && rel[0] == '[':
		fe.Field = p + rel
	default:
		fe.Field = join(p, rel)
	}
}

func (r *reader) wrongType(path, want string, v node) {
	r.fail(path, "want "+want+", got "+kindName(r.t.Kind(v)))
}

// member returns the value of m's member key; none when m is none, or the
// member is absent or null.
func (r *reader) member(m node, key string) node {
	v := r.t.Member(m, key)
	if r.t.Kind(v) == jsontree.KindNull {
		return none
	}
	return v
}

// obj returns m's member key as an object; none when absent or null.
func (r *reader) obj(m node, path, key string) node {
	v := r.member(m, key)
	if v != none && r.t.Kind(v) != jsontree.KindObject {
		r.wrongType(join(path, key), "an object", v)
		return none
	}
	return v
}

// elem returns element v (at path) of an array as an object. A null
// element is an error (the codec could not overlay it faithfully), except
// in an encoded DC (see nullIsZero), where it is none: the zero element.
func (r *reader) elem(v node, path string) node {
	if r.nullIsZero(v) {
		return none
	}
	if r.t.Kind(v) != jsontree.KindObject {
		r.wrongType(path, "an object", v)
		return none
	}
	return v
}

// nullIsZero reports whether v, an array element or a string map's
// value, is a null that reads as the zero value of its type: in an
// encoded DC, which upstream decodes with encoding/json's rules (a null
// element of a list is a zero struct or "", a null value of a string map
// is ""). The annotation is anyone's text, and one upstream reads is a
// DC here too (SPEC 13.1). No API server serves such a null elsewhere:
// it stores the typed object and serves its encoding.
func (r *reader) nullIsZero(v node) bool {
	return r.encoded && r.t.Kind(v) == jsontree.KindNull
}

// list returns m's member key as an array; none when absent or null.
func (r *reader) list(m node, path, key string) node {
	v := r.member(m, key)
	if v != none && r.t.Kind(v) != jsontree.KindArray {
		r.wrongType(join(path, key), "an array", v)
		return none
	}
	return v
}

// each yields the index and node of every element of the array l (none
// yields nothing).
func (r *reader) each(l node) iter.Seq2[int, node] {
	return func(yield func(int, node) bool) {
		for i, j := 0, r.t.FirstElem(l); i < r.t.Len(l); i, j = i+1, r.t.NextElem(j) {
			if !yield(i, j) {
				return
			}
		}
	}
}

// str returns m's member key as a string; "" when absent or null. It is
// a view of the document (see reader).
func (r *reader) str(m node, path, key string) string {
	v := r.member(m, key)
	if v == none {
		return ""
	}
	if r.t.Kind(v) != jsontree.KindString {
		r.wrongType(join(path, key), "a string", v)
		return ""
	}
	return r.t.Text(v)
}

// strs returns m's member key as an array of strings; nil when absent,
// null or empty.
func (r *reader) strs(m node, path, key string) []string {
	l := r.list(m, path, key)
	if r.t.Len(l) == 0 {
		return nil
	}
	out := make([]string, r.t.Len(l))
	for i, v := range r.each(l) {
		if r.nullIsZero(v) {
			continue // ""
		}
		if r.t.Kind(v) != jsontree.KindString {
			r.wrongType(at(join(path, key), i), "a string", v)
			return nil
		}
		out[i] = r.t.Text(v)
	}
	return out
}

// boolean returns m's member key as a bool; false when absent or null.
func (r *reader) boolean(m node, path, key string) bool {
	v := r.member(m, key)
	if v == none {
		return false
	}
	if r.t.Kind(v) != jsontree.KindBool {
		r.wrongType(join(path, key), "a boolean", v)
		return false
	}
	return r.t.Text(v) == "true"
}

// integer returns m's member key as an integer of the given bit size and
// whether it is present (not absent, not null).
func (r *reader) integer(m node, path, key string, bits int) (int64, bool) {
	v := r.member(m, key)
	if v == none {
		return 0, false
	}
	if r.t.Kind(v) != jsontree.KindNumber {
		r.wrongType(join(path, key), "an integer", v)
		return 0, false
	}
	n := r.t.Text(v)
	i, err := strconv.ParseInt(n, 10, bits)
	if err != nil {
		r.fail(join(path, key), "want a "+strconv.Itoa(bits)+"-bit integer, got "+n)
		return 0, false
	}
	return i, true
}

// int32At is integer for int32 fields, absent reading 0.
func (r *reader) int32At(m node, path, key string) int32 {
	i, _ := r.integer(m, path, key, 32)
	return int32(i)
}

// int64At is integer for int64 fields, absent reading 0.
func (r *reader) int64At(m node, path, key string) int64 {
	i, _ := r.integer(m, path, key, 64)
	return i
}

// timestamp returns m's member key, an RFC 3339 Kubernetes timestamp; the
// zero time when absent or null.
func (r *reader) timestamp(m node, path, key string) time.Time {
	s := r.str(m, path, key)
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

// rawObject returns m's member key, an object the codec carries without
// reading it (spec.strategy.resources, an env var's valueFrom), in
// canonical form; nil when absent or null. Any other JSON type is an
// error, as upstream's typed structs refuse it: in the
// encoded-deployment-config annotation, text anyone may edit, that makes
// the RC one whose encoded DC does not decode (SPEC 13.1, 4.3.new.2), as
// it is to upstream, not one whose deployer pod cannot be written.
func (r *reader) rawObject(m node, path, key string) dcplan.RawJSON {
	v := r.obj(m, path, key)
	if v == none {
		return nil
	}
	return r.t.AppendCanonical(nil, v, false)
}

// canonPart returns the canonical form of v, the member key of the object
// whose canonical form is outer, as a part of outer (see
// jsontree.Tape.CanonPart); nil when v is none. On a tape read without
// canonical rendering it finds the member in outer instead (rawMember).
func (r *reader) canonPart(outer []byte, v node, key string) []byte {
	if part, ok := r.t.CanonPart(outer, v); ok {
		return part
	}
	return rawMember(outer, key)
}

// identity reads the metadata every decoded object carries, in this
// order: namespace, name, uid and resourceVersion.
func (r *reader) identity(meta node) (ns, name, uid, rv string) {
	return r.str(meta, "metadata", "namespace"), r.str(meta, "metadata", "name"), r.str(meta, "metadata", "uid"),
		r.str(meta, "metadata", "resourceVersion")
}

// deleting reads metadata.deletionTimestamp: set (a valid timestamp, even
// the zero time) means the object is being deleted.
func (r *reader) deleting(meta node) bool {
	r.timestamp(meta, "metadata", "deletionTimestamp")
	v := r.member(meta, "deletionTimestamp")
	return r.t.Kind(v) == jsontree.KindString && r.t.Text(v) != ""
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

// putOmitBool writes a bool field declared omitempty (spec.paused): true
// as true, false by removing the key, as encoding/json leaves a false
// omitempty field out (so a patch from true to false is null, SPEC
// 6m.7.5). A false read as false keeps its spelling.
func putOmitBool(m map[string]any, key string, v bool) {
	if v {
		putBool(m, key, v)
		return
	}
	if cur, ok := m[key].(bool); !ok || cur {
		delete(m, key)
	}
}

// putTime writes an RFC 3339 timestamp field as metav1.Time marshals it:
// UTC, in whole seconds (a fractional second is dropped, as the API
// server stores it); the zero time removes it. A field that already holds
// t's second keeps its spelling.
func putTime(m map[string]any, key string, t time.Time) {
	s, _ := m[key].(string)
	if s == "" && t.IsZero() && (m[key] == nil || m[key] == "") {
		return
	}
	t = t.Truncate(time.Second)
	if cur, err := time.Parse(time.RFC3339, s); err == nil && cur.Equal(t) {
		return
	}
	if t.IsZero() {
		delete(m, key)
		return
	}
	m[key] = t.UTC().Format(time.RFC3339)
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

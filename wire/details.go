package wire

import (
	"bytes"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// readDetails is the status.details of a DC as read, for a status write
// that keeps them: value node of w, an object in canonical form; node 0
// (the zero readDetails) for none.
//
// Upstream's status write copies the Details it read, every field of the
// typed DeploymentDetails, where the codec models only some: the
// imageTrigger.from of a cause is a whole corev1.ObjectReference (uid,
// apiVersion, resourceVersion and fieldPath as well as kind, namespace
// and name). So details the write keeps go out as read, in the shape
// encoding/json gives them (see appendKept).
type readDetails struct {
	w    written
	node int32
}

// appendKept appends, after a comma, the member details holding d as
// encoding/json writes the DeploymentDetails read (r), and reports
// whether r holds d: its message, causes, their types and the kind,
// namespace and name of their images as the decoder reads them. When it
// does not (d are new details, or r is none), it returns b as it was and
// false, and the caller writes d from the model.
//
// The shape is that of the typed structs: message omitempty; causes
// always, null when absent or null, [] as read; of a cause, its type
// always and its imageTrigger when not null, with from always (a struct),
// every ObjectReference field (strings, omitempty) in declaration order.
// Members the types do not declare are left out, as decoding into them
// drops them.
func (r readDetails) appendKept(b []byte, d dcplan.Details) ([]byte, bool) {
	w, i := r.w, r.node
	if i <= 0 || w.kindOf(i) != '{' {
		return b, false
	}
	start := len(b)
	b = append(b, `,"details":{`...)
	b, ok := w.appendText(b, "message", d.Message, w.nodeFrom(i, "message"))
	b = appendKey(b, "causes")
	causes := w.nodeFrom(i, "causes")
	switch w.kindOf(causes) {
	case 0, 'n':
		ok = ok && len(d.Causes) == 0
		b = append(b, "null"...)
	case '[':
		b = append(b, '[')
		sp := *w.spans
		n := 0
		for j := causes + 1; ok && j < sp[causes].next; j = sp[j].next {
			if ok = n < len(d.Causes); ok {
				if n > 0 {
					b = append(b, ',')
				}
				b, ok = w.appendCause(b, j, d.Causes[n])
				n++
			}
		}
		ok = ok && n == len(d.Causes)
		b = append(b, ']')
	default:
		ok = false
	}
	if !ok {
		return b[:start], false
	}
	return append(b, '}'), true
}

// appendCause appends the DeploymentCause e as read, if it holds c (see
// appendKept).
func (w written) appendCause(b []byte, e int32, c dcplan.Cause) ([]byte, bool) {
	if w.kindOf(e) != '{' {
		return b, false
	}
	b = append(b, `{"type":`...)
	at := len(b)
	b = jsontree.AppendString(b, c.TypeText())
	ok := w.reads(w.nodeFrom(e, "type"), b[at:])
	it := w.nodeFrom(e, "imageTrigger")
	switch w.kindOf(it) {
	case 0, 'n':
		ok = ok && c.Image == "" && c.FromKind == "" && c.FromNamespace == ""
	case '{':
		b = append(b, `,"imageTrigger":{"from":{`...)
		from := w.nodeFrom(it, "from")
		switch w.kindOf(from) {
		case 0, 'n':
			from = -1 // the zero ObjectReference
		case '{':
		default:
			return b, false
		}
		for _, f := range [...]struct{ key, model string }{
			{"kind", c.FromKind}, {"namespace", c.FromNamespace}, {"name", c.Image},
		} {
			var same bool
			b, same = w.appendText(b, f.key, f.model, w.nodeFrom(from, f.key))
			ok = ok && same
		}
		for _, key := range [...]string{"uid", "apiVersion", "resourceVersion", "fieldPath"} {
			switch j := w.nodeFrom(from, key); w.kindOf(j) {
			case 0, 'n':
			case '"':
				if v := w.bytesOf(j); len(v) > 2 {
					b = append(appendKey(b, key), v...)
				}
			default:
				ok = false
			}
		}
		b = append(b, "}}"...)
	default:
		ok = false
	}
	return append(b, '}'), ok
}

// appendText appends the member key holding the string s when s is not
// "" (omitempty), and reports whether value j of w (-1 for none) reads
// as s.
func (w written) appendText(b []byte, key, s string, j int32) ([]byte, bool) {
	if s == "" {
		return b, w.reads(j, []byte(`""`))
	}
	b = appendKey(b, key)
	at := len(b)
	b = jsontree.AppendString(b, s)
	return b, w.reads(j, b[at:])
}

// reads reports whether value j of w (-1 for none) reads as the string
// quoted (as jsontree.AppendString writes it, which is how the canonical
// form spells strings): absent and null read as "".
func (w written) reads(j int32, quoted []byte) bool {
	if k := w.kindOf(j); k == 0 || k == 'n' {
		return string(quoted) == `""`
	}
	return bytes.Equal(w.bytesOf(j), quoted)
}

// kindOf is the first byte of value j of w ('{', '[', '"', 'n' for
// null, ...), or 0 for none (j < 0).
func (w written) kindOf(j int32) byte {
	if j < 0 {
		return 0
	}
	return w.raw[(*w.spans)[j].start]
}

// appendKey appends the key of an object member, after a comma unless b
// ends with the object's opening brace.
func appendKey(b []byte, key string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	return append(append(append(b, '"'), key...), `":`...)
}

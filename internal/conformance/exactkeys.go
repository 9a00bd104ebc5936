package conformance

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// exactKeys reports the first member of data, a JSON document decoded
// into a value of type t, whose key names no field of t's structs as
// spelt: encoding/json matches keys to fields ignoring case, so a
// recorded world's "Verb" would fill Write.Verb without a word. Members
// that t holds as raw JSON, a map of any or an interface are not judged.
// Members come in document order; a document that does not scan is the
// decoder's to refuse.
func exactKeys(data []byte, t reflect.Type) error {
	tp, _, ok := jsontree.ScanTape(data, "", false)
	defer jsontree.PutTape(tp)
	if !ok {
		return nil
	}
	return keysOf(tp, 0, t, "")
}

var rawMessage = reflect.TypeFor[json.RawMessage]()

// keysOf is exactKeys for value i of the tape, at path, of type t.
func keysOf(tp *jsontree.Tape, i int32, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == rawMessage:
	case t.Kind() == reflect.Struct && tp.Kind(i) == jsontree.KindObject:
		for k, j := 0, tp.FirstMember(i); k < tp.Len(i); k, j = k+1, tp.NextMember(j) {
			key := tp.Text(j)
			f, ok := fieldNamed(t, key)
			if !ok {
				return fmt.Errorf("unknown field %q at %s (keys are case-sensitive)", key, orRoot(path))
			}
			if err := keysOf(tp, j+1, f.Type, path+"."+key); err != nil {
				return err
			}
		}
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && tp.Kind(i) == jsontree.KindArray:
		for k, j := 0, tp.FirstElem(i); k < tp.Len(i); k, j = k+1, tp.NextElem(j) {
			if err := keysOf(tp, j, t.Elem(), fmt.Sprintf("%s[%d]", path, k)); err != nil {
				return err
			}
		}
	case t.Kind() == reflect.Map && tp.Kind(i) == jsontree.KindObject:
		for k, j := 0, tp.FirstMember(i); k < tp.Len(i); k, j = k+1, tp.NextMember(j) {
			if err := keysOf(tp, j+1, t.Elem(), path+"."+tp.Text(j)); err != nil {
				return err
			}
		}
	}
	return nil
}

// fieldNamed returns the field of struct t whose JSON name is key,
// exactly.
func fieldNamed(t reflect.Type, key string) (reflect.StructField, bool) {
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if name == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// orRoot names the document for an empty path.
func orRoot(path string) string {
	if path == "" {
		return "the top level"
	}
	return path[1:]
}

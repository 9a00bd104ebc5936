package wire

import (
	"bytes"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"

	"crypto/sha256"
	"encoding/hex"
)

// The codec decodes from a tape (jsontree.Tape: the document's values in
// one flat slice, strings cut from the document) and encodes on a generic
// JSON tree: the values encoding/json produces for an `any` target with
// UseNumber, namely map[string]any, []any, string, json.Number, bool and
// nil, which the overlays edit in place. Numbers stay as written on both.
// No other Go type ever enters a tree.

// scanObject reads data, a JSON object, onto a tape (see
// jsontree.ScanTape) and renders it in canonical form, as canonicalExact
// renders its tree, while reading it. doc is string(data), or "": see
// ScanTape. The caller gives the tape back with jsontree.PutTape. An error
// (the document is no JSON object) wraps ErrMalformed and names kind as
// the object being decoded; the tape is then nil.
func scanObject(data []byte, doc string, kind string) (*jsontree.Tape, dcplan.RawJSON, error) {
	t, buf, ok := jsontree.ScanTape(data, doc, true)
	if ok && t.Kind(0) == jsontree.KindObject {
		return t, dcplan.RawJSON(jsontree.ExactCopy(buf)), nil
	}
	jsontree.PutScratch(buf)
	problem := ""
	if ok {
		problem = "want a JSON object, got " + kindName(t.Kind(0))
	} else if _, err := jsontree.ParseStd(data); err != nil { // its words
		problem = "invalid JSON: " + err.Error()
	} else {
		panic("wire: the scanner refused a document encoding/json reads")
	}
	jsontree.PutTape(t)
	return nil, nil, &dcplan.FieldError{Kind: kind, Field: "(document)", Problem: problem, Err: dcplan.ErrMalformed}
}

// scanObjectString is scanObject for a document held in a string (an
// annotation's value): its bytes are copied into scratch only while they
// are read, the tape's texts being parts of s.
func scanObjectString(s string, kind string) (*jsontree.Tape, dcplan.RawJSON, error) {
	buf := jsontree.Scratch()
	*buf = append((*buf)[:0], s...)
	t, raw, err := scanObject(*buf, s, kind)
	jsontree.PutScratch(buf)
	return t, raw, err
}

// kindName names a JSON type, for error messages.
func kindName(k jsontree.Kind) string {
	switch k {
	case jsontree.KindBool:
		return "boolean"
	case jsontree.KindNumber:
		return "number"
	case jsontree.KindString:
		return "string"
	case jsontree.KindArray:
		return "array"
	case jsontree.KindObject:
		return "object"
	}
	return "null"
}

// canonical renders a tree in canonical form: compact, object keys sorted
// bytewise, numbers as written, strings escaped as encoding/json escapes
// them (HTML characters included). It returns nil for a nil tree.
func canonical(v any) dcplan.RawJSON {
	if v == nil {
		return nil
	}
	return jsontree.AppendCanonical(nil, v)
}

// canonicalExact is canonical for the Raw of a decoded object, which a
// snapshot keeps: rendered into pooled scratch and copied out at its exact
// size, so that no object holds the slack of a grown buffer (a third of
// its bytes on average).
func canonicalExact(v any) dcplan.RawJSON {
	if v == nil {
		return nil
	}
	buf := jsontree.Scratch()
	*buf = jsontree.AppendCanonical((*buf)[:0], v)
	return dcplan.RawJSON(jsontree.ExactCopy(buf))
}

// rawMember returns the value of key in raw, a JSON object in canonical form,
// as a subslice of raw whose capacity ends with it (so that appending to
// it never writes into raw); nil when raw is no object, key is absent or
// its value is null. key must need no escaping. Of duplicate keys (only a
// hand-made Raw has them) the last counts, as for the parsers, and an
// escaped key (which could spell key) gives nil. It lets a decoded object
// share the bytes of its parts (a template, a strategy) with its own Raw
// rather than render them again.
func rawMember(raw []byte, key string) []byte {
	if len(raw) < 2 || raw[0] != '{' {
		return nil
	}
	var v []byte
	for i := 1; i < len(raw) && raw[i] == '"'; {
		kEnd := jsontree.SkipString(raw, i)
		if kEnd >= len(raw) || raw[kEnd] != ':' {
			return nil // a hand-made Raw cut short, or no JSON at all
		}
		vStart := kEnd + 1 // past ':'
		vEnd := skipValue(raw, vStart)
		if vEnd <= vStart || vEnd >= len(raw) {
			return nil // no value, or nothing after it: no object
		}
		k := raw[i+1 : kEnd-1]
		if bytes.IndexByte(k, '\\') >= 0 {
			return nil
		}
		if string(k) == key {
			v = raw[vStart:vEnd:vEnd]
		}
		i = vEnd + 1 // past ',' or '}'
	}
	if string(v) == "null" {
		return nil
	}
	return v
}

// skipValue returns the index just past the canonical JSON value starting
// at raw[i].
func skipValue(raw []byte, i int) int {
	if i >= len(raw) {
		return len(raw)
	}
	switch raw[i] {
	case '"':
		return jsontree.SkipString(raw, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(raw); {
			switch raw[j] {
			case '"':
				j = jsontree.SkipString(raw, j)
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

// templateHash returns the template hash of value i of tape t, whose
// canonical form raw is at hand: the hex form of the first 16 bytes of the
// SHA-256 digest of its canonical form without null members. Upstream
// compares decoded templates with reflect.DeepEqual, for which a null
// member and an absent one are the same; the hash agrees (SPEC 11a item
// 8, rule 11a.8). Without null members (nearly every template) raw is
// that form, so it is not rendered again.
func templateHash(t *jsontree.Tape, i int32, raw []byte) string {
	if t.HasNullMember(i) {
		raw = t.AppendCanonical(nil, i, true)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16])
}

// treeOf parses a dcplan.RawJSON carried in a typed value into a fresh
// tree; nil or invalid input gives nil. Raw fields the codec produced are
// always valid; a hand-made invalid one is treated as absent.
func treeOf(raw dcplan.RawJSON) any {
	if len(raw) == 0 {
		return nil
	}
	v, err := jsontree.Parse(raw)
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

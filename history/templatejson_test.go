package history

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// jsonAny converts a templateJSON tree to what encoding/json decodes into
// an any with UseNumber.
func jsonAny(n templateJSON) any {
	switch n.kind {
	case jsonBool:
		return n.text == "true"
	case jsonNumber:
		return json.Number(n.text)
	case jsonString:
		return n.text
	case jsonArray:
		out := []any{}
		for _, k := range n.kids {
			out = append(out, jsonAny(k))
		}
		return out
	case jsonObject:
		out := map[string]any{}
		for i, k := range n.keys {
			out[k] = jsonAny(n.kids[i])
		}
		return out
	}
	return nil
}

// stdDecode decodes data as kubectl's client would see it: encoding/json
// into an any, numbers kept as literals.
func stdDecode(data []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.InputOffset() != int64(len(bytes.TrimRight(data, " \t\r\n"))) {
		return nil, false
	}
	return v, true
}

// Reference: encoding/json (the decoder kubectl's client uses): the
// template reader accepts exactly what it accepts and reads the same
// values (SPEC 6m.5 describes the template as decoded).
func TestParseTemplateJSON(t *testing.T) {
	tests := []struct {
		name string
		why  string
		doc  string
		ok   bool
	}{
		{"object", "members in order, nested", `{"a":{"b":[1,-2.5e3,true,false,null,"x"]},"c":{}}`, true},
		{"spaces", "insignificant white space anywhere between tokens", " \t\r\n{ \"a\" : [ 1 , 2 ] }\n", true},
		{"escapes", "every escape, a surrogate pair, a lone surrogate as U+FFFD", `"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\ud800x"`, true},
		{"invalid utf-8", "each invalid byte becomes U+FFFD", "\"a\xffb\xc3\"", true},
		{"repeated key", "the last member of a name wins", `{"a":1,"a":2}`, true},
		{"trailing comma", "refused", `[1,]`, false},
		{"leading zero", "refused", `01`, false},
		{"bare fraction", "refused", `1.`, false},
		{"bare exponent", "an exponent needs digits, as in encoding/json", `1e+`, false},
		{"array without comma", "elements are separated by commas", `[1 2]`, false},
		{"array closed by a brace", "an array ends at its own bracket", `{"a":[1}`, false},
		{"control character", "a raw newline in a string is refused", "\"a\nb\"", false},
		{"bad escape", "refused", `"\x"`, false},
		{"short unicode escape", "refused", `"\u12"`, false},
		{"two values", "one value only", `{} {}`, false},
		{"empty", "no value", ``, false},
		{"unterminated", "refused", `{"a":`, false},
		{"deep", "10000 levels are read", strings.Repeat("[", 10000) + strings.Repeat("]", 10000), true},
		{"too deep", "10001 levels are refused, as by encoding/json", strings.Repeat("[", 10001) + strings.Repeat("]", 10001), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseTemplateJSON([]byte(tt.doc))
			if ok != tt.ok {
				t.Fatalf("parseTemplateJSON(%q) ok = %v, want %v [%s]", tt.doc, ok, tt.ok, tt.why)
			}
			want, stdOK := stdDecode([]byte(tt.doc))
			if stdOK != tt.ok {
				t.Fatalf("encoding/json ok = %v, want %v: the case is wrong [%s]", stdOK, tt.ok, tt.why)
			}
			if g := jsonAny(got); ok && !reflect.DeepEqual(want, g) { // go-cmp is slow on deep trees: diff only a mismatch
				t.Errorf("parseTemplateJSON(%q) mismatch with encoding/json (-want +got) [%s]:\n%s", tt.doc, tt.why, cmp.Diff(want, g))
			}
		})
	}
}

// TestTemplateJSONLookups: a path through the tree reads like the Go fields
// kubectl dereferences; absent, null and mistyped members read as zero.
func TestTemplateJSONLookups(t *testing.T) {
	n, ok := parseTemplateJSON([]byte(`{"s":"x","n":7,"f":1.5,"b":true,"z":null,"o":{"k":"v","a":"1","k":"w","num":2},"l":["a",1]}`))
	if !ok {
		t.Fatal("parse failed")
	}
	got := []any{
		n.get("s").str(), n.get("n").str(), n.get("n").integer(), n.get("f").integer(), n.get("s").integer(),
		n.get("b").boolean(), n.get("s").boolean(), n.get("z").has(), n.get("missing").has(), n.get("s").get("x").has(),
		n.get("o").entries(), n.get("l").strs(), n.get("o").items(), n.get("n").integerOr(3), n.get("missing").integerOr(3),
	}
	want := []any{
		"x", "", int64(7), int64(0), int64(0),
		true, false, false, false, false,
		[]dcplan.KeyValue{{Key: "a", Value: "1"}, {Key: "k", Value: "w"}, {Key: "num", Value: "2"}}, []string{"a", ""}, []templateJSON(nil), int64(7), int64(3),
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(templateJSON{})); d != "" {
		t.Errorf("lookups mismatch (-want +got):\n%s", d)
	}
}

// FuzzParseTemplateJSON checks the template reader against encoding/json
// on any input: the same documents accepted, the same values read.
func FuzzParseTemplateJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",{"c":null}]}`, `"\ud800\udc00"`, "\"\xff\"", `[1e5,-0.0,1E+2]`, `{"a":1,"a":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := parseTemplateJSON(data)
		want, stdOK := stdDecode(data)
		if ok != stdOK {
			t.Fatalf("parseTemplateJSON(%q) ok = %v, encoding/json %v", data, ok, stdOK)
		}
		if g := jsonAny(got); ok && !reflect.DeepEqual(want, g) {
			t.Fatalf("parseTemplateJSON(%q) mismatch with encoding/json (-want +got):\n%s", data, cmp.Diff(want, g))
		}
	})
}

// TestParseTemplateJSONRefusesBadMembers: an object member is a string,
// a colon, then a value (RFC 8259), as encoding/json, the reader kubectl
// describes the template with (SPEC 6m.5), requires: a member name that is
// no string, or a name followed by anything but a colon, is refused, not
// read past.
func TestParseTemplateJSONRefusesBadMembers(t *testing.T) {
	for _, doc := range []string{`{a":1}`, `{1"x":2}`, `{"a"=1}`, `{"a";1}`, `{"a" x 1}`} {
		if _, ok := parseTemplateJSON([]byte(doc)); ok {
			t.Errorf("parseTemplateJSON(%q) ok = true, want false", doc)
		}
		if _, ok := stdDecode([]byte(doc)); ok {
			t.Errorf("encoding/json accepts %q: the case is wrong", doc)
		}
	}
}

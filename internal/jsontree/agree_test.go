package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// agreeSeeds are the documents FuzzAgreesWithEncodingJSON starts from
// (besides addSeeds'): escapes, invalid UTF-8 and control characters in
// strings, numbers on the grammar's edges, whitespace and what is not
// whitespace, a BOM, trailing commas and garbage, nesting at the limit,
// misspelt literals.
var agreeSeeds = []string{
	// Escapes.
	`"\u0000"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud800"`, `"\ud800x"`, `"\udc00\ud800"`, `"\ud800\ud800\udc00"`,
	`"\ud83d\u0041"`, `"\/"`, `"\u002F"`, `{"\u0000":"\u0000","\ud800":1}`, `"\U00e9"`, `"\u00G0"`, `"\u"`,
	`"\ud800\u"`, `"\ud800\`, `"\'"`, `"\a"`, `"\x41"`, `"\0"`,
	// Raw invalid UTF-8 in strings and keys.
	"\"\xff\"", "\"\xc0\xaf\"", "\"\xe0\x80\x80\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xc3\"", "\"a\xe2\x82\"",
	"{\"\xff\":\"\xfe\",\"\xff\":2}", "[\"\xf0\x9f\x98\x80\",\"\xf0\x9f\x98\"]", "\"\\n\xff\"", "\xff", "[\xff]",
	// Control characters in strings (invalid raw, valid escaped).
	"\"\x00\"", "\"\t\"", "\"\n\"", "\"\r\"", "\"a\x7f\"", "\"\x1f\"", "{\"\x01\":1}", `"\t\n\r\b\f"`,
	// Numbers.
	`-0`, `0.0`, `-0.0e-0`, `1e400`, `-1e400`, `1E+2`, `1e-2`, `00`, `01`, `-01`, `0x10`, `+1`, `1.e2`, `.1`, `1.5e`,
	`123456789012345678901234567890`, `-9223372036854775809`, `18446744073709551616`, `-`, `--1`, `1-`, `0e`, `0E+`,
	`[1e400,0.1e-400]`, `NaN`, `Infinity`, `-Infinity`, `1_000`, `1 2`,
	// Whitespace, and what is not JSON whitespace.
	"\t\n\r [ 1 ,\t2 ]\r\n", " \t\n\r", "\u00a0[]", "[]\u00a0", "\f[]", "[\f]", "\v1", "1\v", "\x00", "[]\x00",
	"\u2028[]", "\u3000\"x\"", "{\n\"a\"\r:\t1\n}",
	// A byte order mark.
	"\xef\xbb\xbf{}", "\xef\xbb\xbf\"x\"", "{}\xef\xbb\xbf", "\"\xef\xbb\xbf\"",
	// Trailing commas, trailing garbage.
	`[1,]`, `{"a":1,}`, `[,]`, `[,1]`, `{,}`, `{"a":1,,"b":2}`, `{}}`, `[]]`, `{} {}`, `1 x`, `"a" "b"`, `{"a":1}//`, `null,`,
	// Empty input, and misspelt literals.
	``, `tru`, `True`, `TRUE`, `fals`, `falsE`, `nul`, `nulll`, `Null`, `none`, `nil`, `t`, `[true false]`, `[tru]`,
	// Members in order, duplicate keys (the last one wins).
	"\"\xf2\"\t", " \"a\"", // Unquote takes no whitespace around the literal
	`{"b":1,"a":2,"b":3}`, `{"a":{"x":1},"a":[2]}`, `{"":1,"":""}`, `{"a":1 "b":2}`, `{"a"}`, `{1:2}`, `{'a':1}`,
}

// deepSeeds are the nesting seeds: at encoding/json's limit of 10 000
// levels, one past it, and each cut short.
func deepSeeds() []string {
	var out []string
	for _, n := range []int{9999, 10000, 10001} {
		out = append(out,
			strings.Repeat("[", n)+strings.Repeat("]", n),
			strings.Repeat(`{"a":`, n-1)+"{}"+strings.Repeat("}", n-1),
			strings.Repeat("[", n)+strings.Repeat("]", n-1),
			// Inside a list's items (ScanList only checks them) and
			// another member: n levels in all.
			`{"items":[`+strings.Repeat("[", n-2)+strings.Repeat("]", n-2)+`]}`,
			`{"items":[{`+strings.Repeat(`"a":{`, n-3)+strings.Repeat("}", n-3)+`}]}`,
			`{"a":`+strings.Repeat("[", n-1)+strings.Repeat("]", n-1)+`}`)
	}
	return out
}

// FuzzAgreesWithEncodingJSON checks jsontree's acceptance against
// json.Valid: every scanner (Scan, ScanCanon, ScanTape as wire calls it,
// ScanList for objects, Unquote for a bare string literal) accepts
// exactly the documents json.Valid accepts, and for those reads the
// values encoding/json decodes, with UseNumber: the tape's members in
// document order, duplicates included, against a json.Decoder's tokens;
// the tree against json.Unmarshal's (the last of duplicate keys kept).
//
// No limit or leniency needs exempting: jsontree's only limit, nesting
// deeper than 10 000 levels (Scan's doc), is encoding/json's own
// (maxNestingDepth of its scanner, which json.Valid runs too), and
// jsontree documents no leniency (Scan: "reports false for anything
// encoding/json would refuse").
func FuzzAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range agreeSeeds {
		f.Add([]byte(s))
	}
	for _, s := range deepSeeds() {
		f.Add([]byte(s))
	}
	addSeeds(f)
	f.Fuzz(checkAgrees)
}

// TestAgreesWithEncodingJSONSeeds runs FuzzAgreesWithEncodingJSON's own
// seeds as a plain test.
func TestAgreesWithEncodingJSONSeeds(t *testing.T) {
	for _, s := range append(append([]string(nil), agreeSeeds...), deepSeeds()...) {
		checkAgrees(t, []byte(s))
	}
}

// checkAgrees is FuzzAgreesWithEncodingJSON's check of one document.
func checkAgrees(t *testing.T, data []byte) {
	t.Helper()
	valid := json.Valid(data)

	tree, ok := Scan(data)
	if ok != valid {
		t.Fatalf("Scan(%q) ok = %v, json.Valid = %v", data, ok, valid)
	}
	var tokens []any
	if valid {
		tokens = stdTokens(t, data)
		var want any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("json.Valid(%q) but decoding fails: %v", data, err)
		}
		if !reflect.DeepEqual(tree, want) {
			t.Fatalf("Scan(%q) reads another tree (-std +scan):\n%s", data, cmp.Diff(want, tree))
		}
	}
	for _, doc := range []string{"", string(data)} {
		v, canon, cok := ScanCanon(data, doc)
		PutScratch(canon)
		if cok != valid {
			t.Fatalf("ScanCanon(%q, doc %v) ok = %v, json.Valid = %v", data, doc != "", cok, valid)
		}
		if valid && !reflect.DeepEqual(v, tree) {
			t.Fatalf("ScanCanon(%q, doc %v) reads another tree than Scan", data, doc != "")
		}
		for _, canonOn := range []bool{false, true} {
			tp, canon, tok := ScanTape(data, doc, canonOn)
			if tok != valid {
				t.Fatalf("ScanTape(%q, doc %v, canonOn %v) ok = %v, json.Valid = %v", data, doc != "", canonOn, tok, valid)
			}
			if valid {
				if got := tapeTokens(tp, 0, nil); !reflect.DeepEqual(got, tokens) {
					t.Fatalf("ScanTape(%q, doc %v) reads other values than a json.Decoder (-std +tape):\n%s", data, doc != "", cmp.Diff(tokens, got))
				}
			}
			if canonOn {
				PutScratch(canon)
			}
			PutTape(tp)
		}
	}

	// ScanList reads objects only.
	m, isObj := tree.(map[string]any)
	top, items, hasItems, lok := ScanList(data)
	if lok != (valid && isObj) {
		t.Fatalf("ScanList(%q) ok = %v, json.Valid = %v, an object: %v", data, lok, valid, isObj)
	}
	if lok {
		want := m
		if _, isArr := m["items"].([]any); isArr {
			want = map[string]any{}
			for k, v := range m {
				if k != "items" {
					want[k] = v
				}
			}
		}
		if !reflect.DeepEqual(top, want) {
			t.Fatalf("ScanList(%q) top = %v, want %v", data, top, want)
		}
		if elems, isArr := m["items"].([]any); hasItems != isArr || len(items) != len(elems) {
			t.Fatalf("ScanList(%q) items %v, %v; encoding/json reads items %v", data, items, hasItems, m["items"])
		} else {
			for i, r := range items {
				if got, ok := Scan(data[r[0]:r[1]]); !ok || !reflect.DeepEqual(got, elems[i]) {
					t.Fatalf("ScanList(%q) item %d %q reads %v, %v; want %v", data, i, data[r[0]:r[1]], got, ok, elems[i])
				}
			}
		}
	}

	// Unquote reads a bare string literal, nothing around it (no
	// whitespace either, which json.Valid allows).
	if len(data) > 0 && data[0] == '"' {
		s, uok := Unquote(data)
		if want := valid && data[len(data)-1] == '"'; uok != want {
			t.Fatalf("Unquote(%q) ok = %v, want %v (json.Valid = %v)", data, uok, want, valid)
		}
		if uok && s != tree {
			t.Fatalf("Unquote(%q) = %q, encoding/json reads %q", data, s, tree)
		}
	}
}

// stdTokens returns the tokens a json.Decoder with UseNumber reads from
// the valid document data: delimiters, keys and values in order.
func stdTokens(t *testing.T, data []byte) []any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []any
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("json.Valid(%q) but a json.Decoder's Token fails: %v", data, err)
		}
		out = append(out, tok)
	}
}

// tapeTokens appends the tokens of value i of tp, as stdTokens has them.
func tapeTokens(tp *Tape, i int32, out []any) []any {
	switch tp.Kind(i) {
	case KindNull:
		return append(out, nil)
	case KindBool:
		return append(out, tp.Nodes[i].Text == "true")
	case KindNumber:
		return append(out, json.Number(tp.Nodes[i].Text))
	case KindString:
		return append(out, tp.Text(i))
	case KindArray:
		out = append(out, json.Delim('['))
		for k, j := 0, tp.FirstElem(i); k < tp.Len(i); k, j = k+1, tp.NextElem(j) {
			out = tapeTokens(tp, j, out)
		}
		return append(out, json.Delim(']'))
	case KindObject:
		out = append(out, json.Delim('{'))
		for k, j := 0, tp.FirstMember(i); k < tp.Len(i); k, j = k+1, tp.NextMember(j) {
			out = append(out, tp.Text(j))
			out = tapeTokens(tp, j+1, out)
		}
		return append(out, json.Delim('}'))
	}
	return append(out, "no value")
}

package jsontree

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan/internal/racedetect"
)

// FuzzScan checks Scan against encoding/json (ParseStd): the same
// tree for every document encoding/json reads, and a refusal for every
// document it refuses.
func FuzzScan(f *testing.F) {
	addSeeds(f)
	f.Fuzz(checkScan)
}

// checkScan is FuzzScan's check of one document.
func checkScan(t *testing.T, data []byte) {
	t.Helper()
	want, err := ParseStd(data)
	got, ok := Scan(data)
	if ok != (err == nil) {
		t.Fatalf("Scan(%q) ok = %v, encoding/json error = %v", data, ok, err)
	}
	if ok && !reflect.DeepEqual(want, got) { // cmp.Diff only to report: it is slow on deep trees
		t.Fatalf("Scan(%q) differs from encoding/json (-std +scan):\n%s", data, cmp.Diff(want, got))
	}
	// ScanCanon reads the same tree, its strings cut from doc or not,
	// and renders it as canonical does.
	for _, doc := range []string{"", string(data)} {
		v, buf, cok := ScanCanon(data, doc)
		if cok != ok {
			t.Fatalf("ScanCanon(%q) ok = %v, Scan ok = %v", data, cok, ok)
		}
		if ok && !reflect.DeepEqual(v, got) {
			t.Fatalf("ScanCanon(%q) tree differs from Scan's", data)
		}
		if want := AppendCanonical(nil, got); ok && string(*buf) != string(want) {
			t.Fatalf("ScanCanon(%q) renders\n%s\nwant\n%s", data, *buf, want)
		}
		PutScratch(buf)
	}
	// AppendCanonical is json.Marshal for every tree, which the fake
	// API server relies on to store what it parsed.
	if ok {
		want, err := json.Marshal(got)
		if err != nil || string(AppendCanonical(nil, got)) != string(want) {
			t.Fatalf("AppendCanonical(%q) = %s, json.Marshal = %s (%v)", data, AppendCanonical(nil, got), want, err)
		}
	}
}

// addSeeds adds the documents every scanner fuzz target starts from: edge
// cases of the grammar and the fixtures.
func addSeeds(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, ` {"a":1} `, `{"a":1,"a":2}`, `[1,-0,0.5,1e9,-1.5E-3,2e+1]`, `"\u00e9\ud83d\ude00\ud800x\udc00"`,
		`"\ud800\u0041"`, "\"bad \xff utf8 \xed\xa0\x80\"", `{"k":"\"\\\/\b\f\n\r\t"}`, `true`, `false`, `null`, `nul`, `01`, `1.`,
		`-`, `.5`, `1e`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `[1 2]`, `"\x01"`, `"\u12"`, `"\q"`, `{"a":1}x`, `truex`,
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		"\t\r\n[ true ,\n false ]\n", "{\"\\n\\n\xff\":\"\\n\\n\xff\"}", `{"\u0061pi":"x","api":"y"}`, `"é"`,
		`{"b":{"y":[1,{"q":null,"p":"<&>"}],"x":{}},"a":[],"b":{"z":true,"a":"\u2028"},"c":[[]]}`,
		`["\u003c\u003C\u0001\u001f\u001F\u000a\n\u2028\u2029\/<\u00e9é\u0026\"\\", "\u0001", "a\"b", "\ufffd�", "&", " ", "\u0008\b"]`,
	} {
		f.Add([]byte(s))
	}
	for _, tc := range edgeCases {
		f.Add([]byte(tc.doc))
	}
	fixtures, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "fixtures", "*.json"))
	if len(fixtures) == 0 {
		f.Fatal("no fixtures in ../../testdata/fixtures to seed from")
	}
	for _, name := range fixtures {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// TestScanStacksCleared scans documents that fail half way, leaving
// members (with their strings and trees) and elements on the scanner's
// stacks: the stacks go back to the pool cleared, so that the pool keeps
// no part of a document alive, and the next scans read as encoding/json.
func TestScanStacksCleared(t *testing.T) {
	broken := []string{`{"a":{"b":[1,2,{"c":"x","d":`, `[{"k":"v"},["w",`, `{"a":1,"b":{"c":[true,`}
	scans := map[string]func(string){
		"Scan": func(doc string) { Scan([]byte(doc)) },
		"ScanCanon": func(doc string) {
			_, canon, _ := ScanCanon([]byte(doc), doc)
			PutScratch(canon)
		},
		"ScanTape": func(doc string) {
			tp, canon, _ := ScanTape([]byte(doc), doc, true)
			PutScratch(canon)
			PutTape(tp)
		},
	}
	for name, scan := range scans {
		for _, doc := range broken {
			scan(doc)
			s := stacksPool.Get().(*stacks)
			for i, m := range s.members[:cap(s.members)] {
				if m != (member{}) {
					t.Fatalf("%s(%q): pooled member %d holds %+v", name, doc, i, m)
				}
			}
			for i, e := range s.elems[:cap(s.elems)] {
				if e != nil {
					t.Fatalf("%s(%q): pooled element %d holds %v", name, doc, i, e)
				}
			}
			stacksPool.Put(s)
		}
	}
	const good = `{"z":{"w":"q"},"v":[{"y":[2,3]},{}]}`
	var want any
	d := json.NewDecoder(strings.NewReader(good))
	d.UseNumber()
	if err := d.Decode(&want); err != nil {
		t.Fatal(err)
	}
	if got, ok := Scan([]byte(good)); !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("Scan after failed scans = %v, %v; want %v", got, ok, want)
	}
}

func TestUnquote(t *testing.T) {
	tests := []struct {
		lit  string
		want string
		ok   bool
	}{
		{`"plain"`, "plain", true},
		{`"a\"b\\c\u003c\n"`, "a\"b\\c<\n", true},
		{`"é\ud83d\ude00"`, "é😀", true},
		{`""`, "", true},
		{`"open`, "", false},
		{`"a""b"`, "", false},
		{`"\x"`, "", false},
		{"\"a\x01\"", "", false},
		{`7`, "", false},
		{`x"`, "", false}, // a literal starts with a quote (Unquote: the check of lit[0] dropped)
		{``, "", false},
	}
	for _, tt := range tests {
		got, ok := Unquote([]byte(tt.lit))
		if got != tt.want || ok != tt.ok {
			t.Errorf("Unquote(%q) = %q, %v; want %q, %v", tt.lit, got, ok, tt.want, tt.ok)
		}
		var std string // encoding/json agrees (these literals have no space around them)
		if err := json.Unmarshal([]byte(tt.lit), &std); (err == nil) != tt.ok || err == nil && std != got {
			t.Errorf("Unquote(%q) = %q, %v; encoding/json reads %q, %v", tt.lit, got, ok, std, err)
		}
	}
	long := []byte(`"` + strings.Repeat(`\"k\":1,`, 200) + `"`)
	if allocs := testing.AllocsPerRun(20, func() { Unquote(long) }); allocs > 1 && !racedetect.Enabled {
		t.Errorf("Unquote of a long escaped literal allocates %v times; want only its result", allocs)
	}
}

// TestScanRefusesCutNumbersAndContainersInside: a number whose exponent
// has no digit, and an object or array the document ends inside, are
// refused (encoding/json refuses them) when they stand inside a container
// too, and inside a list's items, which ScanList only checks; none of the
// scans panics. The top-level `1e` of the seeds is refused by the bytes
// left after it whatever numberEnd answers; `[1e]` is not. Kills the
// mutants that let numberEnd accept an exponent without digits (it then
// returned end 0, a slice below p.pos) and that let check read the byte
// past the end of `{"items":[[`.
func TestScanRefusesCutNumbersAndContainersInside(t *testing.T) {
	for _, doc := range []string{
		`[1e]`, `{"a":1e+}`, `[2E-]`, `{"a":[0.5e]}`,
		`{"items":[1e]}`, `{"items":[{"a":1e}]}`,
		`{"items":[[`, `{"items":[{`, `{"items":[ [ `, `{"items":[{"a":[`,
		`{"items":[1`, `{"items":[{} `, // the document ends right after an item (elements: p.pos >= len -> >, a panic)
	} {
		if err := json.Unmarshal([]byte(doc), new(any)); err == nil {
			t.Fatalf("encoding/json reads %q; the case is not a refusal", doc)
		}
		if _, ok := Scan([]byte(doc)); ok {
			t.Errorf("Scan(%q) ok", doc)
		}
		if _, canon, ok := ScanCanon([]byte(doc), doc); ok {
			t.Errorf("ScanCanon(%q) ok", doc)
		} else {
			PutScratch(canon)
		}
		if _, _, _, ok := ScanList([]byte(doc)); ok {
			t.Errorf("ScanList(%q) ok", doc)
		}
	}
}

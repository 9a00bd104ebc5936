package wire

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzScanTree checks scanTree against encoding/json (parseStd): the same
// tree for every document encoding/json reads, and a refusal for every
// document it refuses.
func FuzzScanTree(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, ` {"a":1} `, `{"a":1,"a":2}`, `[1,-0,0.5,1e9,-1.5E-3,2e+1]`, `"\u00e9\ud83d\ude00\ud800x\udc00"`,
		`"\ud800\u0041"`, `"bad \xff utf8 \xed\xa0\x80"`, `{"k":"\"\\\/\b\f\n\r\t"}`, `true`, `false`, `null`, `nul`, `01`, `1.`,
		`-`, `.5`, `1e`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `[1 2]`, `"\x01"`, `"\u12"`, `"\q"`, `{"a":1}x`, `truex`,
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		"\t\r\n[ true ,\n false ]\n", `{"\u0061pi":"x","api":"y"}`, `"é"`,
		`{"b":{"y":[1,{"q":null,"p":"<&>"}],"x":{}},"a":[],"b":{"z":true,"a":"\u2028"},"c":[[]]}`,
		`["\u003c\u003C\u0001\u001f\u001F\u000a\n\u2028\u2029\/<\u00e9é\u0026\"\\", "\u0001", "a\"b", "\ufffd�", "&", " ", "\u0008\b"]`,
	} {
		f.Add([]byte(s))
	}
	fixtures, _ := filepath.Glob(filepath.Join("..", "testdata", "fixtures", "*.json"))
	for _, name := range fixtures {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, err := parseStd(data)
		got, ok := scanTree(data)
		if ok != (err == nil) {
			t.Fatalf("scanTree(%q) ok = %v, encoding/json error = %v", data, ok, err)
		}
		if ok && !reflect.DeepEqual(want, got) { // cmp.Diff only to report: it is slow on deep trees
			t.Fatalf("scanTree(%q) differs from encoding/json (-std +scan):\n%s", data, cmp.Diff(want, got))
		}
		// scanCanon reads the same tree, its strings cut from doc or not,
		// and renders it as canonical does.
		for _, doc := range []string{"", string(data)} {
			v, buf, cok := scanCanon(data, doc)
			if cok != ok {
				t.Fatalf("scanCanon(%q) ok = %v, scanTree ok = %v", data, cok, ok)
			}
			if ok && !reflect.DeepEqual(v, got) {
				t.Fatalf("scanCanon(%q) tree differs from scanTree's", data)
			}
			if want := appendCanonical(nil, got); ok && string(*buf) != string(want) {
				t.Fatalf("scanCanon(%q) renders\n%s\nwant\n%s", data, *buf, want)
			}
			putScratch(buf)
		}
	})
}

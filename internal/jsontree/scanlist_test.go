package jsontree

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzScanList checks ScanList against ParseStd (encoding/json): the
// same refusals; the items' byte ranges, each read on its own, are the
// elements of the "items" array encoding/json keeps (the last of
// duplicate keys); top is the object without it.
func FuzzScanList(f *testing.F) {
	for _, s := range []string{
		`{"items":[1,{"a":"b"},[]],"kind":"List"}`, `{"items":2,"items":[1]}`, `{"items":[1],"items":2}`,
		`{"items":["\u0001","x\u0000"]}`, "{\"items\":[\"\x01\"]}", `{"\u0069tems":[{}]}`, ` { "items" : [ 1 , 2 ] } `,
		`{"items":[` + strings.Repeat("[", 9998) + strings.Repeat("]", 9998) + `]}`,
		`{"items":[` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `]}`,
		`[1]`, `{"items":[1,]}`, `{"items":[1]}x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(checkScanList)
}

// checkScanList is FuzzScanList's check of one document.
func checkScanList(t *testing.T, data []byte) {
	t.Helper()
	want, err := ParseStd(data)
	m, isObject := want.(map[string]any)
	top, items, hasItems, ok := ScanList(data)
	if ok != (err == nil && isObject) {
		t.Fatalf("ScanList(%q) ok = %v; encoding/json: %v, an object: %v", data, ok, err, isObject)
	}
	if !ok {
		return
	}
	elems, isArray := m["items"].([]any)
	if hasItems != isArray || len(items) != len(elems) {
		t.Fatalf("ScanList(%q) items: %v, %d; encoding/json's: %v", data, hasItems, len(items), m["items"])
	}
	for i, at := range items {
		if v, ok := Scan(data[at[0]:at[1]]); !ok || !reflect.DeepEqual(v, elems[i]) {
			t.Fatalf("ScanList(%q) item %d is %q, want %v", data, i, data[at[0]:at[1]], elems[i])
		}
	}
	if isArray {
		delete(m, "items")
	}
	if !reflect.DeepEqual(top, m) {
		t.Fatalf("ScanList(%q) top = %v, want %v", data, top, m)
	}
}

// BenchmarkScanCanonDeep renders a document nested 2 000 deep around a
// 200 KB string in canonical form: with keys in order at every level
// (one key each), the objects stand as read, so the cost is linear; with
// two keys out of order at every level, each level moves the canonical
// bytes below it once (depth × size).
func BenchmarkScanCanonDeep(b *testing.B) {
	leaf := `"` + strings.Repeat("x", 200_000) + `"`
	for _, tc := range []struct{ name, open string }{
		{"in-order", `{"a":`},
		{"out-of-order", `{"b":0,"a":`},
	} {
		doc := []byte(strings.Repeat(tc.open, 2000) + leaf + strings.Repeat("}", 2000))
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				_, canon, ok := ScanCanon(doc, "")
				if !ok {
					b.Fatal("the document does not read")
				}
				PutScratch(canon)
			}
		})
	}
}

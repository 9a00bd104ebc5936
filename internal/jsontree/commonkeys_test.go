package jsontree

import (
	"testing"
	"unsafe"
)

// TestScanSharesCommonKeys: a key every DC, RC and pod repeats is the one
// string commonKeys holds in every tree Scan and ScanCanon build (cut from
// doc or not), rather than a copy per object or a part of the document.
func TestScanSharesCommonKeys(t *testing.T) {
	data := []byte(`{"metadata":{"name":"x"}}`)
	key := func(tree any) string {
		for k := range tree.(map[string]any) {
			return k
		}
		return ""
	}
	want := unsafe.StringData(commonKeys["metadata"])
	for _, doc := range []string{"", string(data)} {
		scanned, ok := Scan(data)
		canoned, canon, cok := ScanCanon(data, doc)
		PutScratch(canon)
		if !ok || !cok {
			t.Fatalf("Scan ok = %v, ScanCanon ok = %v; want both true", ok, cok)
		}
		for name, tree := range map[string]any{"Scan": scanned, "ScanCanon": canoned} {
			if got := unsafe.StringData(key(tree)); got != want {
				t.Errorf("%s (doc %q): the key %q is a string of its own, not commonKeys'", name, doc, key(tree))
			}
		}
	}
}

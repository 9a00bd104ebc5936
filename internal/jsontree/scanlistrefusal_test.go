package jsontree

import "testing"

// TestScanListRefusalReturnsNothing pins ScanList's refusal: a document
// it refuses gives back nothing of what it read before the refusal,
// hasItems included, whether it fails inside the object (a key without
// its colon) or after it (data after the value, once an "items" array
// was read).
func TestScanListRefusalReturnsNothing(t *testing.T) {
	for _, doc := range []string{`{"items":[1],"a" 1}`, `{"items":[1]}x`, `{"items":[1],"kind":"List"} 1`} {
		top, items, hasItems, ok := ScanList([]byte(doc))
		if top != nil || items != nil || hasItems || ok {
			t.Errorf("ScanList(%q) = %v, %v, %v, %v; want nil, nil, false, false", doc, top, items, hasItems, ok)
		}
	}
}

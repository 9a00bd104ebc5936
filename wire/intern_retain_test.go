package wire

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// TestInternKeepsNoLargeDecodedStrings: the strings a decoder interns on
// its own (rehome's shared fields) are not kept by the intern table once
// the decoded objects are gone, when they are beyond identity size. A
// DC's strategy annotations, its template's labels and its triggers'
// images are interned; the table holds its strings strongly, up to 2 ×
// 16 384 of them, so DCs whose strategy annotations carry large values
// (the API server allows 256 KB of them) kept every such value alive
// after the DCs were dropped: here 64 DCs of one 64 KB value each left
// about 4 MB behind them.
func TestInternKeepsNoLargeDecodedStrings(t *testing.T) {
	const n, size = 64, 64 << 10
	live, _ := liveBytes(func() any {
		for i := range n {
			value := strconv.Itoa(i) + strings.Repeat("x", size)
			doc := bytes.Replace(smallDC, []byte(`"strategy":{"type":"Recreate",`),
				[]byte(`"strategy":{"type":"Recreate","annotations":{"big":"`+value+`"},`), 1)
			c, err := DecodeConfig(doc)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Strategy.Annotations) != 1 || len(c.Strategy.Annotations[0].Value) <= size {
				t.Fatalf("strategy annotations %d, want the big one", len(c.Strategy.Annotations))
			}
		}
		return nil
	})
	if limit := uint64(n * size / 4); live > limit {
		t.Errorf("after %d DCs with a %d-byte strategy annotation were decoded and dropped, %d bytes stay live; want at most %d", n, size, live, limit)
	}
}

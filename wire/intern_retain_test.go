package wire

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unsafe"
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

// TestInternLeavesLargeStringsOut: Intern shares a string of identity
// size and copies a longer one without keeping it: the table holds its
// strings strongly, so an adapter interning annotation values of up to
// 256 KB would keep each alive after its objects were gone.
func TestInternLeavesLargeStringsOut(t *testing.T) {
	for _, tt := range []struct {
		n      int
		shared bool
	}{{maxShared, true}, {maxShared + 1, false}} {
		s := strings.Repeat("y", tt.n-1) + strconv.Itoa(tt.n%10)
		a, b := Intern(s), Intern(strings.Clone(s))
		if a != s || b != s {
			t.Fatalf("Intern of %d bytes changed the string", tt.n)
		}
		if shared := unsafe.StringData(a) == unsafe.StringData(b); shared != tt.shared {
			t.Errorf("Intern of %d bytes twice: one copy %v, want %v", tt.n, shared, tt.shared)
		}
		if unsafe.StringData(a) == unsafe.StringData(s) {
			t.Errorf("Intern of %d bytes aliases its argument", tt.n)
		}
	}
}

package jsontree

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestCanonicalUMatchesMarshal pins CanonicalU, which the wire codec
// asks of every \u escape in canonical mode, to encoding/json: for every
// four hex digits, in lower and in upper case, it reports true exactly
// when json.Marshal writes the character they name as that very escape.
// So \u0000 is canonical (CanonicalU: r < 0 -> r < 1 refused it), \u000a
// and \u003C are not. Spellings that are no hex digits are refused.
func TestCanonicalUMatchesMarshal(t *testing.T) {
	for r := range rune(0x10000) {
		marshaled, err := json.Marshal(string(r))
		if err != nil {
			t.Fatalf("json.Marshal(%U): %v", r, err)
		}
		for _, h := range []string{fmt.Sprintf("%04x", r), fmt.Sprintf("%04X", r)} {
			if got, want := CanonicalU(h), string(marshaled) == `"\u`+h+`"`; got != want {
				t.Errorf("CanonicalU(%q) = %v, want %v (json.Marshal writes %s)", h, got, want, marshaled)
			}
		}
	}
	for _, h := range []string{"000g", "00 1", "001-", "-001", "00x0", "000G"} {
		if CanonicalU(h) {
			t.Errorf("CanonicalU(%q) = true for no hex digits", h)
		}
	}
}

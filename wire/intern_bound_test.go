package wire

import (
	"strconv"
	"testing"
	"unsafe"
)

// TestInternGenerationHoldsAtMostItsBound: a generation of the intern
// table holds internGeneration strings and no more (Intern: "two
// generations of internGeneration strings; a full one becomes the old
// one, and a string found only in the old one moves to the new"). The
// string that finds the current generation full starts a new one alone,
// and a string then found only in the old one moves to the new with its
// pointer. Kills the mutant that let a generation grow to
// internGeneration+1 before it turned (`len(t.cur) > internGeneration`).
func TestInternGenerationHoldsAtMostItsBound(t *testing.T) {
	tab := internTable{cur: map[string]string{}}
	first := tab.get("gen-0")
	for i := 1; i < internGeneration; i++ {
		tab.get("gen-" + strconv.Itoa(i))
	}
	if len(tab.cur) != internGeneration || tab.old != nil {
		t.Fatalf("after %d strings: cur %d, old %d; want cur %d, old 0", internGeneration, len(tab.cur), len(tab.old), internGeneration)
	}
	tab.get("gen-" + strconv.Itoa(internGeneration))
	if len(tab.cur) != 1 || len(tab.old) != internGeneration {
		t.Fatalf("after %d strings: cur %d, old %d; want cur 1, old %d", internGeneration+1, len(tab.cur), len(tab.old), internGeneration)
	}
	again := tab.get("gen-0")
	if unsafe.StringData(again) != unsafe.StringData(first) {
		t.Error("a string of the old generation was copied again, not moved to the new one")
	}
	if len(tab.cur) != 2 {
		t.Errorf("after the old string moved: cur %d, want 2", len(tab.cur))
	}
}

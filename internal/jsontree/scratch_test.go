package jsontree

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan/internal/racedetect"
)

// TestExactCopyGivesScratchBack: ExactCopy puts its buffer back in the
// scratch pool, so that rendering into Scratch and taking an ExactCopy out
// allocates only the copy once the pool holds a buffer big enough.
func TestExactCopyGivesScratchBack(t *testing.T) {
	text := strings.Repeat("x", 100)
	allocs := testing.AllocsPerRun(20, func() {
		buf := Scratch()
		*buf = append((*buf)[:0], text...)
		if got := ExactCopy(buf); string(got) != text || cap(got) != len(text) {
			t.Fatalf("ExactCopy = %q (capacity %d), want %q at its exact size", got, cap(got), text)
		}
	})
	if allocs != 1 && !racedetect.Enabled {
		t.Errorf("Scratch, render, ExactCopy allocates %v times; want only the copy", allocs)
	}
}

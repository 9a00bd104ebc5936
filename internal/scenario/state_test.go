package scenario

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestStateRoundTrip checks ParseState(FormatState(s)) == s for every
// snapshot in normal form, and that the text is a fixed point.
func TestStateRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genState.Draw(t, "snapshot")
		text := FormatState(s)
		got, err := ParseState(strings.Split(text, "\n"))
		if err != nil {
			t.Fatalf("ParseState(FormatState(s)) error: %v\ntext:\n%s", err, text)
		}
		if d := cmp.Diff(s, got); d != "" {
			t.Fatalf("ParseState(FormatState(s)) mismatch (-want +got):\n%s\ntext:\n%s", d, text)
		}
		if again := FormatState(got); again != text {
			t.Fatalf("FormatState is not a fixed point:\nfirst:\n%s\nsecond:\n%s", text, again)
		}
	})
}

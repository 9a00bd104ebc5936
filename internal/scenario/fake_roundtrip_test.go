package scenario_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/scenario"
)

// TestStateRoundTripShared runs the round trip on the shared generator
// every package draws from (fake.GenSnapshot).
func TestStateRoundTripShared(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := fake.GenSnapshot().Draw(t, "snapshot")
		text := scenario.FormatState(s)
		got, err := scenario.ParseState(strings.Split(text, "\n"))
		if err != nil {
			t.Fatalf("ParseState(FormatState(s)) error: %v\ntext:\n%s", err, text)
		}
		if d := cmp.Diff(s, got); d != "" {
			t.Fatalf("ParseState(FormatState(s)) mismatch (-want +got):\n%s\ntext:\n%s", d, text)
		}
	})
}

package scenario_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/internal/scenario"
)

// TestStateRoundTripShared runs the round trip on the shared generator
// every package draws from (gen.Snapshot).
func TestStateRoundTripShared(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
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

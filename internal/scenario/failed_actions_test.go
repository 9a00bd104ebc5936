package scenario

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestFailedActions: a failed line takes the Describe verb of every action
// kind, the first and the last included.
func TestFailedActions(t *testing.T) {
	for k := dcplan.ActionAdopt; k <= dcplan.ActionStatus; k++ {
		s, err := ParseState([]string{"failed " + k.String() + " web-1"})
		if err != nil {
			t.Errorf("failed %s: %v", k, err)
			continue
		}
		if got := s.Outcome.Failures[0].Action; got != k {
			t.Errorf("failed %s: Action = %v, want %v", k, got, k)
		}
	}
}

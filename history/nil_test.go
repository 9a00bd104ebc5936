package history_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// TestNoConfig: Latest and ToDelete without a DC (a nil cfg) answer "no
// candidate" and "nothing to delete" (rule 1 of each) instead of a nil
// dereference.
func TestNoConfig(t *testing.T) {
	rcs := []dcplan.Deployment{{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete}}
	if got := history.Latest(nil, rcs); got.Exists || got.Candidate != nil {
		t.Errorf("Latest(nil, rcs) = %+v, want no candidate", got)
	}
	if got := history.ToDelete(nil, rcs); got != nil {
		t.Errorf("ToDelete(nil, rcs) = %v, want nil", got)
	}
}

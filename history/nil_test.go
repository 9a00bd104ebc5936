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

// TestNoConfigPrunable: Prunable and CountPrunable without a DC (a nil
// cfg) answer "none" as ToDelete does, instead of a nil dereference when
// no RC is active (SPEC 3.7.3, 5.8: the no-active rule reads
// status.latestVersion; SPEC 11 item 10: never a panic). A DC deleted
// while its RCs remain is such a world.
func TestNoConfigPrunable(t *testing.T) {
	rcs := []dcplan.Deployment{{Name: "web-1", Version: 1, Phase: dcplan.PhaseFailed}, {Name: "web-2", Version: 2, Phase: dcplan.PhaseRunning}}
	if got := history.Prunable(nil, rcs); got != nil {
		t.Errorf("Prunable(nil, rcs) = %v, want nil", got)
	}
	if got := history.CountPrunable(nil, rcs); got != 0 {
		t.Errorf("CountPrunable(nil, rcs) = %d, want 0", got)
	}
}

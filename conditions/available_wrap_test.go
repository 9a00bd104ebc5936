package conditions_test

import (
	"math"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// TestAvailableWithASurgeBeyondInt32: SPEC 5.16/5.17 via 3.10.1. A
// maxSurge percentage whose value does not fit in int32 is not "nil or
// invalid": upstream converts it with wraparound, and maxUnavailable
// still resolves (100 % of 2147483647), so the floor is 0 and a DC with
// 4 available replicas is Available. Before, the surge's overflow was an
// error that made maxUnavailable 0 and the DC unavailable.
func TestAvailableWithASurgeBeyondInt32(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		cfg := config(3)
		cfg.Replicas = math.MaxInt32
		cfg.Strategy = rolling(strFP("200%"), strFP("100%"))
		s := snap(p, cfg, rc(3, dcplan.PhaseRunning, 1, 1, 1, 1), rc(2, dcplan.PhaseComplete, 3, 3, 3, 3))
		got := conditions.Status(s, false)
		if st := availableStatus(got.Conditions); st != dcplan.StatusTrue {
			t.Errorf("%v: Available %q, want True (maxUnavailable 100%% of %d, available 4): %+v", p, st, cfg.Replicas, got.Conditions)
		}
	}
}

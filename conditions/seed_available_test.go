package conditions_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// TestSeedAvailableWithoutPositiveRule: SPEC 7 row 15, the seeds'
// Available is available >= replicas - maxUnavailable, without the
// modern "and > 0" (SPEC 3.10.1); SPEC 12 restricts only rows 16-20 to
// Origin15, so every Origin preset (SeedStatus) has it: a DC scaled to 0
// is Available there, and not under Modern or Exact. Before, Origin10
// and Origin13 kept the modern rule.
func TestSeedAvailableWithoutPositiveRule(t *testing.T) {
	for _, tt := range []struct {
		preset dcplan.Preset
		want   dcplan.ConditionStatus
	}{
		{dcplan.Origin10, dcplan.StatusTrue}, {dcplan.Origin13, dcplan.StatusTrue}, {dcplan.Origin15, dcplan.StatusTrue},
		{dcplan.Modern, dcplan.StatusFalse}, {dcplan.Exact, dcplan.StatusFalse},
	} {
		cfg := config(3)
		cfg.Replicas = 0
		s := snap(tt.preset, cfg, rc(3, dcplan.PhaseComplete, 0, 0, 0, 0))
		got := conditions.Status(s, true)
		if status := availableStatus(got.Conditions); status != tt.want {
			t.Errorf("%v: a DC scaled to 0 has Available %q, want %q: %+v", tt.preset, status, tt.want, got.Conditions)
		}
	}
}

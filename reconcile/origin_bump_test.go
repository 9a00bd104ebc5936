package reconcile_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestOriginBranchesBumpWithoutSeedStatus pins SPEC 7.3, 7.4, 7.13 and
// 3.9 apart from the SeedStatus switch, as
// TestOriginVersion0BumpsWithoutSeedStatus does for 7.1: the seed
// controller's status writes outside a running rollout are bumping
// branches (observedGeneration = metadata.generation), so they bump on
// their own, not only because SeedStatus always bumps.
func TestOriginBranchesBumpWithoutSeedStatus(t *testing.T) {
	tests := []struct {
		name string
		why  string
		edit func(*dcplan.Config)
		rule dcplan.Rule
	}{{
		name: "deleting",
		why:  "7.3: a DC being deleted gets its status, generation bumped",
		edit: func(c *dcplan.Config) { c.Deleting = true },
		rule: "7.3",
	}, {
		name: "paused, latest missing",
		why:  "7.4: PausedNoCreate cleans up and writes the status, generation bumped, instead of the create",
		edit: func(c *dcplan.Config) { c.Paused = true },
		rule: "7.4",
	}, {
		name: "create",
		why:  "7.13: the seed's create writes the status of the list with the new RC, generation bumped",
		edit: func(*dcplan.Config) {},
		rule: "7.13",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config(2)
			cfg.Generation, cfg.Status.ObservedGeneration = 3, 2
			tt.edit(&cfg)
			s := withPreset(snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 3)), dcplan.Origin13)
			s.Settings.Switches.SeedStatus = false
			p := reconcile.Config(s)
			if p.Status == nil || p.Status.Rule != tt.rule || p.Status.To.ObservedGeneration != 3 {
				t.Errorf("Config() Origin13 without SeedStatus: want a status write of rule %s with observedGeneration 3 (%s), got\n%s",
					tt.rule, tt.why, dcplan.Describe(p))
			}
		})
	}
}

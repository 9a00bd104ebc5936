package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestEncodedConfigFlawsDoNotStallTheDC: an old RC whose encoded DC holds
// values the API server never writes into a DC (a hand-edited annotation)
// is a world a cluster holds (SPEC 13.1). Upstream's DC controller plans on
// (it compares only the latest RC's template); so does Config, in every
// preset, with the plan it makes for the clean RC.
func TestEncodedConfigFlawsDoNotStallTheDC(t *testing.T) {
	flaws := []struct {
		name string
		flaw func(*dcplan.Config)
	}{
		{"recreate without params", func(c *dcplan.Config) { c.Strategy.HasParams = false }},
		{"negative replicas", func(c *dcplan.Config) { c.Replicas = -1 }},
		{"negative timeout", func(c *dcplan.Config) { c.Strategy.HasTimeout, c.Strategy.TimeoutSeconds = true, -1 }},
		{"negative latestVersion", func(c *dcplan.Config) { c.Status.LatestVersion = -1 }},
		{"negative history limit", func(c *dcplan.Config) { c.HasRevisionHistoryLimit, c.RevisionHistoryLimit = true, -1 }},
		{"unknown strategy", func(c *dcplan.Config) { c.Strategy.Type = 99 }},
	}
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin15} {
		cfg := config(2)
		clean := withPreset(settled(snapshot(cfg,
			rollout(t, cfg, 1, dcplan.PhaseComplete, 0),
			rollout(t, cfg, 2, dcplan.PhaseComplete, 3))), preset)
		clean.Config.Replicas = 5 // the DC was scaled: one RC to scale
		want := reconcile.Config(clean)
		if len(want.Scales) != 1 {
			t.Fatalf("%v: the clean DC plans %s, want one scale", preset, dcplan.Describe(want))
		}
		for _, tt := range flaws {
			t.Run(preset.String()+"/"+tt.name, func(t *testing.T) {
				s := clean.Clone()
				c := s.Deployments[0].Encoded.Clone()
				tt.flaw(&c)
				s.Deployments[0].Encoded = new(c)
				if err := s.Validate(); err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				if d := cmp.Diff(want, reconcile.Config(s)); d != "" {
					t.Errorf("Config() mismatch (-want +got):\n%s", d)
				}
			})
		}
	}
}

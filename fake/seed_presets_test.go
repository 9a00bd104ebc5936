package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestEveryPresetCompletesARollout runs a DC's first rollout and one
// `oc rollout latest` to rest under every preset. Under the seed presets
// (SeedPodController, SPEC 7 row 29) the deployer controller leaves a
// Pending or Running RC to the seed deployer-pod controller, which copies
// its deployer pod's phase into the RC; without that controller in the
// simulator's passes every seed rollout stayed Pending for ever.
func TestEveryPresetCompletesARollout(t *testing.T) {
	for _, p := range dcplan.Presets() {
		t.Run(p.String(), func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1, Settings: p.Settings()})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(50); err != nil {
				t.Fatalf("before rollout latest: %v\n%s", err, tail(s.Trace(), 40))
			}
			if err := s.RolloutLatest("ns", "web"); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(50); err != nil {
				t.Fatalf("after rollout latest: %v\n%s", err, tail(s.Trace(), 40))
			}
			cs := s.Observe().Configs
			if len(cs) != 1 {
				t.Fatalf("%d DCs observed, want 1", len(cs))
			}
			// The seeds' DC controller leaves the first rollout to a
			// separate config-change controller, so only rollout latest
			// rolls out there; Modern and Exact roll out the new DC too.
			c, ds := cs[0].Config, cs[0].Deployments
			if len(ds) == 0 {
				t.Fatalf("no RC at rest\n%s", tail(s.Trace(), 40))
			}
			last := ds[len(ds)-1]
			if last.Version != c.Status.LatestVersion || last.Phase != dcplan.PhaseComplete {
				t.Errorf("latest RC at rest: %s v%d %s, want v%d Complete\n%s", last.Name, last.Version, last.Phase, c.Status.LatestVersion, tail(s.Trace(), 40))
			}
			seedPods := strings.Contains(s.Trace(), "] deployer-pod ")
			if seedPods != p.Settings().SeedPodController {
				t.Errorf("deployer-pod controller passes in the trace: %v, want %v (SeedPodController)", seedPods, !seedPods)
			}
		})
	}
}

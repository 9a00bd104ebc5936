package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPodModelWithOnlyRatesIsUsedAsWritten: a PodModel that sets only a
// rate is not replaced by DefaultPodModel (only the zero PodModel is):
// with FailRate 1 the first rollout's deployer pod fails, whatever the
// seed, and with zero durations the failure comes without the default's
// scheduling and running time.
func TestPodModelWithOnlyRatesIsUsedAsWritten(t *testing.T) {
	for seed := range uint64(5) {
		s := fake.NewSim(fake.Options{Seed: seed, Model: fake.PodModel{FailRate: 1}})
		if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stabilize(20); err != nil {
			t.Fatal(err)
		}
		d, ok := s.World().Deployment("ns", "web-1")
		if !ok || d.Phase != dcplan.PhaseFailed {
			t.Errorf("seed %d: web-1 ended %v (exists %v), want Failed: FailRate 1 was not used", seed, d.Phase, ok)
		}
	}
}

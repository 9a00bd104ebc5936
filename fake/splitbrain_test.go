package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestSplitBrainEndsAtRest holds that a DC the Dual fault split (a second
// controller instance created one of its objects, ConfigState.SplitBrain)
// is exempt from the one-rollout invariants only until the world comes to
// rest: the observation at rest, and every one after it, judges the DC
// again (SPEC 3.2.8, 11a.4), so a split brain cannot hide a lasting
// violation.
func TestSplitBrainEndsAtRest(t *testing.T) {
	for seed := range uint64(20) {
		s := fake.NewSim(fake.Options{Seed: seed, Faults: fake.Faults{Dual: 1}})
		if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		split := false
		for step := 0; step < 40 && !split; step++ {
			if step%8 == 0 {
				if err := s.SetImage("ns", "web", fake.Images[step/8%len(fake.Images)]); err != nil {
					t.Fatal(err)
				}
			}
			s.Run(1)
			for _, c := range s.Observe().Configs {
				split = split || c.SplitBrain
			}
		}
		if !split {
			continue
		}
		s.Faults = fake.Faults{}
		if _, err := s.Stabilize(50); err != nil {
			t.Fatalf("seed %d: Stabilize() error = %v", seed, err)
		}
		for i := range 2 {
			o := s.Observe()
			if !o.Stable {
				t.Fatalf("seed %d: not at rest after Stabilize", seed)
			}
			for _, c := range o.Configs {
				if c.SplitBrain {
					t.Errorf("seed %d, observation %d at rest: dc %s/%s still split: its invariants are not judged", seed, i, c.Config.Namespace, c.Config.Name)
				}
			}
		}
		return
	}
	t.Fatal("no seed split a DC: the check is vacuous")
}

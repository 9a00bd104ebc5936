package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestSplitBrainPassCarriesTheSplit pins Transition.SplitBrain's
// contract: the pass of the second controller instance (the Dual fault)
// that splits the DC has SplitBrain set, and its Before and After both
// carry ConfigState.SplitBrain, as do the DC's later passes of the same
// observation (SPEC 3.2.8).
func TestSplitBrainPassCarriesTheSplit(t *testing.T) {
	for seed := range uint64(20) {
		s := fake.NewSim(fake.Options{Seed: seed, Faults: fake.Faults{Dual: 1}})
		if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		split := false
		for step := 0; step < 40; step++ {
			if step%8 == 0 {
				if err := s.SetImage("ns", "web", fake.Images[step/8%len(fake.Images)]); err != nil {
					t.Fatal(err)
				}
			}
			s.Run(1)
			o := s.Observe()
			for _, tr := range o.Transitions {
				if tr.SplitBrain || split {
					split = true
					if !tr.Before.SplitBrain || !tr.After.SplitBrain {
						t.Fatalf("seed %d, step %d: %s pass of a split DC (splitting it: %v) has Before.SplitBrain %v, After.SplitBrain %v; want both true",
							seed, step, tr.Actor, tr.SplitBrain, tr.Before.SplitBrain, tr.After.SplitBrain)
					}
				}
			}
			if split {
				break
			}
		}
		if split {
			return
		}
	}
	t.Fatal("no seed split a DC: the check is vacuous")
}

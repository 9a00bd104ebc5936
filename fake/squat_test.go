package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestSquatFiresAlone: with only the Squat fault on, squats happen, in
// every seed: the RC a DC controller pass creates gets its deployer pod in
// the same Step, so a squat waiting for an RC without one at the start of
// a step never found any; it now takes the name of an RC the step's DC
// pass created, before the deployer controller runs. The invariants hold
// after every step.
func TestSquatFiresAlone(t *testing.T) {
	f, err := fake.ParseFaults("squat=1")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(10) {
		s := fake.NewSim(fake.Options{Seed: seed, Faults: f})
		for _, n := range []string{"web", "api"} {
			if err := s.AddConfig(fake.NewConfig("ns", n, 2)); err != nil {
				t.Fatal(err)
			}
		}
		prev := s.Observe()
		for step := range 50 {
			s.Run(1)
			next := s.Observe()
			if err := fake.CheckInvariants(prev, next); err != nil {
				t.Fatalf("seed %d, step %d: %v\ntrace (last 40 lines):\n%s", seed, step, err, tail(s.Trace(), 40))
			}
			prev = next
		}
		squats := 0
		for _, r := range s.FaultLog() {
			if r.Kind == "squat" {
				squats++
			}
		}
		if squats == 0 {
			t.Errorf("seed %d: squat=1 made no squat in 50 steps", seed)
		}
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestCreatedPodIsPending: the server stamps status.phase Pending on a
// created pod, as the API server's pod strategy does (PrepareForCreate).
// The fake server used to drop the status, so a new deployer pod had no
// phase, phase.Candidate read it as New, and with WriteAnyPhaseChange on
// the deployer wrote its RC back from Pending to New (PhaseMoves broken
// in the third step of a fault-free run).
func TestCreatedPodIsPending(t *testing.T) {
	st := dcplan.Modern.Settings()
	st.WriteAnyPhaseChange = true
	s := fake.NewSim(fake.Options{Seed: 1, Settings: st})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	prev := s.Observe()
	for step := range 12 {
		s.Run(1)
		next := s.Observe()
		if err := fake.CheckInvariants(prev, next); err != nil {
			t.Fatalf("step %d: %v\ntrace (last 40 lines):\n%s", step, err, tail(s.Trace(), 40))
		}
		prev = next
	}
}

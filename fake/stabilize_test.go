package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
)

// TestStabilizeRefusesNegativePasses: Stabilize with a negative maxPasses
// returns an error at once, running no pass, where it once never stopped
// (pass == maxPasses never held).
func TestStabilizeRefusesNegativePasses(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	type result struct {
		n   int
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := s.Stabilize(-1)
		done <- result{n, err}
	}()
	select {
	case r := <-done:
		if r.err == nil || r.n != 0 {
			t.Errorf("Stabilize(-1) = %d, %v; want 0 and an error", r.n, r.err)
		}
		if s.Steps() != 0 {
			t.Errorf("Stabilize(-1) ran %d passes", s.Steps())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stabilize(-1) still running after 5s")
	}
}

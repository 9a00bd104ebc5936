package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestConflictOnlyWhereTheServerAnswersOne: the Conflict fault stands
// for another writer that got there first, which the API server answers
// 409 only to a write carrying a precondition it checks: an update's
// resourceVersion, a patch's, a delete's preconditions. A create is
// answered AlreadyExists or goes through, and a delete without
// preconditions is retried inside the server; neither is ever a
// Conflict (the deployer's pod deletes carry none, SPEC 4.6). The
// simulator answered the DC controller's RC create and the deployer's
// pod create Conflict.
func TestConflictOnlyWhereTheServerAnswersOne(t *testing.T) {
	n := 0
	for seed := range uint64(10) {
		s := fake.NewSim(fake.Options{Seed: seed + 1, Faults: fake.Faults{Conflict: 0.5, User: 0.1}})
		if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
			t.Fatal(err)
		}
		s.Run(60)
		for _, f := range s.FaultLog() {
			if f.Kind != "conflict" {
				continue
			}
			n++
			// A create of a DC is the instantiate subresource (no
			// planner creates a DC), whose retries may end in one.
			create := strings.HasPrefix(f.What, "conflict on create ") && !strings.HasPrefix(f.What, "conflict on create deploymentconfigs/")
			if create || strings.HasPrefix(f.What, "conflict on delete pods/") {
				t.Errorf("seed %d: fault %q: the server answers this request no Conflict", seed+1, f.What)
			}
		}
	}
	if n == 0 {
		t.Fatal("no conflict injected")
	}
}

package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestSimUnderForbidden runs Modern's all-fault traces with writes
// refused by RBAC too (the Forbidden fault): every invariant holds at
// every step and every world comes to rest once the faults stop. The
// traces must include a user's `oc rollout latest` whose instantiate was
// forbidden and that fell back to the PUT of the DC (SPEC 6m.3), the path
// no other fault reaches, or the test proves nothing.
func TestSimUnderForbidden(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 20 // seeds 13, 14 and 15 fall back; 0-9 do not
	}
	fellBack := 0
	for seed := range uint64(seeds) {
		s := fake.NewSim(fake.Options{Seed: seed, Faults: fake.AllFaults()})
		s.Faults.Forbidden, s.Faults.User = 0.1, 0.3
		for _, c := range []dcplan.Config{fake.NewConfig("ns", "web", 2), fake.NewConfig("ns", "api", 1)} {
			if err := s.AddConfig(c); err != nil {
				t.Fatal(err)
			}
		}
		runChecked(t, s, seed, 100, nil)
		if err := fake.Liveness(s); err != nil {
			t.Fatalf("seed %d: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
		}
		fellBack += fallbacks(s.Trace())
	}
	t.Logf("%d fallbacks in %d traces", fellBack, seeds)
	if fellBack == 0 {
		t.Errorf("no trace made oc rollout latest fall back after a forbidden instantiate")
	}
}

// fallbacks counts, in a trace, the forbidden instantiates (the only
// create of a DC a plan sends) whose pass went on to PUT latestVersion + 1.
func fallbacks(trace string) int {
	lines, n := strings.Split(trace, "\n"), 0
	for i, l := range lines {
		if !strings.Contains(l, "fault forbidden create deploymentconfigs/") {
			continue
		}
		for _, next := range lines[i+1 : min(i+4, len(lines))] {
			if strings.Contains(next, "update-dc dc/") && strings.Contains(next, "latestVersion=") {
				n++
				break
			}
		}
	}
	return n
}

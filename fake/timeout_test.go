package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestSimUnderTimeouts runs Modern's all-fault traces with writes whose
// answer is lost too (the Timeout fault: the store applies the write, the
// controller sees 504 and replans from what its cache shows next): every
// invariant holds at every step and every world comes to rest once the
// faults stop. The traces must time out a create, or the test proves
// little: a created RC or pod whose answer was lost is the case where a
// controller meets AlreadyExists for its own object.
func TestSimUnderTimeouts(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 10
	}
	timeouts, creates := 0, 0
	for seed := range uint64(seeds) {
		s := newFaultySim(seed)
		s.Faults.Timeout = 0.1
		runChecked(t, s, seed, 100, nil)
		if err := fake.Liveness(s); err != nil {
			t.Fatalf("seed %d: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
		}
		for _, l := range strings.Split(s.Trace(), "\n") {
			if strings.Contains(l, "fault timeout ") {
				timeouts++
				if strings.Contains(l, "timeout after create ") {
					creates++
				}
			}
		}
	}
	t.Logf("%d timeouts in %d traces, %d of them after a create", timeouts, seeds, creates)
	if creates == 0 {
		t.Errorf("no trace timed out a create")
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestSupersedesInFlightNewAndPending holds that SupersedesInFlight
// reports an older rollout left uncancelled while it is New or Pending,
// not only Running (SPEC 3.4: every older non-terminal RC is cancelled
// once latestVersion names a newer one): web-2, New (no deployer pod
// yet) or Pending, left as it was while latestVersion 3 has no RC. The
// case before ran web-2 Running.
func TestSupersedesInFlightNewAndPending(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	for _, ph := range []dcplan.Phase{New, Pending} {
		in := state(c3, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 2, ph, 0))
		tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: in, After: in}
		check(t, fake.SupersedesInFlight(tr), "left rc/web-2 "+ph.String()+" and not cancelled while latestVersion 3 has no RC", "web-2 is older than latestVersion 3")
	}
}

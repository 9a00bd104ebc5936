package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestNoCreateWhileInFlightBesideANewRC holds that NoCreateWhileInFlight
// counts an RC still New (no deployer pod yet) or Pending as a rollout in
// flight (SPEC 3.2.8, 3.4: no RC is created while an older one is not
// terminal): creating web-4 while web-3 is New or Pending in the live
// store is the second rollout of issue 13's defect 3, whose first RC had
// not got its deployer pod. Every other create case ran beside a Running
// RC or one without a phase.
func TestNoCreateWhileInFlightBesideANewRC(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	for _, ph := range []dcplan.Phase{New, Pending} {
		live := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, ph, 0))
		tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, After: live,
			Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Name: "web-4"},
				After: rcBytes(t, rcOf(t, dc(t, 4, "app:1"), 4, New, 0)), Live: live}}}
		check(t, fake.NoCreateWhileInFlight(tr), "created rc/web-4 while rc/web-3 was "+ph.String(), "web-3 has not ended")
	}
}

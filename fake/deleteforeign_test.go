package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestOnlyClaimedRCsJudgesDeletes holds that OnlyClaimedRCs judges a DC
// controller's delete of an RC as any other write to it (SPEC 3.3: the
// controller ignores an RC another DC controls, so its cleanup never
// deletes one): deleting web-1, which the old DC of the name controls,
// is reported. Every other case of the invariant was an update.
func TestOnlyClaimedRCsJudgesDeletes(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	live := state(c3, foreign(rcOf(t, c3, 1, Complete, 0)), rcOf(t, c3, 2, Complete, 0), rcOf(t, c3, 3, Complete, 1))
	del := func(rc string) fake.Transition {
		w := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: rc}, Live: live}
		return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, After: live, Writes: []fake.LiveWrite{w}}
	}
	check(t, fake.OnlyClaimedRCs(del("web-1")), "delete rc/web-1, which the DC does not control", "web-1 is the old DC's")
	check(t, fake.OnlyClaimedRCs(del("web-2")), "", "web-2 is the DC's")
}

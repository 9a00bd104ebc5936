package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestCancelThatAlsoScalesIsACancel holds that the invariants read a
// cancel from the RC's bytes whatever else the write changed (SPEC 3.4):
// one update that sets the cancel annotation on the latest web-3 and
// scales it is a cancel of the latest rollout, which CancelsOnlyOlder
// reports, and, while the DC is paused, one that PausedNoRollout reports
// as both (SPEC 3.2.5). Every other cancel case wrote the annotation
// alone.
func TestCancelThatAlsoScalesIsACancel(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	live := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 1))
	both := func(in fake.ConfigState) fake.Transition {
		w := editOf(t, "web-3", in, func(d *dcplan.Deployment) { d.Cancelled, d.Replicas = true, 0 })
		return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: in, After: in, Writes: []fake.LiveWrite{w}}
	}
	check(t, fake.CancelsOnlyOlder(both(live)), "cancelled rc/web-3 (version 3), not older than latestVersion 3", "web-3 is the latest")
	paused := with(live, func(c *fake.ConfigState) { c.Config.Paused = true })
	check(t, fake.PausedNoRollout(both(paused)), "paused, yet update replicationcontrollers/web-3 (scaled, cancelled)", "the write scaled and cancelled web-3")
}

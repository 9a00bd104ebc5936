package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestCancelsJudgedAfterAStaleRead holds that CancelsOnlyOlder and
// NoCancelAtVersionZero judge a DC controller pass that read a stale
// cache as any other (SPEC 3.4, 3.2.7.zero): status.latestVersion never
// goes down, so a pass that read an older status saw a version no higher
// than the live one, and cancelling an RC at or above the live status
// has no excuse in the lag.
func TestCancelsJudgedAfterAStaleRead(t *testing.T) {
	stale := func(tr fake.Transition) fake.Transition {
		tr.Stale, tr.StaleConfig = true, true
		return tr
	}
	c2, c3 := dc(t, 2, "app:1"), dc(t, 3, "app:1")
	newest := state(c2, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0))
	zero := state(dc(t, 0, "app:1"), rcOf(t, c3, 1, Running, 0))
	pass := func(in fake.ConfigState, rc string) fake.Transition {
		return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: in, After: in, Writes: []fake.LiveWrite{cancelOf(t, rc, in)}}
	}
	check(t, fake.CancelsOnlyOlder(stale(pass(newest, "web-3"))), "cancelled rc/web-3 (version 3), not older than latestVersion 2", "web-3 is above the live status")
	check(t, fake.NoCancelAtVersionZero(stale(pass(zero, "web-1"))), "cancelled rc/web-1 (version 1) while latestVersion is 0", "the live status is 0")
}

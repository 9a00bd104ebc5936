package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestHistoryKeepsLiveTheFirstRollout holds that HistoryKeepsLive keeps
// the RC status.latestVersion names when that is version 1 (SPEC 3.7.5:
// cleanup never deletes the latest RC): a DC whose first rollout failed
// has no active RC and no older one, and deleting web-1 deletes its only
// rollout. Every other case's latest RC was of version 2 or more.
func TestHistoryKeepsLiveTheFirstRollout(t *testing.T) {
	c1 := dc(t, 1, "app:1")
	live := state(c1, rcOf(t, c1, 1, Failed, 0))
	del := fake.LiveWrite{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: "web-1"}, Live: live}
	tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, After: state(c1), Writes: []fake.LiveWrite{del}}
	check(t, fake.HistoryKeepsLive(tr), "deleted rc/web-1, the latest (latestVersion 1)", "web-1 is the latest RC")
}

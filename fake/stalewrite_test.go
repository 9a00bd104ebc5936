package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestOnlyClaimedRCsJudgesStalePasses holds that OnlyClaimedRCs excuses a
// pass that read a stale cache only for an adoption (SPEC 3.3: its
// patch's precondition is the RC's uid alone): any other write to an RC
// the live DC does not control, such as a scale of the old DC's web-1,
// is reported when the pass read the live DC: an RC it read as its
// DC's, or as an orphan, cannot have come under another DC of the name
// since, so no cache excuses it.
func TestOnlyClaimedRCsJudgesStalePasses(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	live := state(c3, foreign(rcOf(t, c3, 1, Complete, 0)), rcOf(t, c3, 3, Complete, 1))
	tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Stale: true, Before: live, After: live,
		Writes: []fake.LiveWrite{scaleOf(t, "web-1", 2, live)}}
	check(t, fake.OnlyClaimedRCs(tr), "update rc/web-1, which the DC does not control", "a stale read excuses adoptions only")
}

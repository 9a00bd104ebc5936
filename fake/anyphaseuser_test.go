package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestWriteAnyPhaseChangeIsTheControllers holds that PhaseMoves excuses
// the oldest seed's backward moves (WriteAnyPhaseChange, SPEC 7 row 28)
// for its controllers only: a phase its deployer pod gives. A user
// command of that era moves no phase but as `oc rollout retry` does
// (Failed to New, SPEC 6.2), so a user's Failed to Complete or Complete
// to Running under Origin10 is reported as under any preset.
func TestWriteAnyPhaseChangeIsTheControllers(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	for _, m := range []struct{ from, to dcplan.Phase }{{Failed, Complete}, {Complete, Running}} {
		in := state(c3, rcOf(t, c3, 3, m.from, 0))
		tr := fake.Transition{Actor: "user:rollback", Kind: fake.PassUser,
			Writes: []fake.LiveWrite{editOf(t, "web-3", in, func(d *dcplan.Deployment) { d.Phase = m.to })}}
		check(t, fake.PhaseMoves(tr.WithSettings(dcplan.Origin10.Settings())), "rc/web-3 moved "+m.from.String()+" -> "+m.to.String(), "a user command is no controller")
	}
}

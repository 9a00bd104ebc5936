package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPhaseMovesTerminalStaysTerminal holds that PhaseMoves reports a
// move between the two terminal phases (SPEC 2.1: Complete and Failed
// are terminal, nothing moves an RC out of them but `oc rollout retry`
// from Failed to New, SPEC 6.2): a deployer that failed a Complete RC
// (its deployer pod deleted after success) or completed a Failed one
// (a late success after a cancel) moved a finished rollout. The cases
// before moved a terminal phase back to a running one only.
func TestPhaseMovesTerminalStaysTerminal(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	for _, m := range []struct{ from, to dcplan.Phase }{{Complete, Failed}, {Failed, Complete}} {
		in := state(c3, rcOf(t, c3, 3, m.from, 0))
		tr := fake.Transition{Actor: "deployer", Kind: fake.PassDeployer, Target: "web-3",
			Writes: []fake.LiveWrite{editOf(t, "web-3", in, func(d *dcplan.Deployment) { d.Phase = m.to })}}
		check(t, fake.PhaseMoves(tr), "rc/web-3 moved "+m.from.String()+" -> "+m.to.String(), "a terminal phase never moves")
	}
}

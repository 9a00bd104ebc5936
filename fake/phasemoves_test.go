package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPhaseMovesEdges holds PhaseMoves to the rest of SPEC 2.1's table:
// no phase moves back to an earlier one (Running to Pending, Pending to
// New); only `oc rollout retry` moves an RC back to New, and only from
// Failed (SPEC 6.2); no phase is written over a missing one but with
// WriteAnyPhaseChange (SPEC 2.1, 7 row 28); and a write to an RC without
// a phase (a hand-made RC, SPEC 13.1) that leaves it without one is no
// move.
func TestPhaseMovesEdges(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	live := state(c3, rcOf(t, c3, 2, dcplan.PhaseUnknown, 1), rcOf(t, c3, 3, Running, 0))
	move := func(actor string, from, to dcplan.Phase) fake.Transition {
		in := state(c3, rcOf(t, c3, 3, from, 0))
		return fake.Transition{Actor: actor, Kind: fake.PassDeployer, Writes: []fake.LiveWrite{editOf(t, "web-3", in, func(d *dcplan.Deployment) { d.Phase = to })}}
	}
	tests := []struct {
		name    string
		why     string
		t       fake.Transition
		wantErr string
	}{
		{name: "2.1 running to pending", why: "a phase never moves back", t: move("deployer", Running, Pending), wantErr: "rc/web-3 moved Running -> Pending"},
		{name: "2.1 pending to new", why: "a phase never moves back", t: move("deployer", Pending, New), wantErr: "rc/web-3 moved Pending -> New"},
		{name: "6.2 retry of a complete RC", why: "oc rollout retry moves only a Failed RC back to New", t: move("user:retry", Complete, New), wantErr: "rc/web-3 moved Complete -> New"},
		{name: "2.1 phase-less to running", why: "no phase may be written over a missing one (SPEC 2.1's row \"\" or anything else, 4.3: nothing)",
			t: move("deployer", dcplan.PhaseUnknown, Running), wantErr: "rc/web-3 moved  -> Running"},
		{name: "2.1 running to phase-less", why: "a write that drops the phase annotation moves the RC back",
			t: move("deployer", Running, dcplan.PhaseUnknown), wantErr: "rc/web-3 moved Running -> "},
		{name: "7#28 oldest seed, phase-less to running", why: "WriteAnyPhaseChange writes any phase its pod gives, a missing one's too",
			t: func() fake.Transition {
				tr := move("deployer-pod", dcplan.PhaseUnknown, Running)
				tr.Settings = dcplan.Origin10.Settings()
				return tr
			}()},
		{name: "13.1 phase-less RC scaled", why: "the DC controller scales the phase-less web-2: its phase stays unset",
			t: fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Writes: []fake.LiveWrite{scaleOf(t, "web-2", 0, live)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, fake.PhaseMoves(tt.t), tt.wantErr, tt.why)
		})
	}
}

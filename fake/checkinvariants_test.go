package fake_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestCheckInvariantsJudgesEveryPart holds what CheckInvariants judges
// of one step, beyond TestCheckInvariantsNeverVacuous: every recorded
// pass (Observation.Transitions), named by its actor and DC; a single
// unrecorded pass; and the step of each DC from its own previous state,
// found by namespace and name, a DC created again (a new uid) being no
// step back (SPEC 3.2.10).
func TestCheckInvariantsJudgesEveryPart(t *testing.T) {
	c2, c3 := dc(t, 2, "app:1"), dc(t, 3, "app:1")
	live := state(c3, rcOf(t, c3, 3, Complete, 1))
	backwards := fake.Transition{Actor: "deployer", Kind: fake.PassDeployer, Before: live, After: live,
		Writes: []fake.LiveWrite{editOf(t, "web-3", live, func(d *dcplan.Deployment) { d.Phase = Running })}}
	inNS := func(ns string, c dcplan.Config) fake.ConfigState {
		c.Namespace = ns
		return state(c)
	}
	again := c2
	again.UID = "uid-web-again"
	tests := []struct {
		name       string
		why        string
		prev, next fake.Observation
		wantErr    string
		wantIs     error
	}{
		{name: "2.1 a recorded pass", why: "the deployer moved web-3 back from Complete",
			next:    fake.Observation{Configs: []fake.ConfigState{live}, Transitions: []fake.Transition{backwards}},
			wantErr: "deployer on dc ns/web: PhaseMoves (SPEC 2.1): rc/web-3 moved Complete -> Running"},
		{name: "one unrecorded pass", why: "a single pass a quiet Sim did not record is unchecked too",
			next: fake.Observation{Configs: []fake.ConfigState{live}, Unrecorded: 1}, wantErr: "1 passes", wantIs: fake.ErrUncheckedPasses},
		{name: "3.2.10 same name, other namespace", why: "a/web stays at 3 and b/web at 2: b/web is judged against b/web, not a/web",
			prev: fake.Observation{Configs: []fake.ConfigState{inNS("a", c3), inNS("b", c2)}},
			next: fake.Observation{Configs: []fake.ConfigState{inNS("a", c3), inNS("b", c2)}}},
		{name: "3.2.10 step back in one namespace", why: "b/web went from 3 to 2",
			prev:    fake.Observation{Configs: []fake.ConfigState{inNS("a", c2), inNS("b", c3)}},
			next:    fake.Observation{Configs: []fake.ConfigState{inNS("a", c2), inNS("b", c2)}},
			wantErr: "dc b/web: LatestVersionMonotonic (SPEC 3.2.10): latestVersion 3 -> 2"},
		{name: "3.2.10 created again", why: "web deleted and created again at version 2: another DC, not a step back",
			prev: fake.Observation{Configs: []fake.ConfigState{state(c3)}},
			next: fake.Observation{Configs: []fake.ConfigState{state(again)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := fake.CheckInvariants(tt.prev, tt.next)
			check(t, err, tt.wantErr, tt.why)
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("CheckInvariants() = %v, want it to wrap %v (%s)", err, tt.wantIs, tt.why)
			}
		})
	}
}

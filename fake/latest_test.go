package fake_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestInvariantsFindTheLatestRollout holds how the invariants that need
// the latest rollout find it: the claimed RC of status.latestVersion,
// none at version 0 (SPEC 3.2.6, 5.6: whatever RC a hand edit gave
// version 0) nor when that RC is not there yet; of two RCs sharing the
// version (SPEC 13.1), whose order in the planner's list an observer does
// not know, the rollout has ended only when both have (ReplicasWhenStable
// judges then) and is in flight only while neither has
// (NoScaleDuringRollout forbids a scale then) — whichever comes first in
// the world's list.
func TestInvariantsFindTheLatestRollout(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	c3 := dc(t, 3, "app:1")
	zero := rcOf(t, c2, 1, Complete, 1)
	zero.Name, zero.Version = "web-0", 0
	rest := func(c fake.ConfigState) func() error { return func() error { return fake.ReplicasWhenStable(c) } }
	scale := func(rc string, c fake.ConfigState) func() error {
		return func() error {
			return fake.NoScaleDuringRollout(fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Writes: []fake.LiveWrite{scaleOf(t, rc, 5, c)}})
		}
	}
	tests := []struct {
		name    string
		why     string
		judge   func() error
		wantErr string
	}{
		{name: "5.6 no latest at version 0", why: "web-0 is no rollout of a DC at latestVersion 0: replicas are not judged",
			judge: rest(state(dc(t, 0, "app:1"), zero))},
		{name: "3.2.6 latest not created", why: "latestVersion 3 has no RC yet (a crash after the bump): no latest, not judged",
			judge: rest(state(c3, rcOf(t, c3, 2, Complete, 0)))},
		{name: "13.1 running twin first", why: "web-2-restored runs: the rollout has not ended, whatever web-2 says",
			judge: rest(state(c2, rcOf(t, c2, 1, Complete, 1), twin(rcOf(t, c2, 2, Running, 0)), rcOf(t, c2, 2, Complete, 0)))},
		{name: "13.1 running twin last", why: "the same world, listed the other way round",
			judge: rest(state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Complete, 0), twin(rcOf(t, c2, 2, Running, 0))))},
		{name: "13.1 both twins ended", why: "both RCs of version 2 ended: judged, and the active web-2 should hold web-1's replica",
			judge:   rest(state(c2, rcOf(t, c2, 1, Complete, 1), twin(rcOf(t, c2, 2, Failed, 0)), rcOf(t, c2, 2, Complete, 0))),
			wantErr: "rc web-1 (Complete) has 1 replicas, want 0"},
		{name: "13.1 ended twin first", why: "web-3-restored ended: the planner may take it for the latest, so scaling web-3 is allowed",
			judge: scale("web-3", state(c3, twin(rcOf(t, c3, 3, Complete, 1)), rcOf(t, c3, 3, Running, 0)))},
		{name: "13.1 ended twin last", why: "the same world, listed the other way round",
			judge: scale("web-3", state(c3, rcOf(t, c3, 3, Running, 0), twin(rcOf(t, c3, 3, Complete, 1))))},
		{name: "3.6 scale before the latest exists", why: "latestVersion 3 has no RC yet: a rollout is being started, no scale (SPEC 0 rule 2)",
			judge:   scale("web-2", state(c3, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1))),
			wantErr: "scaled rc/web-2 while the latest rollout (version 3) was in flight"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(), tt.wantErr, tt.why)
		})
	}
}

// TestTwinOrderDoesNotChangeAVerdict is the metamorphic form of the twin
// cases above: every State, Rest and Transition invariant gives the same
// verdict on a world whose RCs sharing a version (SPEC 13.1) are listed
// in either order.
func TestTwinOrderDoesNotChangeAVerdict(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	worlds := []fake.ConfigState{
		state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Complete, 0), twin(rcOf(t, c2, 2, Running, 0))),
		state(c2, rcOf(t, c2, 1, Complete, 0), rcOf(t, c2, 2, Complete, 1), twin(rcOf(t, c2, 2, Complete, 0))),
		state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Failed, 0), twin(rcOf(t, c2, 2, Complete, 0))),
	}
	for i, w := range worlds {
		swapped := w
		swapped.Deployments = slices.Clone(w.Deployments)
		n := len(swapped.Deployments)
		swapped.Deployments[n-1], swapped.Deployments[n-2] = swapped.Deployments[n-2], swapped.Deployments[n-1]
		for _, inv := range fake.Invariants {
			var a, b error
			switch {
			case inv.State != nil:
				a, b = inv.State(w), inv.State(swapped)
			case inv.Rest != nil:
				a, b = inv.Rest(w), inv.Rest(swapped)
			default:
				tr := func(c fake.ConfigState) fake.Transition {
					return fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: c, After: c,
						Writes: []fake.LiveWrite{scaleOf(t, "web-1", 3, c)}}
				}
				a, b = inv.Transition(tr(w)), inv.Transition(tr(swapped))
			}
			if (a == nil) != (b == nil) {
				t.Errorf("world %d: %s = %v, with the twins swapped %v", i, inv.Name, a, b)
			}
		}
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestStatusInvariantsEdges holds the edges of the invariants on
// status.latestVersion: a paused DC and one being deleted stop before the
// status catch-up (SPEC 3.2.4, 3.2.5), so at rest they keep an RC above
// their status (a DC created again over its predecessor's RCs adopts them
// at latestVersion 0), which an unpaused DC does not (SPEC 3.2.7); and a
// write that leaves latestVersion negative fails, even when it raised it
// (SPEC 3.2.10; issue 13 defect 2).
func TestStatusInvariantsEdges(t *testing.T) {
	c0, c3 := dc(t, 0, "app:1"), dc(t, 3, "app:1")
	adopted := state(c0, rcOf(t, c3, 1, Complete, 0), rcOf(t, c3, 2, Complete, 1))
	paused, deleting := adopted, adopted
	paused.Config.Paused = true
	deleting.Config.Deleting = true
	low, lower := c0, c0
	low.Status.LatestVersion, lower.Status.LatestVersion = -1, -2
	negative := fake.Transition{Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbUpdate, Resource: wire.ResourceConfigs, Subresource: wire.SubresourceStatus, Name: "web"},
		Before: dcBytes(t, lower), After: dcBytes(t, low), Live: state(lower)}}}
	tests := []struct {
		name    string
		why     string
		judge   func() error
		wantErr string
	}{
		{name: "3.2.7 unpaused", why: "the catch-up raises latestVersion to web-2 before rest", judge: func() error { return fake.StatusCaughtUp(adopted) },
			wantErr: "rc web-1 has version 1 above latestVersion 0"},
		{name: "3.2.5 paused", why: "a paused DC stops before the catch-up", judge: func() error { return fake.StatusCaughtUp(paused) }},
		{name: "3.2.4 deleting", why: "a DC being deleted stops before the catch-up", judge: func() error { return fake.StatusCaughtUp(deleting) }},
		{name: "3.2.10 negative write", why: "a write from -2 to -1 raises latestVersion but leaves it negative", judge: func() error { return fake.LatestVersionMonotonic(negative) },
			wantErr: "update wrote latestVersion -2 -> -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(), tt.wantErr, tt.why)
		})
	}
}

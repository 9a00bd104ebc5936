package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestStatusInvariantsEdges holds the edges of the invariants on
// status.latestVersion: a paused DC and one being deleted stop before the
// status catch-up (SPEC 3.2.4, 3.2.5), so at rest they keep an RC above
// their status (a DC created again over its predecessor's RCs adopts them
// at latestVersion 0), which an unpaused DC does not (SPEC 3.2.7); and a
// write that leaves latestVersion negative fails, even when it raised it
// (SPEC 3.2.10; issue 13 defect 2). Such a lagging DC has no latest RC,
// so its updatedReplicas is 0 (SPEC 3.2.6, 3.9).
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
	// A DC created again over its predecessor's web-1 (active) and web-3
	// (failed), its status caught up to 1 of 3 (SPEC 3.2.7) when a user
	// paused it: the paused branch writes the status with no latest RC
	// (SPEC 3.2.6: the newest, web-3, is not of latestVersion), so
	// updatedReplicas is 0 (SPEC 3.9), though web-1 runs a replica.
	c1 := dc(t, 1, "app:1")
	c1.Paused = true
	lagPaused := state(c1, rcOf(t, c3, 1, Complete, 1), rcOf(t, c3, 3, Failed, 0))
	lagPaused.Deployments[0].StatusReplicas, lagPaused.Deployments[0].AvailableReplicas, lagPaused.Deployments[0].ReadyReplicas = 1, 1, 1
	lagPaused.Config.Status.Replicas, lagPaused.Config.Status.AvailableReplicas, lagPaused.Config.Status.ReadyReplicas = 1, 1, 1
	lagPaused.Config.Status.ObservedGeneration = lagPaused.Config.Generation
	// web-2, the latest, deleted by hand (or web-2 running) under a DC
	// edited to generation 2 that the controller has not observed: the
	// paused and deleting branches compute the status whatever the
	// latest (SPEC 3.2.4, 3.2.5) and bump observedGeneration (3.9: every
	// branch but "latest exists and still running", 3.2.11, which they
	// come before).
	unobserved := func(ph dcplan.Phase, f func(*dcplan.Config)) fake.ConfigState {
		c := dc(t, 2, "app:1")
		c.Generation, c.Status.ObservedGeneration = 2, 1
		f(&c)
		rcs := []dcplan.Deployment{rcOf(t, c, 1, Complete, 0)}
		if ph != dcplan.PhaseUnknown {
			rcs = append(rcs, rcOf(t, c, 2, ph, 0))
		}
		return state(c, rcs...)
	}
	pause := func(c *dcplan.Config) { c.Paused = true }
	del := func(c *dcplan.Config) { c.Deleting = true }
	tests := []struct {
		name    string
		why     string
		judge   func() error
		wantErr string
	}{
		{name: "3.2.5 paused, latest gone, generation unobserved", why: "the paused branch writes the status with observedGeneration 2 whatever the latest",
			judge: func() error { return fake.StatusSumsAtRest(unobserved(dcplan.PhaseUnknown, pause)) }, wantErr: "status.observedGeneration 1, want 2"},
		{name: "3.2.5 paused, latest running, generation unobserved", why: "the paused branch comes before 3.2.11, which alone keeps observedGeneration",
			judge: func() error { return fake.StatusSumsAtRest(unobserved(Running, pause)) }, wantErr: "status.observedGeneration 1, want 2"},
		{name: "3.2.4 deleting, latest gone, generation unobserved", why: "the deleting branch writes the status with observedGeneration 2 whatever the latest",
			judge: func() error { return fake.StatusSumsAtRest(unobserved(dcplan.PhaseUnknown, del)) }, wantErr: "status.observedGeneration 1, want 2"},
		{name: "3.2.4 deleting, latest running, generation unobserved", why: "the deleting branch comes before 3.2.11",
			judge: func() error { return fake.StatusSumsAtRest(unobserved(Running, del)) }, wantErr: "status.observedGeneration 1, want 2"},
		{name: "3.2.11 latest running, generation unobserved", why: "an unpaused DC whose latest runs keeps observedGeneration",
			judge: func() error { return fake.StatusSumsAtRest(unobserved(Running, func(*dcplan.Config) {})) }},
		{name: "3.2.5 paused, generation observed", why: "observedGeneration 2 is what the paused branch writes",
			judge: func() error {
				c := unobserved(dcplan.PhaseUnknown, pause)
				c.Config.Status.ObservedGeneration = 2
				return fake.StatusSumsAtRest(c)
			}},
		{name: "7#4 PausedNoCreate, latest running", why: "the seed's paused check comes after the running branch (SPEC 3.11), which keeps observedGeneration",
			judge: func() error {
				c := unobserved(Running, pause)
				c.Switches.Paused = dcplan.PausedNoCreate
				return fake.StatusSumsAtRest(c)
			}},
		{name: "7#3 IgnoreDeleting, latest running", why: "the oldest seed plans a DC being deleted as any other: the running branch keeps observedGeneration",
			judge: func() error {
				c := unobserved(Running, del)
				c.Switches.IgnoreDeleting = true
				return fake.StatusSumsAtRest(c)
			}},
		{name: "3.2.7 unpaused", why: "the catch-up raises latestVersion to web-2 before rest", judge: func() error { return fake.StatusCaughtUp(adopted) },
			wantErr: "rc web-1 has version 1 above latestVersion 0"},
		{name: "3.2.5 paused", why: "a paused DC stops before the catch-up", judge: func() error { return fake.StatusCaughtUp(paused) }},
		{name: "3.2.4 deleting", why: "a DC being deleted stops before the catch-up", judge: func() error { return fake.StatusCaughtUp(deleting) }},
		{name: "3.9 paused, status lags", why: "no latest RC exists while web-3 is above latestVersion 1: updatedReplicas 0, as upstream's calculateStatus has it",
			judge: func() error { return fake.StatusSumsAtRest(lagPaused) }},
		{name: "3.9 paused, status lags, updated counted", why: "updatedReplicas counts no RC when none is the latest",
			judge: func() error {
				c := lagPaused
				c.Config.Status.UpdatedReplicas = 1
				return fake.StatusSumsAtRest(c)
			}, wantErr: "status.updatedReplicas 1, want 0"},
		{name: "3.2.10 negative write", why: "a write from -2 to -1 raises latestVersion but leaves it negative", judge: func() error { return fake.LatestVersionMonotonic(negative) },
			wantErr: "update wrote latestVersion -2 -> -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(), tt.wantErr, tt.why)
		})
	}
}

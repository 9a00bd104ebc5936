package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestHistoryInvariantsEdges holds the edges of the history invariants
// (a paused DC's history is cleaned too, SPEC 3.2.5, but never scaled,
// so an old RC with replicas is skipped and counted, and the latest RC
// is kept) beyond TestStateInvariantsCatchViolations and
// TestTransitionInvariantsCatchViolations: without an active RC every RC
// but the one status.latestVersion names is prunable, those above it too
// (SPEC 3.7.3; a seed-era DC created again over its predecessor's RCs
// keeps them above its status, SPEC 7 row 5); history is judged only once
// the latest rollout ended and not for a DC being deleted (SPEC 3.2.4);
// Exact's PausedPrunesLatest excuses deleting the latest RC of a paused
// DC only; and the seed-era controller's excuses (SPEC 3.11) hold only
// where its status lags: the latest RC that is also the active one is
// kept, and an RC above a lagging status may go. HistoryLimit judges the
// DC controller's cleanup only.
func TestHistoryInvariantsEdges(t *testing.T) {
	c1 := dc(t, 1, "app:1")
	c1.HasRevisionHistoryLimit, c1.RevisionHistoryLimit = true, 0
	c2 := dc(t, 2, "app:1")
	c2.HasRevisionHistoryLimit, c2.RevisionHistoryLimit = true, 0
	c4 := dc(t, 4, "app:1")
	c4.HasRevisionHistoryLimit, c4.RevisionHistoryLimit = true, 1
	// The seed-era DC at latestVersion 1 over its predecessor's web-2.
	seed := state(c1, rcOf(t, c1, 1, Failed, 0), foreign(rcOf(t, c1, 2, Failed, 0)))
	seed.ByLabel = true
	// web-4 runs; web-1 and web-2 are two prunable RCs of limit 1.
	running := state(c4, rcOf(t, c4, 1, Complete, 0), rcOf(t, c4, 2, Complete, 0), rcOf(t, c4, 3, Complete, 1), rcOf(t, c4, 4, Running, 0))
	c3 := c4
	c3.Status.LatestVersion = 3
	deleting := state(c3, rcOf(t, c4, 1, Complete, 0), rcOf(t, c4, 2, Complete, 0), rcOf(t, c4, 3, Complete, 1))
	deleting.Config.Deleting = true
	delRead := func(rc string, in fake.ConfigState, p dcplan.Preset, staleConfig bool) func() error {
		return func() error {
			tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: in, After: in, Stale: staleConfig, StaleConfig: staleConfig,
				Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: rc}, Live: in}}}
			return fake.HistoryKeepsLive(tr.WithSettings(p.Settings()))
		}
	}
	del := func(rc string, in fake.ConfigState, p dcplan.Preset) func() error { return delRead(rc, in, p, false) }
	// An unpaused DC at latestVersion 2 with web-3 above it, all Complete.
	unpaused := state(c2, rcOf(t, c2, 1, Complete, 0), rcOf(t, c2, 2, Complete, 0), rcOf(t, c2, 3, Complete, 1))
	// A paused DC at rest (SPEC 3.2.5: history cleanup, no scaling) with
	// limit 1 and web-3 active: web-1 and web-2 are prunable.
	pausedLimit := c4
	pausedLimit.Status.LatestVersion, pausedLimit.Paused = 3, true
	pausedKept := state(pausedLimit, rcOf(t, c4, 1, Complete, 0), rcOf(t, c4, 2, Complete, 0), rcOf(t, c4, 3, Complete, 1))
	pausedScaled := state(pausedLimit, rcOf(t, c4, 1, Complete, 2), rcOf(t, c4, 2, Complete, 0), rcOf(t, c4, 3, Complete, 1))
	// Paused at latestVersion 1 below its active web-2 (a DC created again
	// over its predecessor's RCs): Modern's paused cleanup keeps the latest.
	pausedLag := c2
	pausedLag.Status.LatestVersion, pausedLag.Paused = 1, true
	pausedLagging := state(pausedLag, rcOf(t, c2, 1, Failed, 0), rcOf(t, c2, 2, Complete, 1))
	// Paused at latestVersion 4 with limit 1 and web-3 active, web-4
	// deleted by hand or left without a phase: the paused branch cleans
	// history whatever the latest (SPEC 3.2.5, 3.7), so web-1 goes.
	pausedNoLatest := c4
	pausedNoLatest.Paused = true
	pausedGone := state(pausedNoLatest, rcOf(t, c4, 1, Complete, 0), rcOf(t, c4, 2, Complete, 0), rcOf(t, c4, 3, Complete, 1))
	pausedPhaseless := state(pausedNoLatest, rcOf(t, c4, 1, Complete, 0), rcOf(t, c4, 2, Complete, 0), rcOf(t, c4, 3, Complete, 1), rcOf(t, c4, 4, dcplan.PhaseUnknown, 0))
	tests := []struct {
		name    string
		why     string
		judge   func() error
		wantErr string
	}{
		{name: "3.2.5 paused, latest gone, history kept", why: "the paused branch cleans history before it looks for the latest: web-1, the oldest prunable RC at 0 replicas, goes",
			judge: func() error { return fake.HistoryPruned(pausedGone) }, wantErr: "web-1"},
		{name: "3.2.5 paused, latest without a phase, history kept", why: "web-4 has no phase and no deployer moves it: the paused branch cleans history all the same",
			judge: func() error { return fake.HistoryPruned(pausedPhaseless) }, wantErr: "web-1"},
		{name: "3.2.5 paused, latest gone, Exact", why: "Exact's paused branch cleans history whatever the latest too",
			judge: func() error { return fake.HistoryPruned(pausedGone.WithSettings(dcplan.Exact.Settings())) }, wantErr: "web-1"},
		{name: "7#4 PausedNoCreate, latest without a phase", why: "the seeds' paused check comes after the cancel of 3.4, which awaits web-4 (AwaitUnknownPhase): no cleanup",
			judge: func() error { return fake.HistoryPruned(pausedPhaseless.WithSettings(dcplan.Origin15.Settings())) }},
		{name: "7#4 PausedIgnored, latest gone", why: "the oldest seed has no paused concept: it creates web-4 first",
			judge: func() error { return fake.HistoryPruned(pausedGone.WithSettings(dcplan.Origin10.Settings())) }},
		{name: "3.7.3 no active, above the status", why: "no RC completed: web-2, above latestVersion 1, is prunable, and limit 0 keeps none",
			judge: func() error { return fake.HistoryPruned(seed) }, wantErr: "1 prunable rcs kept, limit 0"},
		{name: "3.7 latest in flight", why: "cleanup runs once web-4 ends", judge: func() error { return fake.HistoryPruned(running) }},
		{name: "3.2.4 deleting", why: "a DC being deleted gets only its status written: web-1 and web-2 stay", judge: func() error { return fake.HistoryPruned(deleting) }},
		{name: "3.7 the same DC not being deleted", why: "web-3 ended: cleanup keeps one of web-1 and web-2",
			judge: func() error { c := deleting; c.Config.Deleting = false; return fake.HistoryPruned(c) }, wantErr: "2 prunable rcs kept, limit 1"},
		{name: "3.2.5 paused, history kept", why: "a paused DC gets its history cleaned (SPEC 3.2.5, 3.7): web-1, the oldest prunable RC at 0 replicas, goes",
			judge: func() error { return fake.HistoryPruned(pausedKept) }, wantErr: "web-1"},
		{name: "3.7.5 paused, skip but count", why: "a paused DC is not scaled: web-1 keeps its replicas, is skipped and counted, so web-2 stays",
			judge: func() error { return fake.HistoryPruned(pausedScaled) }},
		{name: "3.7.5.paused paused keeps the latest", why: "web-1 is the latest RC (latestVersion 1) below the active web-2: Modern's paused cleanup keeps it",
			judge: func() error { return fake.HistoryPruned(pausedLagging) }},
		{name: "12 PausedPrunesLatest, unpaused", why: "Exact's accident is a paused DC's: an unpaused one keeps its latest RC",
			judge: del("web-2", unpaused, dcplan.Exact), wantErr: "deleted rc/web-2, the latest (latestVersion 2)"},
		{name: "3.7.5.paused PausedPrunesLatest, read stale", why: "a pass that read the DC stale may have read it paused before a resume: Exact's accident excuses the delete (TestAccidentsUnderFaults, Exact seed 1410 of 4000)",
			judge: delRead("web-2", unpaused, dcplan.Exact, true)},
		{name: "3.7.5 read stale, Modern", why: "Modern keeps the latest RC of a DC it read paused too: a stale read excuses nothing",
			judge: delRead("web-2", unpaused, dcplan.Modern, true), wantErr: "deleted rc/web-2, the latest (latestVersion 2)"},
		{name: "3.11 seed, active latest", why: "web-2 is both the latest and the active RC: no lag excuses its delete",
			judge: del("web-2", state(c2, rcOf(t, c2, 1, Complete, 0), rcOf(t, c2, 2, Complete, 1)), dcplan.Origin15), wantErr: "deleted rc/web-2, the latest (latestVersion 2)"},
		{name: "3.7.3 a delete by a user", why: "HistoryLimit judges the DC controller's cleanup: a user's delete of web-1 is no cleanup",
			judge: func() error {
				in := state(dc(t, 3, "app:1"), rcOf(t, c4, 1, Complete, 0), rcOf(t, c4, 3, Complete, 1))
				return fake.HistoryLimit(fake.Transition{Actor: "user:delete", Kind: fake.PassUser, Before: in, After: in,
					Writes: []fake.LiveWrite{{Request: wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Name: "web-1"}, Live: in}}})
			}},
		{name: "3.11 seed, above a lagging status", why: "the seed controller has no catch-up: without an active RC its predecessor's web-2 is prunable",
			judge: del("web-2", seed, dcplan.Origin15)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, tt.judge(), tt.wantErr, tt.why)
		})
	}
}

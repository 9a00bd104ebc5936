package fake_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestInvariantApplies holds Invariant.Applies to its doc comment, one
// SPEC 12 column at a time: every invariant holds for Modern; Exact
// leaves out NoCancelAtVersionZero (CancelAtVersionZero, SPEC
// 3.2.7.zero); the seed-era DC controller (every Origin preset) claims
// nothing and cancels every RC in flight (SPEC 7 rows 2 and 5, 3.11),
// so OnlyClaimedRCs and CancelsOnlyOlder are left out there; ReplicaSync
// (Origin10, Origin13) leaves out the two replica invariants; a paused
// mode other than PausedFirst (every Origin preset) leaves out
// PausedNoRollout; IgnoreDeleting (Origin10) leaves out
// StatusOnlyWhileDeleting; and the seed-era status (SeedStatus, every
// Origin preset) leaves out StatusSumsAtRest. An Applies that says yes where a preset's
// controller does not keep the promise fails correct runs; one that says
// no silently drops a check from every property test.
func TestInvariantApplies(t *testing.T) {
	origins := []dcplan.Preset{dcplan.Origin10, dcplan.Origin13, dcplan.Origin15}
	exempt := map[string][]dcplan.Preset{ // the presets an invariant does not hold for
		"OnlyClaimedRCs":          origins,
		"CancelsOnlyOlder":        origins,
		"NoCancelAtVersionZero":   {dcplan.Exact},
		"ReplicasWhenStable":      {dcplan.Origin10, dcplan.Origin13},
		"ReplicasAfterReconcile":  {dcplan.Origin10, dcplan.Origin13},
		"PausedNoRollout":         origins,
		"StatusOnlyWhileDeleting": {dcplan.Origin10},
		"StatusSumsAtRest":        origins,
	}
	for _, inv := range fake.Invariants {
		for _, p := range dcplan.Presets() {
			want := !slices.Contains(exempt[inv.Name], p)
			if got := inv.Applies(p.Settings()); got != want {
				t.Errorf("%s.Applies(%v) = %v, want %v", inv.Name, p, got, want)
			}
		}
	}
}

// TestChecksSkipWhatDoesNotApply holds that CheckState and
// CheckTransition run an invariant exactly where it applies: each case
// breaks one invariant that a seed-era or Exact switch exempts, and the
// check reports it, prefixed with its name and rule, for Modern and not
// for the exempting preset.
func TestChecksSkipWhatDoesNotApply(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	c3 := dc(t, 3, "app:1")
	// ReplicaSync copies the RCs' replicas back into the DC: an old RC
	// still scaled up at rest is its state, not Modern's (SPEC 3.6.2).
	oldScaled := state(c2, rcOf(t, c2, 1, Complete, 1), rcOf(t, c2, 2, Complete, 1))
	// Upstream cancels an RC above a status of version 0 (SPEC 3.2.7.zero).
	atZero := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig,
		Writes: []fake.LiveWrite{cancelOf(t, "web-1", state(dc(t, 0, "app:1"), rcOf(t, c3, 1, Running, 0)))}}
	// A paused DC's RC scaled: only PausedFirst promises none (SPEC 3.2.5).
	paused := state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Complete, 0))
	paused.Config.Paused = true
	pausedScale := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: paused, After: paused,
		Writes: []fake.LiveWrite{scaleOf(t, "web-3", 1, paused)}}
	// IgnoreDeleting plans for a DC being deleted as for any other
	// (SPEC 3.2.4).
	deleting := paused
	deleting.Config.Paused, deleting.Config.Deleting = false, true
	deletingScale := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: deleting, After: deleting,
		Writes: []fake.LiveWrite{scaleOf(t, "web-3", 1, deleting)}}
	// The seed controller cancels every RC in flight when the latest is
	// missing (SPEC 3.11): web-3 above a lagging status of 2.
	lagCancel := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig,
		Writes: []fake.LiveWrite{cancelOf(t, "web-3", state(c2, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, Running, 0)))}}
	tests := []struct {
		name   string
		why    string
		state  *fake.ConfigState // judged at rest by CheckState, or
		tr     fake.Transition   // by CheckTransition
		want   string
		exempt dcplan.Preset
	}{
		{name: "3.6.2 replica sync", why: "Origin13's replica sync leaves web-1's replica", state: &oldScaled,
			want: "ReplicasWhenStable (SPEC 3.6.2): rc web-1 (Complete) has 1 replicas, want 0", exempt: dcplan.Origin13},
		{name: "3.2.7.zero Exact", why: "Exact cancels web-1 as superseded by version 0", tr: atZero,
			want: "NoCancelAtVersionZero (SPEC 3.2.7.zero): cancelled rc/web-1 (version 1) while latestVersion is 0", exempt: dcplan.Exact},
		{name: "3.2.5 paused ignored", why: "Origin10 ignores spec.paused", tr: pausedScale,
			want: "PausedNoRollout (SPEC 3.2.5): paused, yet update replicationcontrollers/web-3 (scaled)", exempt: dcplan.Origin10},
		{name: "3.2.4 ignore deleting", why: "Origin10 reconciles a DC being deleted", tr: deletingScale,
			want: "StatusOnlyWhileDeleting (SPEC 3.2.4): wrote update replicationcontrollers /web-3 while the DC is being deleted", exempt: dcplan.Origin10},
		{name: "3.4 seed cancels above the status", why: "the seed controller has no status catch-up", tr: lagCancel,
			want: "CancelsOnlyOlder (SPEC 3.4): cancelled rc/web-3 (version 3), not older than latestVersion 2", exempt: dcplan.Origin15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			judge := func(p dcplan.Preset) string {
				var err error
				if tt.state != nil {
					err = fake.CheckState(*tt.state, true, p.Settings())
				} else {
					err = fake.CheckTransition(tt.tr, p.Settings())
				}
				if err == nil {
					return ""
				}
				return err.Error()
			}
			if got := judge(dcplan.Modern); !strings.Contains(got, tt.want) {
				t.Errorf("Modern: got %q, want %q (%s)", got, tt.want, tt.why)
			}
			name, _, _ := strings.Cut(tt.want, " ")
			if got := judge(tt.exempt); strings.Contains(got, name) {
				t.Errorf("%v: got %q, want no %s failure (%s)", tt.exempt, got, name, tt.why)
			}
		})
	}
}

package dcstatus

import (
	"math"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// statusOf is Status over s.Deployments and their tally, as conditions.Status
// computes it.
func statusOf(s *dcplan.Snapshot, bump bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	t := TallyOf(&s.Config, s.Deployments)
	return Status(s, s.Deployments, &t, bump, extra...)
}

// TestStatusCounters pins the counter fields of Status, written out per
// case: SPEC 3.9 (observedGeneration bumped only when asked, the sums of
// the RCs' counters, updatedReplicas from the latest RC when it exists,
// unavailableReplicas clamped at 0, sums clamped to int32 or, with the
// WrapReplicaSums switch, wrapped as int32 sums) and, with the
// SeedStatus switch, SPEC 3.11 "Seed status" (SPEC 7 row 14:
// observedGeneration always bumped, unavailableReplicas unclamped,
// readyReplicas 0, updatedReplicas from the RC named
// "<dc>-<latestVersion>" wherever it sits). latestVersion and details are
// copied from the current status.
func TestStatusCounters(t *testing.T) {
	// Reference: deploymentconfig_controller.go calculateStatus; Origin calculateStatus (seed)
	rc := func(name string, v dcplan.Version, ph dcplan.Phase, spec, status, avail, ready dcplan.Replicas) dcplan.Deployment {
		return dcplan.Deployment{Name: name, Version: v, Phase: ph, Replicas: spec, StatusReplicas: status, AvailableReplicas: avail, ReadyReplicas: ready}
	}
	rolling := []dcplan.Deployment{
		rc("web-1", 1, dcplan.PhaseComplete, 1, 1, 1, 1),
		rc("web-2", 2, dcplan.PhaseRunning, 3, 2, 1, 2),
	}
	overAvailable := []dcplan.Deployment{rc("web-2", 2, dcplan.PhaseComplete, 1, 3, 3, 3)}
	newerFirst := []dcplan.Deployment{
		rc("web-3", 3, dcplan.PhaseComplete, 0, 5, 0, 0),
		rc("web-2", 2, dcplan.PhaseComplete, 2, 2, 2, 2),
	}
	foreignName := []dcplan.Deployment{rc("app-2", 2, dcplan.PhaseComplete, 4, 4, 4, 4)}
	huge := []dcplan.Deployment{
		rc("web-1", 1, dcplan.PhaseComplete, 0, math.MaxInt32, math.MaxInt32, math.MaxInt32),
		rc("web-2", 2, dcplan.PhaseComplete, 0, math.MaxInt32, math.MaxInt32, math.MaxInt32),
	}
	details := dcplan.Details{Message: "manual change", Causes: []dcplan.Cause{{}}}
	tests := []struct {
		name    string
		why     string
		version dcplan.Version
		rcs     []dcplan.Deployment
		bump    bool
		seed    bool
		wrap    bool
		want    dcplan.ConfigStatus
	}{
		{
			name: "sums and the latest RC", why: "3.9 fields 2-5: generation bumped, sums, updated from web-2, 4 - 2 unavailable",
			version: 2, rcs: rolling, bump: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 2, AvailableReplicas: 2, UnavailableReplicas: 2, ReadyReplicas: 3, Details: details},
		},
		{
			name: "no bump keeps observedGeneration", why: "3.9 field 2: bumpGeneration false leaves it as it was",
			version: 2, rcs: rolling,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 4, Replicas: 3, UpdatedReplicas: 2, AvailableReplicas: 2, UnavailableReplicas: 2, ReadyReplicas: 3, Details: details},
		},
		{
			name: "more available than specified", why: "3.9 field 5: 1 - 3 is clamped to 0",
			version: 2, rcs: overAvailable, bump: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 3, AvailableReplicas: 3, UnavailableReplicas: 0, ReadyReplicas: 3, Details: details},
		},
		{
			name: "latest version not among the RCs", why: "3.9 field 4: the newest RC, web-3, is not version 2, so the latest RC does not exist",
			version: 2, rcs: newerFirst, bump: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 7, UpdatedReplicas: 0, AvailableReplicas: 2, UnavailableReplicas: 0, ReadyReplicas: 2, Details: details},
		},
		{
			name: "latest RC found by version, not name", why: "3.9 field 4: history.Latest reads versions",
			version: 2, rcs: foreignName, bump: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 4, UpdatedReplicas: 4, AvailableReplicas: 4, UnavailableReplicas: 0, ReadyReplicas: 4, Details: details},
		},
		{
			name: "sums beyond int32 are clamped", why: "3.9: 64-bit sums clamped to the int32 range",
			version: 2, rcs: huge, bump: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: math.MaxInt32, UpdatedReplicas: math.MaxInt32, AvailableReplicas: math.MaxInt32, UnavailableReplicas: 0, ReadyReplicas: math.MaxInt32, Details: details},
		},
		{
			name: "sums beyond int32 wrap", why: "3.9, WrapReplicaSums: upstream's int32 sums give -2, and unavailable 0 - (-2) = 2",
			version: 2, rcs: huge, bump: true, wrap: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: -2, UpdatedReplicas: math.MaxInt32, AvailableReplicas: -2, UnavailableReplicas: 2, ReadyReplicas: -2, Details: details},
		},
		{
			name: "sums within int32 do not wrap", why: "3.9, WrapReplicaSums: the same sums as without it",
			version: 2, rcs: rolling, bump: true, wrap: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 2, AvailableReplicas: 2, UnavailableReplicas: 2, ReadyReplicas: 3, Details: details},
		},
		{
			name: "seed: generation always bumped, no readyReplicas", why: "3.11, 7 row 14",
			version: 2, rcs: rolling, seed: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 2, AvailableReplicas: 2, UnavailableReplicas: 2, ReadyReplicas: 0, Details: details},
		},
		{
			name: "seed: unavailableReplicas may be negative", why: "3.11, 7 row 14: 1 - 3 is not clamped",
			version: 2, rcs: overAvailable, seed: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 3, AvailableReplicas: 3, UnavailableReplicas: -2, ReadyReplicas: 0, Details: details},
		},
		{
			name: "seed: updatedReplicas from web-2 wherever it sits", why: "3.11, 7 row 14: the RC named <dc>-<latestVersion>, not web-3 of the same length before it",
			version: 2, rcs: newerFirst, seed: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 7, UpdatedReplicas: 2, AvailableReplicas: 2, UnavailableReplicas: 0, ReadyReplicas: 0, Details: details},
		},
		{
			name: "seed: no RC of that name", why: "3.11, 7 row 14: app-2 is version 2 but not named web-2",
			version: 2, rcs: foreignName, seed: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 4, UpdatedReplicas: 0, AvailableReplicas: 4, UnavailableReplicas: 0, ReadyReplicas: 0, Details: details},
		},
		{
			name: "seed: the name is matched to its last character", why: "3.11: web-1 and web-12 are not web-2",
			version: 2, rcs: []dcplan.Deployment{rc("web-12", 12, dcplan.PhaseComplete, 0, 6, 0, 0), rc("web-1", 1, dcplan.PhaseComplete, 0, 1, 0, 0)}, seed: true,
			want: dcplan.ConfigStatus{LatestVersion: 2, ObservedGeneration: 5, Replicas: 7, UpdatedReplicas: 0, AvailableReplicas: 0, UnavailableReplicas: 0, ReadyReplicas: 0, Details: details},
		},
		{
			name: "seed: a version of two digits", why: "3.11: web-10 is the RC of version 10, its name in decimal",
			version: 10, rcs: []dcplan.Deployment{rc("web-9", 9, dcplan.PhaseComplete, 0, 1, 0, 0), rc("web-10", 10, dcplan.PhaseRunning, 3, 2, 0, 0)}, seed: true,
			want: dcplan.ConfigStatus{LatestVersion: 10, ObservedGeneration: 5, Replicas: 3, UpdatedReplicas: 2, AvailableReplicas: 0, UnavailableReplicas: 3, ReadyReplicas: 0, Details: details},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := dcplan.Snapshot{
				Now: now,
				Config: dcplan.Config{Name: "web", Generation: 5, Replicas: 3, Status: dcplan.ConfigStatus{
					LatestVersion: tt.version, ObservedGeneration: 4, Details: dcplan.Details{Message: "manual change", Causes: []dcplan.Cause{{}}},
				}},
				Deployments: tt.rcs,
			}
			s.Settings.SeedStatus = tt.seed
			s.Settings.WrapReplicaSums = tt.wrap
			got := statusOf(&s, tt.bump)
			got.Conditions = nil // pinned by the condition tests
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Status() counters mismatch (-want +got):\n%s", d)
			}
		})
	}
}

package history_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/google/go-cmp/cmp"
)

func rc(name string, v dcplan.Version, p dcplan.Phase, replicas dcplan.Replicas) dcplan.Deployment {
	return dcplan.Deployment{Name: name, Version: v, Phase: p, Replicas: replicas}
}

func names(ds []dcplan.Deployment) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Name)
	}
	return out
}

func withLatest(v dcplan.Version) dcplan.Config {
	return dcplan.Config{Name: "web", Status: dcplan.ConfigStatus{LatestVersion: v}}
}

func withLimit(v dcplan.Version, limit int32) dcplan.Config {
	c := withLatest(v)
	c.RevisionHistoryLimit, c.HasRevisionHistoryLimit = limit, true
	return c
}

// Reference: appsutil.LatestDeploymentInfo
func TestLatest(t *testing.T) {
	tests := []struct {
		name       string
		why        string
		cfg        dcplan.Config
		rcs        []dcplan.Deployment
		wantName   string
		wantExists bool
	}{
		{"version zero", "5.6: status.latestVersion 0 means no latest even with RCs", withLatest(0),
			[]dcplan.Deployment{rc("web-1", 1, dcplan.PhaseComplete, 1)}, "", false},
		{"empty", "5.6: no RCs, no candidate", withLatest(3), nil, "", false},
		{"exists", "5.6: highest version equals latestVersion", withLatest(3),
			[]dcplan.Deployment{rc("web-1", 1, dcplan.PhaseComplete, 0), rc("web-3", 3, dcplan.PhaseRunning, 0), rc("web-2", 2, dcplan.PhaseFailed, 0)},
			"web-3", true},
		{"missing", "5.6: candidate older than latestVersion; latest not created yet", withLatest(4),
			[]dcplan.Deployment{rc("web-3", 3, dcplan.PhaseComplete, 0), rc("web-1", 1, dcplan.PhaseComplete, 0)},
			"web-3", false},
		{"ahead", "3.2.7: an RC newer than the status is still the candidate", withLatest(2),
			[]dcplan.Deployment{rc("web-2", 2, dcplan.PhaseComplete, 0), rc("web-5", 5, dcplan.PhaseNew, 0)},
			"web-5", false},
		{"no version only", "5.6, 13.1: LatestDeploymentInfo takes the first RC of the sorted list whatever its version: an RC without a version annotation (-1) is the candidate when it is the only one", withLatest(2),
			[]dcplan.Deployment{rc("web-manual", dcplan.NoVersion, dcplan.PhaseComplete, 1)},
			"web-manual", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := history.Latest(&tt.cfg, tt.rcs)
			name := ""
			if got.Candidate != nil {
				name = got.Candidate.Name
			}
			if name != tt.wantName || got.Exists != tt.wantExists {
				t.Errorf("Latest() = {%q exists=%v}, want {%q exists=%v} (%s)",
					name, got.Exists, tt.wantName, tt.wantExists, tt.why)
			}
			// Tracker.Latest is the same walk for callers that walk the
			// list themselves: it answers as Latest does.
			var tr history.Tracker
			for i := range tt.rcs {
				tr = tr.Add(i, &tt.rcs[i])
			}
			if tg := tr.Latest(&tt.cfg, tt.rcs); tg != got {
				t.Errorf("Tracker.Latest() = %+v, Latest() = %+v (%s)", tg, got, tt.why)
			}
		})
	}
}

// Reference: appsutil.ActiveDeployment
func TestActive(t *testing.T) {
	tests := []struct {
		name string
		why  string
		rcs  []dcplan.Deployment
		want string
	}{
		{"none", "5.5: no Complete RC", []dcplan.Deployment{rc("web-1", 1, dcplan.PhaseFailed, 0)}, ""},
		{"highest complete", "5.5: a newer Failed RC does not count",
			[]dcplan.Deployment{rc("web-1", 1, dcplan.PhaseComplete, 0), rc("web-2", 2, dcplan.PhaseComplete, 3), rc("web-3", 3, dcplan.PhaseFailed, 0)}, "web-2"},
		{"order independent", "5.5: list order does not matter",
			[]dcplan.Deployment{rc("web-4", 4, dcplan.PhaseComplete, 0), rc("web-2", 2, dcplan.PhaseComplete, 3)}, "web-4"},
		// Issue 35 item 14: a deliberate bug counting a version-0 RC
		// survived the suite.
		{"version zero", "5.5, 13.1: a Complete RC made by hand with version 0 is no rollout (upstream starts from version 0 and needs a higher one)",
			[]dcplan.Deployment{rc("web-manual", 0, dcplan.PhaseComplete, 3), rc("web-1", 1, dcplan.PhaseFailed, 0)}, ""},
		{"no version", "5.1, 5.5: a missing version annotation reads -1, below any rollout",
			[]dcplan.Deployment{rc("web-manual", dcplan.NoVersion, dcplan.PhaseComplete, 3)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := ""
			if got := history.Active(tt.rcs); got != nil {
				name = got.Name
			}
			if name != tt.want {
				t.Errorf("Active() = %q, want %q (%s)", name, tt.want, tt.why)
			}
		})
	}
}

// Reference: appsutil.DeploymentsForCleanup, cleanupOldDeployments
func TestToDelete(t *testing.T) {
	probe := []dcplan.Deployment{
		rc("web-6", 6, dcplan.PhaseFailed, 0),
		rc("web-4", 4, dcplan.PhaseComplete, 3),
		rc("web-1", 1, dcplan.PhaseComplete, 0),
		rc("web-2", 2, dcplan.PhaseFailed, 0), // already scaled to 0 by reconcile
		rc("web-3", 3, dcplan.PhaseComplete, 0),
		rc("web-5", 5, dcplan.PhaseFailed, 0),
	}
	tests := []struct {
		name         string
		why          string
		cfg          dcplan.Config
		rcs          []dcplan.Deployment
		wantPrunable []string
		wantDelete   []string
	}{
		{"probe example", "3.7: limit 1, active v4: prunable v1-v3, delete the oldest two, never v5/v6",
			withLimit(6, 1), probe, []string{"web-1", "web-2", "web-3"}, []string{"web-1", "web-2"}},
		{"unset limit", "3.7.1: no revisionHistoryLimit keeps everything",
			withLatest(6), probe, []string{"web-1", "web-2", "web-3"}, nil},
		{"within limit", "3.7.4: |prunable| <= limit deletes nothing",
			withLimit(6, 3), probe, []string{"web-1", "web-2", "web-3"}, nil},
		{"skip but count", "3.7.5: a scaled-up old RC is skipped and still counts",
			withLimit(3, 0), []dcplan.Deployment{rc("web-1", 1, dcplan.PhaseComplete, 2), rc("web-2", 2, dcplan.PhaseFailed, 0), rc("web-3", 3, dcplan.PhaseComplete, 1)},
			[]string{"web-1", "web-2"}, []string{"web-2"}},
		{"negative replicas", "3.7.5, cleanupOldDeployments: the skip is spec.replicas != 0, so a (hand-made, invalid) negative count is skipped too, never deleted",
			withLimit(3, 0), []dcplan.Deployment{rc("web-1", 1, dcplan.PhaseFailed, -1), rc("web-2", 2, dcplan.PhaseFailed, 0), rc("web-3", 3, dcplan.PhaseComplete, 0)},
			[]string{"web-1", "web-2"}, []string{"web-2"}},
		{"no active", "3.7.3: without an active RC every RC but the latest is prunable",
			withLimit(3, 1), []dcplan.Deployment{rc("web-1", 1, dcplan.PhaseFailed, 0), rc("web-2", 2, dcplan.PhaseFailed, 0), rc("web-3", 3, dcplan.PhaseRunning, 0)},
			[]string{"web-1", "web-2"}, []string{"web-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.wantPrunable, names(history.Prunable(&tt.cfg, tt.rcs))); d != "" {
				t.Errorf("Prunable() mismatch (-want +got):\n%s\n%s", d, tt.why)
			}
			if got := history.CountPrunable(&tt.cfg, tt.rcs); got != len(tt.wantPrunable) {
				t.Errorf("CountPrunable() = %d, want %d", got, len(tt.wantPrunable))
			}
			if d := cmp.Diff(tt.wantDelete, names(history.ToDelete(&tt.cfg, tt.rcs))); d != "" {
				t.Errorf("ToDelete() mismatch (-want +got):\n%s\n%s", d, tt.why)
			}
		})
	}
}

// SPEC 5.6: Tracker.Latest answers as Latest does, a nil DC included
// (Latest(nil, ...) is "no DC": no candidate); it panicked.
func TestTrackerLatestNilConfig(t *testing.T) {
	rcs := []dcplan.Deployment{rc("web-1", 1, dcplan.PhaseComplete, 1)}
	var tr history.Tracker
	for i := range rcs {
		tr = tr.Add(i, &rcs[i])
	}
	if got, want := tr.Latest(nil, rcs), history.Latest(nil, rcs); got != want {
		t.Errorf("Tracker.Latest(nil) = %+v, want %+v", got, want)
	}
}

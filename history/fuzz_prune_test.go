package history_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// FuzzPrune drives history cleanup's planners (ToDelete, Prunable,
// CountPrunable, Active), which validate nothing, with arbitrary DCs and
// RC lists: negative and duplicate versions, unknown phases, replicas
// below zero, a status.latestVersion no RC has, no DC at all. None may
// panic or modify its input, and each answers the same for the same
// input. ToDelete is never destructive beyond SPEC 3.7: nothing without a
// DC or a revisionHistoryLimit of zero or more; only RCs scaled to zero
// (SPEC 10.6); never the active RC nor one at or above its version, and
// without one never the RC of status.latestVersion (SPEC 3.7.3); oldest
// first; and never so many that fewer than the limit's prunable RCs
// remain (SPEC 3.7.4). Prunable holds CountPrunable RCs, oldest first.
func FuzzPrune(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0, 1, 5, 0, 4, 1, 1, 0, 4, 2, 1, 0, 5, 3, 1, 0, 4, 4, 1, 0, 2, 5, 1, 0})
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) { pruneProperties(t) }))
}

// TestPruneIsTotal runs FuzzPrune's body on a world that must lose two
// RCs, so that the deletion checks are not passed vacuously, and on a
// share of its input space drawn afresh in every run (which may hold no
// deleting case: the short tier's 20 often do not).
func TestPruneIsTotal(t *testing.T) {
	cfg := &dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", HasRevisionHistoryLimit: true, RevisionHistoryLimit: 1,
		Status: dcplan.ConfigStatus{LatestVersion: 4}}
	var rcs []dcplan.Deployment
	for v := dcplan.Version(1); v <= 4; v++ {
		rcs = append(rcs, dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v), UID: "uid", Version: v,
			ConfigLabel: "web", Phase: dcplan.PhaseComplete})
	}
	rcs[3].Replicas = 2
	if n := checkPrune(t, cfg, rcs); n != 2 {
		t.Errorf("ToDelete() deletes %d RCs of web-1..web-4 (web-4 active, limit 1), want 2", n)
	}
	rapid.Check(t, func(t *rapid.T) { pruneProperties(t) })
}

// fataler is what checkPrune needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// pruneProperties is one case of FuzzPrune and TestPruneIsTotal: a DC
// and RCs drawn, then checkPrune.
func pruneProperties(t *rapid.T) int {
	var cfg *dcplan.Config
	if rapid.IntRange(0, 9).Draw(t, "noDC") != 0 {
		cfg = &dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid",
			Status: dcplan.ConfigStatus{LatestVersion: dcplan.Version(rapid.IntRange(-1, 7).Draw(t, "latestVersion"))}}
		if rapid.IntRange(0, 3).Draw(t, "limitSet") != 0 {
			cfg.HasRevisionHistoryLimit, cfg.RevisionHistoryLimit = true, int32(rapid.IntRange(-1, 4).Draw(t, "limit"))
		}
	}
	var rcs []dcplan.Deployment
	for n := rapid.IntRange(0, 8).Draw(t, "rcs"); n > 0; n-- {
		v := dcplan.Version(rapid.IntRange(-1, 7).Draw(t, "version"))
		rcs = append(rcs, dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v), UID: "uid", Version: v,
			ConfigLabel: "web", Phase: dcplan.Phase(rapid.IntRange(0, int(dcplan.NumPhases)).Draw(t, "phase")),
			Replicas: dcplan.Replicas(rapid.IntRange(-1, 3).Draw(t, "replicas"))})
	}
	return checkPrune(t, cfg, rcs)
}

// checkPrune checks cleanup's planners on cfg and rcs (see FuzzPrune); it
// returns how many RCs ToDelete deletes.
func checkPrune(t fataler, cfg *dcplan.Config, rcs []dcplan.Deployment) int {
	t.Helper()
	var cfgBefore *dcplan.Config
	if cfg != nil {
		cfgBefore = new(cfg.Clone())
	}
	rcsBefore := cloneRCs(rcs)

	del, prunable, count, active := history.ToDelete(cfg, rcs), history.Prunable(cfg, rcs), history.CountPrunable(cfg, rcs), history.Active(rcs)
	if d := cmp.Diff(cfgBefore, cfg); d != "" {
		t.Fatalf("cleanup modified the DC (-before +after):\n%s", d)
	}
	if d := cmp.Diff(rcsBefore, rcs); d != "" {
		t.Fatalf("cleanup modified the RCs (-before +after):\n%s", d)
	}
	if d := cmp.Diff(del, history.ToDelete(cfg, rcs)); d != "" {
		t.Fatalf("ToDelete() differs between two calls (-first +second):\n%s", d)
	}
	if d := cmp.Diff(prunable, history.Prunable(cfg, rcs)); d != "" {
		t.Fatalf("Prunable() differs between two calls (-first +second):\n%s", d)
	}
	if len(prunable) != count {
		t.Fatalf("Prunable() holds %d RCs, CountPrunable() says %d", len(prunable), count)
	}
	for i := 1; i < len(prunable); i++ {
		if prunable[i].Version < prunable[i-1].Version {
			t.Fatalf("Prunable() puts version %d after %d", prunable[i].Version, prunable[i-1].Version)
		}
	}
	if cfg == nil || !cfg.HasRevisionHistoryLimit || cfg.RevisionHistoryLimit < 0 {
		if del != nil || cfg == nil && (prunable != nil || count != 0) {
			t.Fatalf("ToDelete() without a DC or a limit = %v (Prunable %v)", names(del), names(prunable))
		}
		return 0
	}
	for i, d := range del {
		switch {
		case d.Replicas != 0:
			t.Fatalf("ToDelete() deletes %s, scaled to %d", d.Name, d.Replicas)
		case active != nil && d.Version >= active.Version:
			t.Fatalf("ToDelete() deletes %s (version %d), not older than the active %s", d.Name, d.Version, active.Name)
		case active == nil && d.Version == cfg.Status.LatestVersion:
			t.Fatalf("ToDelete() deletes %s, the RC of status.latestVersion %d, with no active RC", d.Name, d.Version)
		case i > 0 && d.Version < del[i-1].Version:
			t.Fatalf("ToDelete() deletes version %d after %d", d.Version, del[i-1].Version)
		}
	}
	if left := count - len(del); left < min(count, int(cfg.RevisionHistoryLimit)) {
		t.Fatalf("ToDelete() deletes %d of %d prunable RCs, leaving %d under the limit %d", len(del), count, left, cfg.RevisionHistoryLimit)
	}
	return len(del)
}

package reconcile

import (
	"math/rand/v2"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// TestMayDeleteBoundsToDelete holds mayDelete, the test reconcile makes
// before history cleanup (SPEC 3.7), to what it stands for: when it
// says cleanup cannot delete, history.ToDelete deletes nothing. Lists of up
// to twelve RCs, versions around status.latestVersion, any phase, some
// scaled, limits from none to past the list's length; and it does say so
// for some of them (the bound is not vacuous).
func TestMayDeleteBoundsToDelete(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	skipped := 0
	for range 20000 {
		cfg := dcplan.Config{Name: "web", Status: dcplan.ConfigStatus{LatestVersion: dcplan.Version(r.IntN(8))}}
		if r.IntN(4) != 0 {
			cfg.HasRevisionHistoryLimit, cfg.RevisionHistoryLimit = true, int32(r.IntN(14)-1)
		}
		rcs := randomRCs(r, &cfg, 9)
		if mayDelete(&cfg, rcs, history.Active(rcs)) {
			continue
		}
		skipped++
		if del := history.ToDelete(&cfg, rcs); len(del) > 0 {
			t.Fatalf("mayDelete says nothing to delete, ToDelete deletes %d (limit %v %d, %d RCs)",
				len(del), cfg.HasRevisionHistoryLimit, cfg.RevisionHistoryLimit, len(rcs))
		}
	}
	if skipped == 0 {
		t.Fatal("mayDelete never ruled cleanup out: the test checked nothing")
	}
}

// randomRCs returns up to twelve RCs of cfg, versions below versions (some
// repeated), any phase, about a third of them at 1-3 replicas.
func randomRCs(r *rand.Rand, cfg *dcplan.Config, versions int) []dcplan.Deployment {
	rcs := make([]dcplan.Deployment, r.IntN(13))
	for i := range rcs {
		d := &rcs[i]
		d.Version = dcplan.Version(r.IntN(versions))
		d.Name = dcplan.DeploymentName(cfg.Name, d.Version) + string(rune('a'+i))
		d.Phase = dcplan.Phase(r.IntN(int(dcplan.NumPhases)))
		if r.IntN(3) == 0 {
			d.Replicas = dcplan.Replicas(r.IntN(4))
		}
	}
	return rcs
}

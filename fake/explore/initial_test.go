package explore_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan/fake/explore"
)

// TestInitialWorlds pins the initial worlds Initial builds: one per
// history limit and replica count, limits outermost, each the DC alone
// at latestVersion 1 with those replicas and that revisionHistoryLimit
// (-1 none; 0 a limit of 0, not none).
func TestInitialWorlds(t *testing.T) {
	type dc struct {
		Replicas, Limit int
		HasLimit        bool
		Latest, Objects int
	}
	var got []dc
	for _, o := range explore.Initial(explore.Options{Replicas: []int{0, 2}, Limits: []int{-1, 0, 3}}) {
		w, err := explore.Decode(o)
		if err != nil {
			t.Fatal(err)
		}
		c := w.Config
		got = append(got, dc{Replicas: int(c.Replicas), Limit: int(c.RevisionHistoryLimit), HasLimit: c.HasRevisionHistoryLimit, Latest: int(c.Status.LatestVersion), Objects: len(o)})
	}
	want := []dc{
		{Replicas: 0, Limit: 0, HasLimit: false, Latest: 1, Objects: 1},
		{Replicas: 2, Limit: 0, HasLimit: false, Latest: 1, Objects: 1},
		{Replicas: 0, Limit: 0, HasLimit: true, Latest: 1, Objects: 1},
		{Replicas: 2, Limit: 0, HasLimit: true, Latest: 1, Objects: 1},
		{Replicas: 0, Limit: 3, HasLimit: true, Latest: 1, Objects: 1},
		{Replicas: 2, Limit: 3, HasLimit: true, Latest: 1, Objects: 1},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Initial() (-want +got):\n%s", d)
	}
}

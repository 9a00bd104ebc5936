package explore_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestUserEditsTheConfig pins the direct edits of the DC a user move
// makes: an edit of the template toggles its image between fake.Images[0]
// and [1], `oc scale` sets the replicas, and each raises
// metadata.generation by one, as the API server does on a spec change;
// `oc scale` to the replicas the DC has is refused.
func TestUserEditsTheConfig(t *testing.T) {
	st := dcplan.Modern.Settings()
	o := explore.Defaults(st)
	o.Replicas, o.Limits = []int{1}, []int{1}
	initial := explore.Initial(o)[0]
	edit, scale := explore.Move{Actor: explore.ActorUser, Target: "edit"}, explore.Move{Actor: explore.ActorUser, Target: "scale=2"}
	steps, err := explore.Replay(initial, []explore.Move{edit, edit, scale}, st)
	if err != nil {
		t.Fatal(err)
	}
	type dc struct {
		Image      string
		Replicas   dcplan.Replicas
		Generation int64
		Latest     dcplan.Version
	}
	var got []dc
	for _, s := range append([]explore.Step{{After: initial}}, steps...) {
		w, err := explore.Decode(s.After)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, dc{Image: w.Config.Template.Containers[0].Image, Replicas: w.Config.Replicas, Generation: int64(w.Config.Generation), Latest: w.Config.Status.LatestVersion})
	}
	want := []dc{
		{Image: fake.Images[0], Replicas: 1, Generation: 0, Latest: 1},
		{Image: fake.Images[1], Replicas: 1, Generation: 1, Latest: 1},
		{Image: fake.Images[0], Replicas: 1, Generation: 2, Latest: 1},
		{Image: fake.Images[0], Replicas: 2, Generation: 3, Latest: 1},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("the DC after each edit (-want +got):\n%s", d)
	}
	if _, err := explore.Replay(steps[2].After, []explore.Move{scale}, st); err == nil {
		t.Error("oc scale to the DC's own replicas was made; want it refused")
	}
}

package fake_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPaddedImageWithImageTrigger runs the world of SPEC 3.5.5 in the
// simulator (issue 35 item 10): a DC whose image is padded
// (fake.Images[3]) and that has an ImageChange trigger. Modern compares the
// DC's images trimmed, as the RCs hold them, so the world comes to rest
// within the liveness bound after one rollout for the edit; Exact keeps
// upstream's accident (UntrimmedImages): every pass rolls out again, and
// the world never rests.
func TestPaddedImageWithImageTrigger(t *testing.T) {
	for _, tt := range []struct {
		preset dcplan.Preset
		rests  bool
	}{
		{dcplan.Modern, true},
		{dcplan.Exact, false},
	} {
		t.Run(tt.preset.String(), func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1, Settings: tt.preset.Settings()})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(50); err != nil {
				t.Fatalf("before the edit: %v", err)
			}
			if err := s.SetImage("ns", "web", fake.Images[3]); err != nil {
				t.Fatal(err)
			}
			if err := s.SetImageTrigger("ns", "web", true); err != nil {
				t.Fatal(err)
			}
			err := fake.Liveness(s)
			c, _ := s.World().Config("ns", "web")
			latest := c.Status.LatestVersion
			switch {
			case tt.rests && err != nil:
				t.Fatalf("%v (latestVersion %d)\ntrace:\n%s", err, latest, s.Trace())
			case tt.rests && latest != 2:
				t.Errorf("latestVersion = %d at rest, want 2: one rollout for the image edit", latest)
			case !tt.rests && !errors.Is(err, fake.ErrNoConvergence):
				t.Fatalf("Liveness = %v, want no convergence: upstream rolls out on every pass", err)
			case !tt.rests && latest < 5:
				t.Errorf("latestVersion = %d, want the rollouts to go on (at least 5)", latest)
			}
		})
	}
}

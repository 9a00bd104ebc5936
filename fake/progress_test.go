package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestProgressRollsOutConfigChangeDCs pins that Progress starts and
// checks a rollout of a DC whose only trigger is ConfigChange (its
// template waits for no image, SPEC 3.2.9): after Progress the DC is at
// latestVersion 2 and rc web-2 is Complete. A Progress that left such a
// DC out would pass without rolling anything out.
func TestProgressRollsOutConfigChangeDCs(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	if err := fake.Progress(s); err != nil {
		t.Fatal(err)
	}
	c, _ := s.World().Config("ns", "web")
	if c.Status.LatestVersion != 2 {
		t.Errorf("after Progress, dc ns/web at latestVersion %d, want 2", c.Status.LatestVersion)
	}
	if d, ok := s.World().Deployment("ns", "web-2"); !ok || d.Phase != dcplan.PhaseComplete {
		t.Errorf("after Progress, rc ns/web-2 exists %v, phase %s; want it Complete", ok, d.PhaseText())
	}
}

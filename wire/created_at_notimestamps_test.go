package wire_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestNoCreatedAtOfWithoutTimestamps: a deployer pass that creates the
// deployer pod in a preset that writes no timestamps (NoTimestamps, the
// Origin seeds, SPEC 4.3.new.4) plans no created-at, so its RC write names
// no pod in CreatedAtOf: the adapter must not stamp the annotation the
// plan left out with the server's creationTimestamp.
func TestNoCreatedAtOfWithoutTimestamps(t *testing.T) {
	s := newWeb1(t, dcplan.Origin13)
	p := phase.Step(s, "web-1")
	if len(p.CreatePods) != 1 || len(p.Transitions) != 1 || !p.Transitions[0].CreatedAt.IsZero() ||
		p.Transitions[0].DeployerPod != p.CreatePods[0].Pod.Name {
		t.Fatalf("want a pod create and a transition naming it with no created-at:\n%s", dcplan.Describe(p))
	}
	reqs, err := wire.Requests(s, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reqs {
		if r.CreatedAtOf != "" {
			t.Errorf("%s %s names %q in CreatedAtOf; the plan writes no created-at", r.Method(), r.Path(), r.CreatedAtOf)
		}
		if strings.Contains(string(r.Body), dcplan.AnnotationDeployerCreatedAt) {
			t.Errorf("%s %s writes %s:\n%s", r.Method(), r.Path(), dcplan.AnnotationDeployerCreatedAt, r.Body)
		}
	}
}

// newWeb1 is the deployer's world of the created-at tests: DC web at
// latestVersion 1 and its RC web-1, New, created a second before now,
// under preset p, with the deployer image and service account set.
func newWeb1(t *testing.T, p dcplan.Preset) dcplan.Snapshot {
	t.Helper()
	s, err := scenario.ParseState([]string{
		"now 2026-12-03T17:05:47.697209501Z",
		"settings profile=" + p.String() + " image=registry.example/deployer:v4 sa=deployer",
		"dc web replicas=3 latest=1",
		"rc web-1 phase=New created=now-1s desired=3",
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

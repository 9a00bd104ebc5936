package fake_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPodModelWithOnlyRatesIsUsedAsWritten: a PodModel that sets only a
// rate is not replaced by DefaultPodModel (only the zero PodModel is):
// with FailRate 1 the first rollout's deployer pod fails, whatever the
// seed, and with zero durations the failure comes without the default's
// scheduling and running time.
func TestPodModelWithOnlyRatesIsUsedAsWritten(t *testing.T) {
	for seed := range uint64(5) {
		s := fake.NewSim(fake.Options{Seed: seed, Model: fake.PodModel{FailRate: 1}})
		if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stabilize(20); err != nil {
			t.Fatal(err)
		}
		d, ok := s.World().Deployment("ns", "web-1")
		if !ok || d.Phase != dcplan.PhaseFailed {
			t.Errorf("seed %d: web-1 ended %v (exists %v), want Failed: FailRate 1 was not used", seed, d.Phase, ok)
		}
	}
}

// TestPodModelTracesWritesOnce: the pod model traces a write it made,
// once; the hook pod's start and the rolling updater's cleanup were
// traced at every step after they were done (an update whose function
// returns ErrUnchanged returns nil too), "Pending->Running" some sixty
// times for one hook pod.
func TestPodModelTracesWritesOnce(t *testing.T) {
	m := strategyModel()
	m.Scripts = map[string]fake.PodScript{"web-2": {Schedule: 5 * time.Second, Run: 120 * time.Second, Hook: true}}
	s := rolledOut(t, m, 3, dcplan.Strategy{})
	s.Run(200)
	trace := s.Trace()
	for _, line := range []string{
		"pod/ns/web-2-hook-pre Pending->Running",
		"pod/ns/web-2-hook-pre Running->Succeeded",
		"rc/ns/web-2 desired-replicas removed by pod/web-2-deploy",
	} {
		if n := strings.Count(trace, line); n != 1 {
			t.Errorf("%q traced %d times, want once\n%s", line, n, tail(trace, 40))
		}
	}
}

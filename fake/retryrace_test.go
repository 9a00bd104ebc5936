package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestSimRetryRace: the deployer's pods come from an informer of their
// own, which lags its RC informer on its own, so a pass may read `oc
// rollout retry`'s reset of the RC (Failed -> New) while its pod cache
// still shows the Failed deployer pod the retry deleted before that
// reset. Exact takes that pod for the retried rollout's and fails the RC
// again at once (upstream's race); Modern waits until the cache shows the
// delete (SPEC 4.2.expect.retry) and the retried rollout completes. With
// one lag for both caches, the simulator never made the race.
func TestSimRetryRace(t *testing.T) {
	retryRaces(t, fake.Faults{StaleReads: 3}, func(t *testing.T, s *fake.Sim) {
		if _, err := s.Stabilize(200); err != nil {
			t.Fatal(err)
		}
	})
}

// retryRaces runs 40 seeds per preset, Modern and Exact, of DC web whose
// first deployer pod fails 25 s in: reach (under faults) brings web-1 to
// Failed, then `oc rollout retry` resets it and the controllers run with
// stale reads to rest. A trace races when the retried web-1 fails again
// with no reason (for the old pod); any other end than that and Complete
// fails t. Modern must race in none, Exact (upstream's race) in some.
func retryRaces(t *testing.T, faults fake.Faults, reach func(*testing.T, *fake.Sim)) {
	t.Helper()
	raced := map[dcplan.Preset]int{}
	const seeds = 40
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		for seed := range uint64(seeds) {
			m := fake.DefaultPodModel()
			m.FailRate, m.HookRate = 0, 0
			m.Scripts = map[string]fake.PodScript{"web-1": {Schedule: 5 * time.Second, Run: 20 * time.Second, Fail: true}}
			s := fake.NewSim(fake.Options{Seed: seed, Settings: preset.Settings(), Faults: faults, Model: m})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
				t.Fatal(err)
			}
			reach(t, s)
			if d, ok := s.World().Deployment("ns", "web-1"); !ok || d.Phase != dcplan.PhaseFailed {
				t.Fatalf("%s seed %d: web-1 is %v before the retry, want Failed", preset, seed, d.Phase)
			}
			if err := s.Retry("ns", "web"); err != nil {
				t.Fatal(err)
			}
			s.Faults.StaleReads = 3
			s.Run(20)
			if _, err := s.Stabilize(200); err != nil {
				t.Fatalf("%s seed %d: %v", preset, seed, err)
			}
			d, _ := s.World().Deployment("ns", "web-1")
			switch {
			case d.Phase == dcplan.PhaseFailed && d.Reason == "":
				raced[preset]++ // failed again for the old pod, no reason given
			case d.Phase != dcplan.PhaseComplete:
				t.Errorf("%s seed %d: web-1 is %s %q after the retry, want Complete or (Exact) the race's Failed", preset, seed, d.Phase, d.Reason)
			}
		}
	}
	if raced[dcplan.Modern] != 0 {
		t.Errorf("Modern failed the retried rollout for the old pod in %d of %d seeds, want none", raced[dcplan.Modern], seeds)
	}
	if raced[dcplan.Exact] == 0 {
		t.Errorf("Exact never failed the retried rollout for the old pod in %d seeds: the simulator does not make the race", seeds)
	}
	t.Logf("the race in %d of %d Exact seeds", raced[dcplan.Exact], seeds)
}

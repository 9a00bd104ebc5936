package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestSimOwnDeleteRace: `oc rollout cancel` lands after the deployer pod
// failed and before the deployer saw it fail, so one deployer pass
// deletes the pod (the cancel) and fails the RC (the pod's phase). A
// retry right after finds no pod to delete, and resets the RC Failed ->
// New; a deployer whose pod cache still shows the pod it deleted itself
// takes it for the retried rollout's and fails the RC again at once.
// Exact keeps upstream's race; Modern waits while its cache shows a pod
// it deleted (SPEC 4.2.expect.delete) and the retried rollout completes.
func TestSimOwnDeleteRace(t *testing.T) {
	raced := map[dcplan.Preset]int{}
	const seeds = 40
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		for seed := range uint64(seeds) {
			m := fake.DefaultPodModel()
			m.FailRate, m.HookRate = 0, 0
			m.Scripts = map[string]fake.PodScript{"web-1": {Schedule: 5 * time.Second, Run: 20 * time.Second, Fail: true}}
			s := fake.NewSim(fake.Options{Seed: seed, Settings: preset.Settings(), Model: m})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
				t.Fatal(err)
			}
			cancelAtPodFailure(t, s, "web-1")
			for range 50 {
				if d, _ := s.World().Deployment("ns", "web-1"); d.Phase == dcplan.PhaseFailed {
					break
				}
				s.Step()
			}
			if d, _ := s.World().Deployment("ns", "web-1"); d.Phase != dcplan.PhaseFailed || !d.Cancelled {
				t.Fatalf("%s seed %d: web-1 is %s (cancelled %v) after the cancel, want Failed and cancelled", preset, seed, d.Phase, d.Cancelled)
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
				raced[preset]++ // failed again for the deleted pod, no reason given
			case d.Phase != dcplan.PhaseComplete:
				t.Errorf("%s seed %d: web-1 is %s %q after the retry, want Complete or (Exact) the race's Failed", preset, seed, d.Phase, d.Reason)
			}
		}
	}
	if raced[dcplan.Modern] != 0 {
		t.Errorf("Modern failed the retried rollout for the pod its deployer deleted in %d of %d seeds, want none", raced[dcplan.Modern], seeds)
	}
	if raced[dcplan.Exact] == 0 {
		t.Errorf("Exact never failed the retried rollout for the pod its deployer deleted in %d seeds: the simulator does not make the race", seeds)
	}
	t.Logf("the race in %d of %d Exact seeds", raced[dcplan.Exact], seeds)
}

// cancelAtPodFailure runs s until the deployer pod of rc has failed in
// the world, and cancels the rollout there, before any controller pass
// has read the failure.
func cancelAtPodFailure(t *testing.T, s *fake.Sim, rc string) {
	t.Helper()
	for range 400 {
		s.Advance(time.Second)
		if p, ok := s.World().Pod("ns", dcplan.DeployerPodName(rc)); ok && p.Phase == dcplan.PodFailed {
			if err := s.Cancel("ns", "web"); err != nil {
				t.Fatal(err)
			}
			return
		}
		s.Step()
	}
	t.Fatalf("the deployer pod of %s never failed", rc)
}

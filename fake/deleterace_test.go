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
	retryRaces(t, fake.Faults{}, func(t *testing.T, s *fake.Sim) {
		cancelAtPodFailure(t, s, "web-1")
		for range 50 {
			if d, _ := s.World().Deployment("ns", "web-1"); d.Phase == dcplan.PhaseFailed {
				break
			}
			s.Step()
		}
		if d, _ := s.World().Deployment("ns", "web-1"); !d.Cancelled {
			t.Fatalf("web-1 is not cancelled after the cancel")
		}
	})
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

package phase_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// TestEncodedConfigFlawsAreHandled covers RCs whose encoded DC holds values
// the API server never writes into a DC (the annotation is text a user may
// edit): the deployer still plans, as upstream's does (SPEC 13.1), and only
// the strategy timeout reads them (SPEC 5.21, 10.10). None of them makes the
// snapshot invalid.
func TestEncodedConfigFlawsAreHandled(t *testing.T) {
	flaw := func(f func(*dcplan.Config)) rcOpt {
		return func(d *dcplan.Deployment) {
			c := d.Encoded.Clone()
			f(&c)
			d.Encoded = new(c)
		}
	}
	clean := phase.Step(snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew)}), "web-1")
	if len(clean.CreatePods) != 1 {
		t.Fatalf("a New RC without a pod plans %s, want its deployer pod", dcplan.Describe(clean))
	}
	sameAsClean := []struct {
		name string
		why  string
		flaw rcOpt
	}{
		{"negative replicas", "the deployer never reads the encoded replicas", flaw(func(c *dcplan.Config) { c.Replicas = -1 })},
		{"negative latestVersion", "nor the encoded status", flaw(func(c *dcplan.Config) { c.Status.LatestVersion = -3 })},
		{"negative history limit", "nor the encoded history limit", flaw(func(c *dcplan.Config) {
			c.HasRevisionHistoryLimit, c.RevisionHistoryLimit = true, -1
		})},
		{"rolling without params, young", "5.21: the default 600 s have not passed", flaw(func(c *dcplan.Config) { c.Strategy.HasParams = false })},
		{"negative timeout, old", "5.21: a timeout of 0 or less never fires", func(d *dcplan.Deployment) {
			timeout(-5)(d)
			age(24 * time.Hour)(d)
		}},
	}
	for _, tt := range sameAsClean {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew, tt.flaw)})
			if err := s.Validate(); err != nil {
				t.Fatalf("Validate() = %v, want nil (%s)", err, tt.why)
			}
			got := phase.Step(s, "web-1")
			if d := cmp.Diff(clean.CreatePods, got.CreatePods); d != "" {
				t.Errorf("Step() pods mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
			if len(got.Transitions) != 1 || got.Transitions[0].To != dcplan.PhasePending {
				t.Errorf("Step() = %s, want web-1 moved to Pending (%s)", dcplan.Describe(got), tt.why)
			}
		})
	}

	t.Run("rolling without params, old", func(t *testing.T) {
		// 5.21: a strategy without its parameters times out after the
		// default, as the API server's defaulting would have set it.
		noParams := flaw(func(c *dcplan.Config) { c.Strategy.HasParams = false })
		s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew, noParams, age(601*time.Second))})
		got := phase.Step(s, "web-1")
		if len(got.Transitions) != 1 || got.Transitions[0].To != dcplan.PhaseFailed || got.Transitions[0].Reason != dcplan.ReasonDeployerCreateFailed {
			t.Fatalf("Step() = %s, want web-1 failed by the 600 s timeout", dcplan.Describe(got))
		}
		if len(got.CreatePods) != 0 {
			t.Errorf("Step() creates %v for a timed-out RC", got.CreatePods)
		}
	})
}

// TestNegativeReplicaAnnotationsAreCarried: the desired-replicas
// annotation is text a user may edit; a negative one is a world clusters
// hold (SPEC 13.1), and the deployer commits it when the rollout
// completes as upstream does, copying it into the replicas annotation
// (SPEC 2.2).
func TestNegativeReplicaAnnotationsAreCarried(t *testing.T) {
	rc := testRC(1, dcplan.PhaseRunning, func(d *dcplan.Deployment) { d.DesiredReplicas = -3 })
	s := snapshot(dcplan.Modern, []dcplan.Deployment{rc}, deployer("web-1", dcplan.PodSucceeded))
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate() = %v, want nil", err)
	}
	p := phase.Step(s, "web-1")
	if len(p.Transitions) != 1 || p.Transitions[0].To != dcplan.PhaseComplete || !p.Transitions[0].CommitDesired || p.Transitions[0].Desired != -3 {
		t.Fatalf("Step() = %s, want web-1 Complete with desired -3 committed", dcplan.Describe(p))
	}
}

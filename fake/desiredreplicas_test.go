package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestDeployerScalesToTheRCsDesiredReplicas pins where a deployer pod
// takes the replica count it scales the new RC to: the RC's
// desired-replicas annotation, written when the RC was created, and the
// DC's spec.replicas only when the RC has none. DC web is created with 2
// replicas; its first two steps (at 0:00) bump latestVersion, create
// its first rollout web-1 (desired 2) and deployer pod web-1-deploy, then the DC is scaled to 3 while
// the pod is still Pending; only the pod model runs after that, so no
// controller moves replicas. The pod scales web-1 to 2 when the RC keeps
// its annotation, and to the DC's 3 when the annotation was removed; a
// pod that read the annotation the other way round scaled web-1 to 3 and
// to 0 (an absent annotation's zero value).
func TestDeployerScalesToTheRCsDesiredReplicas(t *testing.T) {
	for _, tc := range []struct {
		name       string
		annotation bool
		want       dcplan.Replicas
	}{
		{name: "annotated", annotation: true, want: 2},
		{name: "no annotation", annotation: false, want: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := strategyModel()
			m.Scripts = map[string]fake.PodScript{"web-1": {Schedule: 20 * time.Second, Run: 30 * time.Second}}
			s := fake.NewSim(fake.Options{Seed: 1, Model: m})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
				t.Fatal(err)
			}
			s.Step() // latestVersion 0->1
			s.Step() // rc web-1 and pod web-1-deploy
			w := s.World()
			d, ok := w.Deployment("ns", "web-1")
			if !ok || !d.HasDesiredReplicas || d.DesiredReplicas != 2 {
				t.Fatalf("after two steps rc web-1 exists %v, desired %d (annotated %v); want it annotated with 2", ok, d.DesiredReplicas, d.HasDesiredReplicas)
			}
			if p, ok := w.Pod("ns", "web-1-deploy"); !ok || p.Phase != dcplan.PodPending {
				t.Fatalf("after two steps pod web-1-deploy exists %v, phase %s; want it Pending", ok, p.Phase)
			}
			if err := w.UpdateConfig("ns", "web", func(c *dcplan.Config) error { c.Replicas = 3; return nil }); err != nil {
				t.Fatal(err)
			}
			if !tc.annotation {
				if err := w.UpdateDeployment("ns", "web-1", func(d *dcplan.Deployment) error {
					d.DesiredReplicas, d.HasDesiredReplicas = 0, false
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				if d, _ := w.Deployment("ns", "web-1"); d.HasDesiredReplicas {
					t.Fatal("rc web-1 kept its desired-replicas annotation")
				}
			}
			s.Advance(2 * time.Minute) // the pod model alone: past the pod's end at 0:50
			if p, _ := w.Pod("ns", "web-1-deploy"); p.Phase != dcplan.PodSucceeded {
				t.Fatalf("pod web-1-deploy %s after its run, want Succeeded\n%s", p.Phase, tail(s.Trace(), 20))
			}
			if d, _ := w.Deployment("ns", "web-1"); d.Replicas != tc.want {
				t.Errorf("deployer pod scaled rc web-1 to %d, want %d\n%s", d.Replicas, tc.want, tail(s.Trace(), 20))
			}
		})
	}
}

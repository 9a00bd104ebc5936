package fake_test

import (
	"context"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestDeployerPodDoesNotSucceedWithoutItsRC pins that a deployer pod
// whose new RC is deleted mid-run does not count its strategy as done:
// it never exits Succeeded, but keeps running, waiting for replicas that
// cannot come (a process that succeeds exits once its strategy is done,
// see PodModel). web-1's pod runs from 0:10 to 1:10; at 0:30 someone
// deletes rc web-1 with the server's default policy, which for an RC
// orphans its pods, so web-1-deploy stays. With only the pod model
// running (no controller to clean up), the pod is still Running at 3:30.
func TestDeployerPodDoesNotSucceedWithoutItsRC(t *testing.T) {
	m := strategyModel()
	m.Scripts = map[string]fake.PodScript{"web-1": {Schedule: 10 * time.Second, Run: time.Minute}}
	s := fake.NewSim(fake.Options{Seed: 1, Model: m})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	s.Step() // latestVersion 0->1
	s.Step() // rc web-1 and pod web-1-deploy, at 0:00
	w := s.World()
	s.Advance(30 * time.Second)
	if p, ok := w.Pod("ns", "web-1-deploy"); !ok || p.Phase != dcplan.PodRunning {
		t.Fatalf("at 0:30 pod web-1-deploy exists %v, phase %s; want it Running\n%s", ok, p.Phase, tail(s.Trace(), 20))
	}
	if _, err := w.Client().Do(context.Background(), wire.Request{Verb: wire.VerbDelete, Resource: wire.ResourceRCs, Namespace: "ns", Name: "web-1"}); err != nil {
		t.Fatal(err)
	}
	if _, ok := w.Deployment("ns", "web-1"); ok {
		t.Fatal("rc web-1 still there after its delete")
	}
	s.Advance(3 * time.Minute)
	p, ok := w.Pod("ns", "web-1-deploy")
	if !ok {
		t.Fatal("pod web-1-deploy was collected with its RC; want it orphaned")
	}
	if len(p.Owners) != 0 {
		t.Errorf("pod web-1-deploy still has owners %v after its RC's orphaning delete", p.Owners)
	}
	if p.Phase != dcplan.PodRunning {
		t.Errorf("pod web-1-deploy %s at 3:30, its RC gone since 0:30: want it still Running, not done\n%s", p.Phase, tail(s.Trace(), 20))
	}
}

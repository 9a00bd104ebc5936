package fake_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestHookPodLivesItsOwnLife: a pre hook pod is a pod of its own. It is
// created Pending, as the API server creates every pod, and started by
// the kubelet; its command runs to the end whatever becomes of the
// deployer pod that created it. The simulator created it Running and,
// once its deployer pod was deleted, left it Running for ever.
func TestHookPodLivesItsOwnLife(t *testing.T) {
	s := hookSim(t)
	s.Run(4)
	if _, ok := s.World().Pod("ns", "web-1-hook-pre"); !ok {
		t.Fatalf("no hook pod:\n%s", s.Trace())
	}
	for _, line := range []string{"pod/ns/web-1-hook-pre created Pending", "pod/ns/web-1-hook-pre Pending->Running"} {
		if !strings.Contains(s.Trace(), line) {
			t.Errorf("trace lacks %q:\n%s", line, tail(s.Trace(), 25))
		}
	}
	if err := s.DeleteDeployerPod("ns", "web-1"); err != nil {
		t.Fatal(err)
	}
	s.Run(200) // 2 000 s, ten times the hook's run
	if p, ok := s.World().Pod("ns", "web-1-hook-pre"); ok && p.Phase == dcplan.PodRunning {
		t.Errorf("hook pod still Running %v after its deployer pod was deleted:\n%s", s.Now().Sub(p.StartTime), tail(s.Trace(), 25))
	}
}

// hookSim is a simulator (seed 1) of DC ns/web, whose first rollout's
// deployer pod is scheduled after 10 s, runs 200 s and creates its pre
// hook pod.
func hookSim(t *testing.T) *fake.Sim {
	t.Helper()
	m := fake.DefaultPodModel()
	m.Scripts = map[string]fake.PodScript{"web-1": {Schedule: 10 * time.Second, Run: 200 * time.Second, Hook: true}}
	s := fake.NewSim(fake.Options{Seed: 1, Model: m})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	return s
}

package reconcile_test

import (
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// In the Origin profile the seed-era deployer-pod controller, not the
// deployer step, moves an RC with its pod (SPEC 7 row 29): All must run it,
// or Origin rollouts never complete.
func TestAllRunsOriginDeployerPodController(t *testing.T) {
	cfg := config(2)
	old := rollout(t, cfg, 1, dcplan.PhaseComplete, 3)
	cur := rollout(t, cfg, 2, dcplan.PhaseRunning, 1)
	pod := dcplan.Pod{Namespace: "ns", Name: dcplan.DeployerPodName(cur.Name), DeploymentName: cur.Name,
		DeployerFor: cur.Name, Phase: dcplan.PodSucceeded, CreationTime: now}
	s := settled(snapshot(cfg, old, cur))
	s.Pods = []dcplan.Pod{pod}
	for _, tt := range []struct {
		name    string
		why     string
		profile dcplan.Preset
		want    string // the transition of rc/web-2, as Describe prints it
	}{
		{"modern", "2.2: the deployer step follows the pod", dcplan.Modern,
			"transition rc/web-2 v=2 phase=Running->Complete commitDesired=3 rule=2.2\n"},
		{"origin", "7.29: the deployer-pod controller follows the pod", dcplan.Origin,
			"transition rc/web-2 v=2 phase=Running->Complete commitDesired=3 rule=7.29\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := reconcile.All(withPreset(s, tt.profile))
			got := dcplan.Describe(dcplan.Plan{Transitions: p.Transitions})
			if got != tt.want {
				t.Errorf("All() transitions = %q, want %q (%s)\nwhole plan:\n%s", got, tt.want, tt.why, dcplan.Describe(p))
			}
		})
	}
}

// All validates once per planner, not once per RC: its cost is linear in
// the number of RCs (compare ns/op across sizes).
func BenchmarkAll(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		cfg := config(dcplan.Version(n))
		rcs := make([]dcplan.Deployment, n)
		for i := range rcs {
			v := dcplan.Version(i + 1)
			replicas := dcplan.Replicas(0)
			if i == n-1 {
				replicas = 3
			}
			rcs[i] = rollout(b, cfg, v, dcplan.PhaseComplete, replicas)
		}
		s := settled(snapshot(cfg, rcs...))
		if p := reconcile.All(s); !p.IsEmpty() {
			b.Fatalf("steady state is not empty:\n%s", dcplan.Describe(p))
		}
		b.Run(fmt.Sprintf("rcs=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				reconcile.All(s)
			}
		})
	}
}

package phase_test

import (
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// benchSnapshot is a Running RC web-1 with n pods in the namespace: its
// Running, owned deployer pod and n-1 pods of other rollouts (none for n =
// 0, where the pass fails the RC for its missing pod).
func benchSnapshot(n int) dcplan.Snapshot {
	var pods []dcplan.Pod
	if n > 0 {
		pods = append(pods, deployer("web-1", dcplan.PodRunning))
	}
	for i := 1; i < n; i++ {
		pods = append(pods, deployer(fmt.Sprintf("other-%d", i), dcplan.PodSucceeded))
	}
	return snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pods...)
}

func BenchmarkStep(b *testing.B) {
	for _, n := range []int{0, 3, 100} {
		s := benchSnapshot(n)
		b.Run(fmt.Sprintf("pods=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				phase.Step(s, "web-1")
			}
		})
	}
}

func BenchmarkBuildDeployerPod(b *testing.B) {
	s := benchSnapshot(0)
	d := s.Deployments[0]
	b.ReportAllocs()
	for b.Loop() {
		phase.BuildDeployerPod(s, d)
	}
}

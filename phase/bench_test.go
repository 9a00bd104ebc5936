package phase_test

import (
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/benchcpu"
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

// BenchmarkStep is one deployer pass (SPEC 4.4) over web-1: Running with
// 0, 3 or 100 pods in the namespace (benchSnapshot), and "complete", a
// Complete RC with its succeeded deployer pod, the pass with nothing to do
// (0 allocations, TestPassAtRestAllocatesNothing).
func BenchmarkStep(b *testing.B) {
	cases := []struct {
		name string
		s    dcplan.Snapshot
	}{
		{"complete", snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseComplete)}, deployer("web-1", dcplan.PodSucceeded))},
	}
	for _, n := range []int{0, 3, 100} {
		cases = append(cases, struct {
			name string
			s    dcplan.Snapshot
		}{fmt.Sprintf("pods=%d", n), benchSnapshot(n)})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				phase.Step(c.s, "web-1")
			}
			stop()
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

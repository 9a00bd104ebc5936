package conditions_test

import (
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/benchcpu"
)

var sizes = []int{1, 10, 100, 1000, 10000}

// BenchmarkStatus computes the status of a converged DC with n RCs.
func BenchmarkStatus(b *testing.B) {
	for _, n := range sizes {
		s := converged(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				conditions.Status(s, true)
			}
			stop()
		})
	}
}

// BenchmarkChanged is the DC controller's steady state: a converged DC
// with n RCs and nothing to write. It must report 0 allocs/op.
func BenchmarkChanged(b *testing.B) {
	for _, n := range sizes {
		s := converged(n)
		if conditions.Changed(s, true) {
			b.Fatalf("Changed() = true for a converged DC")
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				conditions.Changed(s, true)
			}
			stop()
		})
	}
}

// BenchmarkChangedRolling is BenchmarkChanged for a DC with the Rolling
// strategy at upstream's default fenceposts (maxSurge and maxUnavailable
// "25%"), whose availability floor resolves a percentage on every pass.
func BenchmarkChangedRolling(b *testing.B) {
	for _, n := range sizes[:3] {
		s := rollingConverged(n)
		if conditions.Changed(s, true) {
			b.Fatalf("Changed() = true for a converged DC")
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				conditions.Changed(s, true)
			}
			stop()
		})
	}
}

// BenchmarkChangedRunning is a DC whose latest rollout progresses: the
// status must be written, so a message is rendered.
func BenchmarkChangedRunning(b *testing.B) {
	for _, n := range sizes {
		s := converged(n)
		s.Deployments[n-1].Phase = dcplan.PhaseRunning
		s.Deployments[n-1].StatusReplicas = 1
		s.Config.Status.UpdatedReplicas = 0
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				conditions.Changed(s, false)
			}
			stop()
		})
	}
}

// rollingConverged is converged(n) with the Rolling strategy at 25 %
// fenceposts, its status written again, so that it is converged.
func rollingConverged(n int) dcplan.Snapshot {
	s := converged(n)
	quarter := dcplan.Fencepost{Set: true, IsString: true, Str: "25%"}
	s.Config.Strategy = rolling(quarter, quarter)
	s.Config.Status = conditions.Status(s, true)
	return s
}

package conditions_test

import (
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

var sizes = []int{1, 10, 100, 1000, 10000}

// BenchmarkStatus computes the status of a converged DC with n RCs.
func BenchmarkStatus(b *testing.B) {
	for _, n := range sizes {
		s := converged(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				conditions.Status(s, true)
			}
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
			for b.Loop() {
				conditions.Changed(s, true)
			}
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
			for b.Loop() {
				conditions.Changed(s, false)
			}
		})
	}
}

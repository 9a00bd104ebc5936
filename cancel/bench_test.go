package cancel_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
)

// benchSnapshot has n RCs: all Complete but the latest, which is phase p,
// and one deployer pod per RC.
func benchSnapshot(n int, p dcplan.Phase) dcplan.Snapshot {
	s := snap(dcplan.Modern, dc(dcplan.Version(n)), nil)
	for v := 1; v <= n; v++ {
		ph := dcplan.PhaseComplete
		if v == n {
			ph = p
		}
		d := rc(dcplan.Version(v), ph, time.Duration(n-v)*time.Hour)
		s.Deployments = append(s.Deployments, d)
		s.Pods = append(s.Pods, pod(dcplan.DeployerPodName(d.Name), d.Name))
	}
	return s
}

func BenchmarkCancel(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		s := benchSnapshot(n, dcplan.PhaseRunning)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := cancel.Cancel(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkRetry(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		s := benchSnapshot(n, dcplan.PhaseFailed)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := cancel.Retry(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package history_test

import (
	"strconv"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// benchSizes are the RC counts of every history benchmark.
var benchSizes = []int{1, 10, 100, 1000, 10000}

// benchWorld returns a DC and n RCs in shuffled (deterministic) order:
// every third one Failed, the rest Complete, the newest Running.
func benchWorld(n int) (dcplan.Config, []dcplan.Deployment) {
	cfg := dcplan.Config{Name: "web", HasRevisionHistoryLimit: true, RevisionHistoryLimit: 10}
	cfg.Status.LatestVersion = dcplan.Version(n)
	rcs := make([]dcplan.Deployment, n)
	for i := range rcs {
		v := dcplan.Version((i*7919)%n + 1) // a permutation of 1..n (7919 is prime)
		p := dcplan.PhaseComplete
		switch {
		case int(v) == n:
			p = dcplan.PhaseRunning
		case v%3 == 0:
			p = dcplan.PhaseFailed
		}
		rcs[i] = dcplan.Deployment{Name: "web-" + strconv.Itoa(int(v)), Version: v, Phase: p}
	}
	return cfg, rcs
}

func BenchmarkLatest(b *testing.B) {
	for _, n := range benchSizes {
		cfg, rcs := benchWorld(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if l := history.Latest(&cfg, rcs); l.Candidate == nil {
					b.Fatal("no candidate")
				}
			}
		})
	}
}

func BenchmarkActive(b *testing.B) {
	for _, n := range benchSizes {
		_, rcs := benchWorld(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				history.Active(rcs)
			}
		})
	}
}

func BenchmarkPrunable(b *testing.B) {
	for _, n := range benchSizes {
		cfg, rcs := benchWorld(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				history.Prunable(&cfg, rcs)
			}
		})
	}
}

func BenchmarkToDelete(b *testing.B) {
	for _, n := range benchSizes {
		cfg, rcs := benchWorld(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				history.ToDelete(&cfg, rcs)
			}
		})
	}
}

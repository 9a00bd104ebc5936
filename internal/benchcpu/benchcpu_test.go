package benchcpu_test

import (
	"runtime"
	"testing"

	"github.com/dcplan/dcplan/internal/benchcpu"
)

// BenchmarkSpin shows the metric beside ns/op: for a loop that only
// computes, cpu-ns/op is at most ns/op, and close to it on an idle host.
func BenchmarkSpin(b *testing.B) {
	stop := benchcpu.Start(b)
	x := 1
	for b.Loop() {
		for i := range 1000 {
			x = x*31 + i
		}
	}
	stop()
	runtime.KeepAlive(x)
}

func TestStartReports(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("no thread CPU clock")
	}
	r := testing.Benchmark(BenchmarkSpin)
	if got := r.Extra["cpu-ns/op"]; got <= 0 {
		t.Errorf("cpu-ns/op = %v, want a positive figure (extra: %v)", got, r.Extra)
	}
}

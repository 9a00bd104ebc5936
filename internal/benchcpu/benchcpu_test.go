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

// TestStartReports holds Start's contract on every platform: on Linux
// and Android, where Start reads the thread CPU clock, a positive cpu-ns/op; elsewhere no
// such figure at all (never a zero that benchstat would compare).
func TestStartReports(t *testing.T) {
	r := testing.Benchmark(BenchmarkSpin)
	got, ok := r.Extra["cpu-ns/op"]
	if runtime.GOOS != "linux" && runtime.GOOS != "android" { // android builds the linux file too
		if ok {
			t.Errorf("cpu-ns/op = %v on %s, want no figure (no thread CPU clock)", got, runtime.GOOS)
		}
		return
	}
	if got <= 0 {
		t.Errorf("cpu-ns/op = %v, want a positive figure (extra: %v)", got, r.Extra)
	}
}

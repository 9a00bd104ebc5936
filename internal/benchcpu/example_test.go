package benchcpu_test

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/dcplan/dcplan/internal/benchcpu"
)

// Example reports the CPU time of a benchmark's own thread beside its wall
// time: Start before the loop, the function it returns right after it.
func Example() {
	r := testing.Benchmark(func(b *testing.B) {
		xs := []int{5, 3, 8, 1}
		var sorted []int
		stop := benchcpu.Start(b)
		for b.Loop() {
			sorted = slices.Sorted(slices.Values(xs))
		}
		stop()
		if !slices.IsSorted(sorted) {
			b.Fatal("not sorted")
		}
	})
	cpu, reported := r.Extra["cpu-ns/op"]
	// Start reads the thread CPU clock on Linux and Android; elsewhere
	// nothing is reported.
	fmt.Println(reported == (runtime.GOOS == "linux" || runtime.GOOS == "android"), !reported || cpu > 0)
	// Output:
	// true true
}

package benchcpu

import (
	"runtime"
	"testing"
)

// Start locks the benchmark's goroutine to its thread and returns the
// function to call right after the loop: it reports the thread's CPU
// time (user and system) per operation as cpu-ns/op and unlocks the
// thread. It reports nothing when the platform has no thread CPU clock.
func Start(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	t0, ok := threadCPU()
	return func() {
		t1, ok1 := threadCPU()
		runtime.UnlockOSThread()
		if ok && ok1 && b.N > 0 {
			b.ReportMetric(float64(t1-t0)/float64(b.N), "cpu-ns/op")
		}
	}
}

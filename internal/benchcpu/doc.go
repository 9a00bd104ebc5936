// Package benchcpu adds the CPU time of a benchmark's own thread to its
// figures, as cpu-ns/op: on a host shared with other work, wall time per
// operation moves with everything else running (by ±50 % and more on the
// project's 2-core machines), while the thread's CPU time moves far less.
// It does not replace ns/op; it sits beside it, and benchstat compares it
// like any other unit.
//
//	stop := benchcpu.Start(b)
//	for b.Loop() {
//		reconcile.Config(s)
//	}
//	stop()
//
// The figure is read from the thread's CPU clock on Linux and Android
// (getrusage RUSAGE_THREAD, where the standard library offers one);
// elsewhere Start reports nothing. It is the benchmark's own thread only:
// the garbage collector's background work runs on other threads and is
// not in it, so a benchmark that allocates costs more in process CPU
// than cpu-ns/op says (docs/performance.md gives both where it matters).
package benchcpu

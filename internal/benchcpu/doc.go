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
// Only Linux has a per-thread CPU clock (getrusage RUSAGE_THREAD);
// elsewhere Start reports nothing.
package benchcpu

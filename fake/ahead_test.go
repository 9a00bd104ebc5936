package fake_test

import (
	"runtime"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestDecodeAheadChangesNothing stabilizes a populated world, runs a
// seeded all-faults simulation on it and stabilizes it again (so that
// Stabilize's passes and rest checks span several chunks) on one core (nothing decoded ahead) and on four
// (Stabilize and Stable decode each chunk's objects ahead), with and
// without the decode cache: the traces and the worlds must be the same,
// and the four-core runs must have decoded ahead.
func TestDecodeAheadChangesNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for seed := range uint64(4) {
		for _, noCache := range []bool{false, true} {
			run := func(procs int) (string, int) {
				runtime.GOMAXPROCS(procs)
				s := newFaultySim(seed)
				w := s.World()
				w.NoDecodeCache = noCache
				watch := w.Watch
				w.Watch = nil
				if err := fake.Populate(w, 200, 3); err != nil {
					t.Fatal(err)
				}
				w.Watch = watch
				for _, steps := range []int{0, 60} {
					s.Run(steps)
					if _, err := s.Stabilize(50); err != nil {
						t.Fatalf("seed %d: Stabilize() error = %v", seed, err)
					}
				}
				return s.Trace() + dumpWorld(t, w, 1), fake.DecodedAhead(w)
			}
			one, none := run(1)
			four, ahead := run(4)
			if none != 0 {
				t.Errorf("seed %d, NoDecodeCache %v: one core decoded %d versions ahead, want 0", seed, noCache, none)
			}
			if ahead < 200 {
				t.Errorf("seed %d, NoDecodeCache %v: four cores decoded %d versions ahead, want at least the 200 DCs", seed, noCache, ahead)
			}
			if one != four {
				t.Fatalf("seed %d, NoDecodeCache %v: decoding ahead changed the run:\n%s\n----\n%s", seed, noCache, tail(one, 20), tail(four, 20))
			}
		}
	}
}

package fake_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestDecodeAheadChangesNothing stabilizes a populated world, runs a
// seeded all-faults simulation on it and stabilizes it again (so that
// Stabilize's passes and rest checks span several chunks) on one core (nothing decoded ahead) and on four
// (Stabilize and Stable decode each chunk's objects ahead), with and
// without the decode cache: the traces and the worlds must be the same,
// and the four-core runs must have decoded ahead. Two seeds, one under
// -short.
func TestDecodeAheadChangesNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	seeds := uint64(2)
	if testing.Short() {
		seeds = 1
	}
	for seed := range seeds {
		for _, noCache := range []bool{false, true} {
			run := func(procs int) (string, int) {
				runtime.GOMAXPROCS(procs)
				s := newFaultySim(seed)
				w := s.World()
				w.NoDecodeCache = noCache
				watch := w.Watch
				w.Watch = nil
				if err := fake.Populate(w, 150, 2); err != nil {
					t.Fatal(err)
				}
				w.Watch = watch
				for _, steps := range []int{0, 40} {
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
			if ahead < 150 {
				t.Errorf("seed %d, NoDecodeCache %v: four cores decoded %d versions ahead, want at least the 150 DCs", seed, noCache, ahead)
			}
			if one != four {
				t.Fatalf("seed %d, NoDecodeCache %v: decoding ahead changed the run:\n%s\n----\n%s", seed, noCache, tail(one, 20), tail(four, 20))
			}
		}
	}
}

// TestDecodeAheadSeesWrites decodes the DCs of a World without a decode
// cache ahead, then writes one of them before the values are dropped:
// reads must return the new version, not the value decoded ahead of the
// old one. (With the cache, values decoded ahead go into their versions,
// as a read's would.)
func TestDecodeAheadSeesWrites(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	w := fake.NewWorld(fake.Epoch)
	w.NoDecodeCache = true
	for i := range 40 {
		if err := w.CreateConfig(fake.NewConfig("ns", fmt.Sprintf("app-%d", i), 1)); err != nil {
			t.Fatal(err)
		}
	}
	fake.DecodeAheadConfigs(w, "ns")
	if fake.DecodedAhead(w) != 40 {
		t.Fatalf("decoded %d DCs ahead, want 40", fake.DecodedAhead(w))
	}
	if err := w.UpdateConfig("ns", "app-5", func(c *dcplan.Config) error { c.Replicas = 7; return nil }); err != nil {
		t.Fatal(err)
	}
	if c, _ := w.Config("ns", "app-5"); c.Replicas != 7 {
		t.Errorf("app-5 reads %d replicas after the write, want 7", c.Replicas)
	}
	if c, _ := w.Config("ns", "app-6"); c.Replicas != 1 || c.Name != "app-6" {
		t.Errorf("app-6 reads %s with %d replicas, want app-6 with 1", c.Name, c.Replicas)
	}
	fake.DropAhead(w)
}

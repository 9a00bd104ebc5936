package fake_test

import "testing"

// TestSimSeedsFresh is TestSimSeeds with every fault but stale reads, a
// fifth as many traces: every pass reads the live world, so every
// invariant judges every pass. Under AllFaults about two passes in three
// read a lagging cache (each informer of a controller lags on its own),
// and the Transition invariants leave such passes alone.
func TestSimSeedsFresh(t *testing.T) {
	seeds := max(1, *simSeeds/5)
	if testing.Short() {
		seeds = max(1, seeds/5)
	}
	for seed := range uint64(seeds) {
		s := newFaultySim(seed)
		s.Faults.StaleReads = 0
		checkSeed(t, s, seed)
	}
}

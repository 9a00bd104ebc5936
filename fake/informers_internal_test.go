package fake

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestInformersLagApart: each informer of a controller (the DC
// controller's DCs and RCs, the deployer's RCs and pods) lags on draws of
// its own, within Faults.StaleReads of the last write, and never goes
// back in time; so a pass can read one of its caches newer than the
// other, as upstream's informers do (SPEC 4.2.expect.retry).
func TestInformersLagApart(t *testing.T) {
	s := lagging(t, 7)
	controllers := [][2]cacheKey{
		{{kind: KindConfig}, {kind: KindConfig, pods: true}}, // the DC controller's DCs and RCs
		{{kind: KindRC}, {kind: KindRC, pods: true}},         // the deployer's RCs and pods
	}
	last := map[cacheKey]uint64{}
	lagged := map[cacheKey]bool{}
	apart := map[cacheKey]bool{}
	for n := range 60 {
		scaleTimes(t, s, 1)
		for _, c := range controllers {
			for _, ck := range c {
				seq := s.informerSeq(ck)
				if seq > s.world.seq || s.world.seq-seq > 3 {
					t.Fatalf("write %d: %v read write %d, want one of the last 4 of %d", n, ck, seq, s.world.seq)
				}
				if seq < last[ck] {
					t.Fatalf("write %d: %v read write %d after %d: a cache went back in time", n, ck, seq, last[ck])
				}
				last[ck], lagged[ck] = seq, lagged[ck] || seq < s.world.seq
			}
			apart[c[0]] = apart[c[0]] || last[c[0]] != last[c[1]]
		}
	}
	for _, c := range controllers {
		for _, ck := range c {
			if !lagged[ck] {
				t.Errorf("%v never lagged in 60 writes at StaleReads 3", ck)
			}
		}
		if !apart[c[0]] {
			t.Errorf("%v and %v read the same write after each of 60 writes: their lags are not drawn apart", c[0], c[1])
		}
	}
}

// TestInformerNeverBehindWhatItRead: a second informer's cache never
// goes back in time, also across a stretch without stale reads (Stabilize
// turns the faults off): what a pass read then, the live world, is where
// the cache stands when the lags come back (SPEC 4.2.expect.retry).
func TestInformerNeverBehindWhatItRead(t *testing.T) {
	for seed := range uint64(16) {
		s := lagging(t, seed)
		scaleTimes(t, s, 6)
		for _, ck := range []cacheKey{{kind: KindConfig, pods: true}, {kind: KindRC, pods: true}} {
			s.Faults.StaleReads = 0
			read := s.informerSeq(ck)
			s.Faults.StaleReads = 3
			if got := s.informerSeq(ck); got < read {
				t.Errorf("seed %d: %v read write %d without lag, then write %d: a cache went back in time", seed, ck, read, got)
			}
		}
	}
}

// TestInformersRelistOnRestart: a crash restarts the controllers, whose
// informers relist: every cache, one no pass had read before the crash
// included (the deployer's pods, a second instance's), reads at least
// the write of the relist afterwards (SPEC 4.2.expect.retry).
func TestInformersRelistOnRestart(t *testing.T) {
	for seed := range uint64(16) {
		s := lagging(t, seed)
		scaleTimes(t, s, 6)
		s.informerSeq(cacheKey{kind: KindConfig, pods: true}) // one cache read before the crash
		s.restart()
		relist := s.world.seq
		for _, ck := range []cacheKey{{kind: KindConfig, pods: true}, {kind: KindRC, pods: true}, {kind: KindRC, instance: "#2", pods: true}} {
			if got := s.informerSeq(ck); got < relist {
				t.Errorf("seed %d: %v read write %d after the restart's relist at write %d", seed, ck, got, relist)
			}
		}
	}
}

// lagging returns a simulator of seed with stale reads of up to 3 writes
// and DC ns/web.
func lagging(t *testing.T, seed uint64) *Sim {
	t.Helper()
	s := NewSim(Options{Seed: seed, Faults: Faults{StaleReads: 3}})
	if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	return s
}

// scaleTimes writes DC ns/web n times (its replicas), straight to the
// store.
func scaleTimes(t *testing.T, s *Sim, n int) {
	t.Helper()
	for range n {
		if err := s.world.UpdateConfig("ns", "web", func(c *dcplan.Config) error {
			c.Replicas = (c.Replicas + 1) % 3
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}

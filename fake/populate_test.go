package fake_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestPopulate checks the world Populate writes without decoding: every
// object reads back as the codec encodes it (the interned cut of the
// encoded config reassembles exactly), each RC's encoded DC has its own
// latestVersion, the RCs of one DC share one interned encoded config, and
// the world is at rest as written (each DC carries the status its
// controller writes).
func TestPopulate(t *testing.T) {
	for _, mode := range []struct {
		name, why       string
		compress, cache bool
	}{
		{"plain cached", "the default World", false, true},
		{"plain uncached", "the -scale world", false, false},
		{"compressed", "packed blobs around the interned cut", true, false},
	} {
		t.Run(mode.name, func(t *testing.T) {
			s := fake.NewSim(fake.Options{Quiet: true})
			w := s.World()
			w.Compress, w.NoDecodeCache = mode.compress, !mode.cache
			const dcs, rcs = 3, 4
			if err := fake.Populate(w, dcs, rcs); err != nil {
				t.Fatal(err)
			}
			st := w.Stats()
			if st.Configs != dcs || st.RCs != dcs*rcs {
				t.Fatalf("Stats() = %+v, want %d DCs and %d RCs (%s)", st, dcs, dcs*rcs, mode.why)
			}
			var encLen int
			for v := 1; v <= rcs; v++ {
				name := "app-1-" + string(rune('0'+v))
				raw, ok := w.Wire(fake.KindRC, "ns-0", name)
				if !ok {
					t.Fatalf("Wire(%s) missing", name)
				}
				d, err := wire.DecodeDeployment(raw)
				if err != nil {
					t.Fatalf("DecodeDeployment(%s) error = %v", name, err)
				}
				again, err := wire.EncodeDeployment(d)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(string(raw), string(again)); d != "" {
					t.Errorf("%s does not round-trip (-stored +re-encoded):\n%s", name, d)
				}
				if d.Encoded.Status.LatestVersion != dcplan.Version(v) || d.Version != dcplan.Version(v) {
					t.Errorf("%s: version %d, encoded latestVersion %d, want %d", name, d.Version, d.Encoded.Status.LatestVersion, v)
				}
				encLen = len(d.Encoded.Raw)
			}
			if st.Interned >= 2*dcs*encLen {
				t.Errorf("Stats().Interned = %d, want under %d: the RCs of a DC share one encoded config", st.Interned, 2*dcs*encLen)
			}
			if n, err := s.Stabilize(fake.LivenessBound(st.RCs)); err != nil || n != 0 {
				t.Errorf("Stabilize() = %d, %v; want 0 passes: the DCs carry the status their controller writes", n, err)
			}
			cfg, _ := w.Config("ns-0", "app-1")
			if cfg.Status.ObservedGeneration != 1 || cfg.Status.AvailableReplicas != 1 || len(cfg.Status.Conditions) != 2 {
				t.Errorf("app-1 status = %+v, want observed generation 1, one available replica, Available and Progressing", cfg.Status)
			}
			if err := fake.Populate(w, 1, rcs); !errors.Is(err, dcplan.ErrAlreadyExists) {
				t.Errorf("Populate again error = %v, want ErrAlreadyExists", err)
			}
		})
	}
}

// TestPopulateRefusesNegativeCounts: Populate with a negative count of
// DCs or of RCs per DC returns an error and stores nothing, where it
// panicked making its buffers.
func TestPopulateRefusesNegativeCounts(t *testing.T) {
	for _, c := range []struct{ dcs, rcs int }{{-1, 2}, {2, -1}, {-300, -3}} {
		w := fake.NewWorld(fake.Epoch)
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Populate(%d, %d) panicked: %v", c.dcs, c.rcs, r)
				}
			}()
			if err := fake.Populate(w, c.dcs, c.rcs); err == nil {
				t.Errorf("Populate(%d, %d) = nil, want an error", c.dcs, c.rcs)
			}
		}()
		if st := w.Stats(); st.Configs != 0 || st.RCs != 0 {
			t.Errorf("Populate(%d, %d) stored %+v", c.dcs, c.rcs, st)
		}
	}
}

// TestPopulateWithoutHistoryIsNotAtRest: with no RC per DC, Populate's
// DCs are at latestVersion 0, which their config-change trigger rolls
// out: the world is not at rest as written (Populate's doc promises rest
// only from one RC on), and Stabilize brings it there with version 1.
func TestPopulateWithoutHistoryIsNotAtRest(t *testing.T) {
	s := fake.NewSim(fake.Options{Quiet: true})
	if err := fake.Populate(s.World(), 2, 0); err != nil {
		t.Fatal(err)
	}
	if s.Stable() {
		t.Fatal("Stable() with DCs at version 0 and a config-change trigger")
	}
	if _, err := s.Stabilize(10); err != nil {
		t.Fatal(err)
	}
	if d, ok := s.World().Deployment("ns-0", "app-1-1"); !ok || d.Phase != dcplan.PhaseComplete {
		t.Errorf("app-1-1 after Stabilize: %v (exists %v), want Complete", d.Phase, ok)
	}
}

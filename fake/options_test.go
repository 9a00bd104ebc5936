package fake_test

import (
	"math"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestNewSimDefaultsNegativeTickAndMaxLag: a negative Options.Tick or
// Options.MaxLag takes its default, as zero does: the clock advances 10s a
// Run step (a negative Tick froze it) and the World keeps the default lag
// (a negative MaxLag became a huge uint64 horizon), so the trace is the
// zero Options' one.
func TestNewSimDefaultsNegativeTickAndMaxLag(t *testing.T) {
	faults, err := fake.ParseFaults("stale=2,conflict=0.2")
	if err != nil {
		t.Fatal(err)
	}
	run := func(opts fake.Options) *fake.Sim {
		opts.Seed, opts.Faults = 7, faults
		s := fake.NewSim(opts)
		if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
			t.Fatal(err)
		}
		s.Run(30)
		return s
	}
	want := run(fake.Options{})
	for _, opts := range []fake.Options{{Tick: -time.Second}, {MaxLag: -1}, {Tick: -1, MaxLag: -10}} {
		s := run(opts)
		if got := s.Now().Sub(fake.Epoch); got != 300*time.Second {
			t.Errorf("Tick %v: 30 steps took the clock %v, want 5m0s", opts.Tick, got)
		}
		if s.World().MaxLag != want.World().MaxLag {
			t.Errorf("MaxLag %d: World.MaxLag = %d, want the default %d", opts.MaxLag, s.World().MaxLag, want.World().MaxLag)
		}
		if s.Trace() != want.Trace() {
			t.Errorf("Tick %v, MaxLag %d: the trace differs from the zero Options'", opts.Tick, opts.MaxLag)
		}
	}
}

// TestWorldNegativeMaxLagCountsAsZero: a World whose MaxLag is set
// negative reads and prunes as with MaxLag 0: a lagging snapshot sees the
// current store, and old versions are dropped.
func TestWorldNegativeMaxLagCountsAsZero(t *testing.T) {
	w := fake.NewWorld(fake.Epoch)
	w.MaxLag = -1
	if err := w.CreateConfig(fake.NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	snap, err := w.SnapshotAt(3, "ns", "web", fake.Epoch, dcplan.Settings{})
	if err != nil {
		t.Fatalf("SnapshotAt(3) with MaxLag -1: %v; want the current DC", err)
	}
	if snap.Config.Name != "web" {
		t.Errorf("SnapshotAt(3) with MaxLag -1 read DC %q", snap.Config.Name)
	}
}

// TestParseFaultsRefusesNaN: a rate of NaN is no probability in [0, 1]
// and is refused, where it passed both bound checks; so are rates out of
// [0, 1], a stale count below zero or not a whole number, "all" anywhere
// but first (it was an unknown fault) and a name given twice (the last
// value silently won).
func TestParseFaultsRefusesNaN(t *testing.T) {
	for _, s := range []string{"conflict=NaN", "squat=nan", "user=-0.1", "edit=1.5", "stale=-1", "stale=0.5",
		"conflict=0.1,all", "conflict=0.1,stale=1,conflict=0.2", "all,stale,stale=3"} {
		if f, err := fake.ParseFaults(s); err == nil {
			t.Errorf("ParseFaults(%q) = %v, want an error", s, f)
		}
	}
}

// TestFaultsStringParses: String writes what ParseFaults reads back to
// faults the simulator treats alike: a knob at or below zero (or NaN) is
// off, and a rate above 1 is certain; it wrote "stale=-1" and
// "conflict=2", which ParseFaults refuses, and Any reported such faults
// on though the simulator draws none.
func TestFaultsStringParses(t *testing.T) {
	tests := []struct {
		f    fake.Faults
		want string
		any  bool
	}{
		{fake.Faults{StaleReads: -1, Conflict: -0.5, Crash: math.NaN()}, "none", false},
		{fake.Faults{Conflict: 2, StaleReads: 3}, "conflict=1,stale=3", true},
		{fake.AllFaults(), fake.AllFaults().String(), true},
	}
	for _, tt := range tests {
		got := tt.f.String()
		if got != tt.want || tt.f.Any() != tt.any {
			t.Errorf("%#v: String() = %q, Any() = %v; want %q, %v", tt.f, got, tt.f.Any(), tt.want, tt.any)
		}
		back, err := fake.ParseFaults(got)
		if err != nil {
			t.Errorf("ParseFaults(%q): %v", got, err)
			continue
		}
		if back.String() != got {
			t.Errorf("ParseFaults(%q).String() = %q", got, back.String())
		}
	}
}

// TestSimSettingsAreItsOwn: the Settings a Sim plans with are its own
// copy: changing the Environment of the Options.Settings given to NewSim,
// or of what Sim.Settings returns, leaves the Sim's settings as they were.
func TestSimSettingsAreItsOwn(t *testing.T) {
	st := dcplan.Settings{Environment: []dcplan.EnvVar{{Name: "A", Value: "1"}}}
	s := fake.NewSim(fake.Options{Seed: 1, Settings: st})
	st.Environment[0].Value = "caller"
	if got := s.Settings().Environment[0].Value; got != "1" {
		t.Errorf("after the caller changed its Options.Settings, the Sim's env A=%q, want 1", got)
	}
	s.Settings().Environment[0].Value = "returned"
	if got := s.Settings().Environment[0].Value; got != "1" {
		t.Errorf("after the caller changed what Settings returned, the Sim's env A=%q, want 1", got)
	}
}

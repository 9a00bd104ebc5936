package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestNoTriggersRecreatedOverOrphans runs SPEC 3.2.1.claim through the
// simulator: a DC without triggers rolled out by hand, deleted with
// --cascade=orphan and created again from the same manifest. Exact
// (NoTriggersIgnoresRCs) plans the new DC from no RCs: it never adopts
// api-1, whose pods run on, and rests at latestVersion 0, which the
// invariants judge on the live world (StatusCaughtUp). Modern adopts
// api-1 and catches the status up to it; every invariant holds.
func TestNoTriggersRecreatedOverOrphans(t *testing.T) {
	for _, tt := range []struct {
		preset dcplan.Preset
		broken string // the invariant the world at rest breaks; "" for none
	}{
		{dcplan.Modern, ""},
		{dcplan.Exact, "StatusCaughtUp (SPEC 3.2.7)"},
	} {
		t.Run(tt.preset.String(), func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1, Settings: tt.preset.Settings()})
			api := fake.NewConfig("ns", "api", 2)
			api.Triggers = nil
			if err := s.AddConfig(api); err != nil {
				t.Fatal(err)
			}
			stabilize(t, s)
			if err := s.RolloutLatest("ns", "api"); err != nil {
				t.Fatal(err)
			}
			stabilize(t, s)
			if err := s.DeleteConfig("ns", "api", false, true); err != nil {
				t.Fatal(err)
			}
			if err := s.AddConfig(api); err != nil {
				t.Fatal(err)
			}
			stabilize(t, s)

			obs := s.Observe()
			if !obs.Stable {
				t.Fatal("not at rest after Stabilize")
			}
			var err error
			for _, c := range obs.Configs {
				if c.Config.Name == "api" {
					err = fake.CheckState(c, true, tt.preset.Settings())
				}
			}
			switch {
			case tt.broken == "" && err != nil:
				t.Fatalf("at rest: %v\ntrace (last 30 lines):\n%s", err, tail(s.Trace(), 30))
			case tt.broken != "" && (err == nil || !strings.Contains(err.Error(), tt.broken)):
				t.Fatalf("at rest: %v, want %s broken", err, tt.broken)
			}
			cfg, ok := s.World().Config("ns", "api")
			if !ok {
				t.Fatal("the DC made again is gone")
			}
			want := dcplan.Version(1)
			if tt.broken != "" {
				want = 0
			}
			if cfg.Status.LatestVersion != want {
				t.Errorf("latestVersion = %d, want %d", cfg.Status.LatestVersion, want)
			}
		})
	}
}

// stabilize runs s until it is at rest, failing t when it does not get
// there in 50 passes.
func stabilize(t *testing.T, s *fake.Sim) {
	t.Helper()
	if _, err := s.Stabilize(50); err != nil {
		t.Fatalf("Stabilize: %v\ntrace (last 30 lines):\n%s", err, tail(s.Trace(), 30))
	}
}

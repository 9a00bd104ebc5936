package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
)

// TestSimResyncsAtItsPeriod pins Options.Resync on a world at rest, where
// only a resync queues an object: never when negative; every period
// (counted from the start) when positive, and not at the steps in
// between. The world is at rest at 10:01:00 (10s ticks); over the next
// 29 steps, to 10:05:50, a 2-minute resync queues the DC and its RC at
// 10:02:00 and 10:04:00: two passes each time.
func TestSimResyncsAtItsPeriod(t *testing.T) {
	for _, tc := range []struct {
		name       string
		resync     time.Duration
		wantPasses int
	}{
		{name: "never", resync: -1, wantPasses: 0},
		{name: "hourly", resync: time.Hour, wantPasses: 0},
		{name: "every 2 minutes", resync: 2 * time.Minute, wantPasses: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1, Resync: tc.resync})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(50); err != nil {
				t.Fatal(err)
			}
			s.Run(1) // the DC controller's last, empty pass
			if o := s.Observe(); !o.Stable || o.Now != time.Date(2026, 11, 30, 10, 1, 0, 0, time.UTC) {
				t.Fatalf("at %v stable %v, want at rest at 10:01:00", o.Now, o.Stable)
			}
			s.Run(29)
			if got := len(s.Observe().Passes); got != tc.wantPasses {
				t.Errorf("Resync %v, 29 steps at rest: %d passes, want %d\n%s", tc.resync, got, tc.wantPasses, tail(s.Trace(), 20))
			}
		})
	}
}

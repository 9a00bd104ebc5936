package explore

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestClockSpansOneMovePerTimeout: the clock moves out of a world are one
// per distinct New-phase timeout (SPEC 4.3.new.3) of an RC still New,
// shortest first, each a whole number of seconds at or past its timeout.
// A single move to the latest timeout would take every New RC past its
// own at once, and no trace would reach the world where one RC has timed
// out and another has not.
func TestClockSpansOneMovePerTimeout(t *testing.T) {
	strategy := func(seconds int64) *dcplan.Config {
		return &dcplan.Config{Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasTimeout: true, TimeoutSeconds: seconds}}
	}
	rc := func(name string, ph dcplan.Phase, enc *dcplan.Config, created, retried time.Time) dcplan.Deployment {
		return dcplan.Deployment{Name: name, Phase: ph, Encoded: enc, CreationTime: created, RetriedAt: retried}
	}
	at := func(d time.Duration) time.Time { return fake.Epoch.Add(d) }
	tests := []struct {
		name string
		rcs  []dcplan.Deployment
		want []time.Duration
	}{
		{"one RC, made now", []dcplan.Deployment{rc("web-1", dcplan.PhaseNew, strategy(600), fake.Epoch, time.Time{})},
			[]time.Duration{601 * time.Second}},
		{"two timeouts", []dcplan.Deployment{
			rc("web-1", dcplan.PhaseNew, strategy(600), fake.Epoch, time.Time{}),
			rc("web-2", dcplan.PhaseNew, strategy(60), fake.Epoch, time.Time{})},
			[]time.Duration{61 * time.Second, 601 * time.Second}},
		{"one timeout twice", []dcplan.Deployment{
			rc("web-1", dcplan.PhaseNew, strategy(60), at(-30*time.Second), time.Time{}),
			rc("web-2", dcplan.PhaseNew, strategy(90), at(-60*time.Second), time.Time{})},
			[]time.Duration{31 * time.Second}},
		{"counted from the retry", []dcplan.Deployment{
			rc("web-1", dcplan.PhaseNew, strategy(60), at(-time.Hour), at(-10*time.Second))},
			[]time.Duration{51 * time.Second}},
		{"a retry with a fraction rounds up", []dcplan.Deployment{
			rc("web-1", dcplan.PhaseNew, strategy(60), at(-time.Hour), at(-10*time.Second+500*time.Millisecond))},
			[]time.Duration{52 * time.Second}},
		{"timed out already", []dcplan.Deployment{
			rc("web-1", dcplan.PhaseNew, strategy(60), at(-time.Hour), time.Time{})}, nil},
		{"not New", []dcplan.Deployment{
			rc("web-1", dcplan.PhasePending, strategy(60), fake.Epoch, time.Time{}),
			rc("web-2", dcplan.PhaseComplete, strategy(60), fake.Epoch, time.Time{})}, nil},
		{"no encoded DC", []dcplan.Deployment{rc("web-1", dcplan.PhaseNew, nil, fake.Epoch, time.Time{})}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := clockSpans(World{Deployments: tt.rcs})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("clockSpans (-want +got):\n%s", diff)
			}
		})
	}
}

// TestClockSpanPassesTheTimeout: a move of the span clockSpans gives,
// as Replay makes it, ages an RC whose retry carries a fraction of a
// second past its timeout as phase.Step reads it: rounding the span down
// would leave it a fraction short.
func TestClockSpanPassesTheTimeout(t *testing.T) {
	for _, frac := range []time.Duration{0, 200 * time.Millisecond, 900 * time.Millisecond} {
		start := fake.Epoch.Add(-10*time.Second + frac)
		for _, d := range clockSpans(World{Deployments: []dcplan.Deployment{{
			Name: "web-1", Phase: dcplan.PhaseNew, RetriedAt: start,
			Encoded: &dcplan.Config{Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate}},
		}}}) {
			m := clockMove(d)
			span, ok := clockSpanOf(m)
			if !ok {
				t.Fatalf("the move %v names no span", m)
			}
			elapsed := fake.Epoch.Sub(start.Add(-span))
			if secs := int64(elapsed.Seconds()); secs <= dcplan.DefaultTimeoutSeconds {
				t.Errorf("retried %v before now, moved %v: %d whole seconds elapsed, want more than %d", -frac+10*time.Second, span, secs, dcplan.DefaultTimeoutSeconds)
			}
		}
	}
}

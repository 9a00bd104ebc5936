package kube

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestWaitsCounted: dcplan_waits_total counts the passes whose last plan
// waits, by controller and the wait reason's spelling, so that a key held
// by a wait (its cache behind its own writes, a deleted pod a finalizer
// holds: SPEC 4.2.expect.delete) shows on a dashboard; a pass that does
// not wait, or did not run, counts nothing there.
func TestWaitsCounted(t *testing.T) {
	m := newMetrics(&Decoder{})
	stale := wire.Pass{Plan: dcplan.Plan{Wait: dcplan.WaitStaleCache}}
	m.pass(ComponentDeployer, passRecheck, time.Millisecond, true, stale)
	m.pass(ComponentDeployer, passRecheck, time.Millisecond, true, stale)
	m.pass(ComponentConfig, passRequeued, time.Millisecond, true, wire.Pass{Plan: dcplan.Plan{Wait: dcplan.WaitRetry}})
	m.pass(ComponentConfig, passDone, time.Millisecond, true, wire.Pass{})
	m.pass(ComponentDeployer, passGone, 0, false, stale)
	for _, c := range []struct {
		controller, reason string
		want               float64
	}{
		{ComponentDeployer, "stale-cache", 2},
		{ComponentConfig, "retry", 1},
		{ComponentConfig, "stale-cache", 0},
	} {
		if got := testutil.ToFloat64(m.waits.WithLabelValues(c.controller, c.reason)); got != c.want {
			t.Errorf("dcplan_waits_total{controller=%q, reason=%q} = %v, want %v", c.controller, c.reason, got, c.want)
		}
	}
	if n := testutil.CollectAndCount(m.waits); n != 3 {
		t.Errorf("dcplan_waits_total has %d series, want the 3 asked for (a pass without a wait adds none)", n)
	}
}

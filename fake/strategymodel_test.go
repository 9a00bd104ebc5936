package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// strategyModel is a pod model without failures or hooks: deployer pods
// pending 5s and running at least 60s, status following after 5s.
func strategyModel() fake.PodModel {
	m := fake.DefaultPodModel()
	m.ScheduleMin, m.ScheduleMax, m.RunMin, m.RunMax = 5*time.Second, 5*time.Second, 60*time.Second, 60*time.Second
	m.FailRate, m.HookRate = 0, 0
	return m
}

// rolledOut returns a Sim whose DC web (replicas, strategy st) has
// rolled out web-1, then has its image changed: web-2 is on its way.
func rolledOut(t *testing.T, m fake.PodModel, replicas dcplan.Replicas, st dcplan.Strategy) *fake.Sim {
	t.Helper()
	s := fake.NewSim(fake.Options{Seed: 1, Model: m, Tick: time.Second})
	c := fake.NewConfig("ns", "web", replicas)
	if st.Type != dcplan.StrategyUnset {
		c.Strategy = st
	}
	if err := s.AddConfig(c); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stabilize(20); err != nil {
		t.Fatal(err)
	}
	if err := s.SetImage("ns", "web", fake.Images[1]); err != nil {
		t.Fatal(err)
	}
	return s
}

// rcs returns web-1 and web-2 as the store has them.
func rcs(s *fake.Sim) (old, cur dcplan.Deployment) {
	old, _ = s.World().Deployment("ns", "web-1")
	cur, _ = s.World().Deployment("ns", "web-2")
	return old, cur
}

// TestRollingKeepsFenceposts: the Rolling strategy's deployer never lets
// the RCs' available replicas drop below desired - maxUnavailable, nor
// their spec total rise above desired + maxSurge (SPEC 5.16, 5.17: with
// 3 replicas and 25%/25%, surge 1 and unavailable 0). The pod model's
// rolling deployer scaled the old RC down by the clock alone, before any
// new replica was available: the DC lost availability (and its
// Available condition) where a real Rolling rollout keeps it.
func TestRollingKeepsFenceposts(t *testing.T) {
	s := rolledOut(t, strategyModel(), 3, dcplan.Strategy{})
	for i := range 300 {
		s.Run(1)
		old, cur := rcs(s)
		if got := old.AvailableReplicas + cur.AvailableReplicas; got < 3 {
			t.Fatalf("step %d: available %d+%d = %d < 3 (desired 3, maxUnavailable 0)\n%s", i, old.AvailableReplicas, cur.AvailableReplicas, got, tail(s.Trace(), 30))
		}
		if got := old.Replicas + cur.Replicas; got > 4 {
			t.Fatalf("step %d: spec %d+%d = %d > 4 (desired 3, maxSurge 1)", i, old.Replicas, cur.Replicas, got)
		}
		if cur.Phase == dcplan.PhaseComplete {
			if old.Replicas != 0 || cur.Replicas != 3 {
				t.Fatalf("complete with web-1 at %d, web-2 at %d", old.Replicas, cur.Replicas)
			}
			return
		}
	}
	t.Fatalf("web-2 did not complete\n%s", tail(s.Trace(), 30))
}

// TestRecreateScalesOldDownFirst: the Recreate strategy scales the RC it
// moves from to 0 (and waits for it) before it scales the new one up: the
// old and the new RC never run replicas at once.
func TestRecreateScalesOldDownFirst(t *testing.T) {
	s := rolledOut(t, strategyModel(), 3, dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true})
	for i := range 300 {
		s.Run(1)
		old, cur := rcs(s)
		if cur.Replicas > 0 && (old.Replicas > 0 || old.StatusReplicas > 0) {
			t.Fatalf("step %d: web-2 scaled to %d while web-1 still has %d (status %d)\n%s", i, cur.Replicas, old.Replicas, old.StatusReplicas, tail(s.Trace(), 30))
		}
		if cur.Phase == dcplan.PhaseComplete {
			if old.Replicas != 0 || cur.Replicas != 3 {
				t.Fatalf("complete with web-1 at %d, web-2 at %d", old.Replicas, cur.Replicas)
			}
			return
		}
	}
	t.Fatalf("web-2 did not complete\n%s", tail(s.Trace(), 30))
}

// TestDeployerNeverScalesBack: a deployer process scales its new RC up
// and the old ones down, never the other way; a clock that goes back (the
// ClockJump fault) made the pod model's deployer, which scaled by elapsed
// time, scale web-2 down and web-1 up again.
func TestDeployerNeverScalesBack(t *testing.T) {
	m := strategyModel()
	m.RunMin, m.RunMax = 600*time.Second, 600*time.Second
	s := rolledOut(t, m, 10, dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true,
		MaxSurge:       dcplan.Fencepost{Set: true, IsString: true, Str: "100%"},
		MaxUnavailable: dcplan.Fencepost{Set: true, IsString: true, Str: "100%"}})
	s.Run(200)
	old0, cur0 := rcs(s)
	if cur0.Phase.Terminal() || cur0.Replicas == 0 {
		t.Fatalf("web-2 %v at %d: want it rolling", cur0.Phase, cur0.Replicas)
	}
	s.JumpClock(-time.Minute)
	s.Run(5)
	old, cur := rcs(s)
	if cur.Replicas < cur0.Replicas || old.Replicas > old0.Replicas {
		t.Errorf("after the clock went back: web-1 %d->%d, web-2 %d->%d\n%s", old0.Replicas, old.Replicas, cur0.Replicas, cur.Replicas, tail(s.Trace(), 20))
	}
}

// TestNoScalingDuringPreHook: the strategy runs the pre hook to
// completion before it scales anything; the pod model scaled web-2 up
// and web-1 down while web-2-hook-pre was still running.
func TestNoScalingDuringPreHook(t *testing.T) {
	m := strategyModel()
	m.Scripts = map[string]fake.PodScript{"web-2": {Schedule: 5 * time.Second, Run: 120 * time.Second, Hook: true}}
	s := rolledOut(t, m, 3, dcplan.Strategy{})
	sawHook := false
	for i := range 300 {
		s.Run(1)
		old, cur := rcs(s)
		if p, ok := s.World().Pod("ns", "web-2-hook-pre"); ok && p.Phase != dcplan.PodSucceeded && p.Phase != dcplan.PodFailed {
			sawHook = true
			if cur.Replicas != 0 || old.Replicas != 3 {
				t.Fatalf("step %d: hook pod %s while web-1 at %d, web-2 at %d\n%s", i, p.Phase, old.Replicas, cur.Replicas, tail(s.Trace(), 20))
			}
		}
		if cur.Phase.Terminal() {
			break
		}
	}
	if !sawHook {
		t.Fatal("no hook pod ran")
	}
}

// TestAvailableAfterMinReadySeconds: the replication manager counts a
// replica available only once it has been ready for the RC's
// minReadySeconds (the DC's, SPEC 3.8, 3.9); the pod model reported
// available together with ready.
func TestAvailableAfterMinReadySeconds(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1, Model: strategyModel(), Tick: time.Second})
	c := fake.NewConfig("ns", "web", 2)
	c.MinReadySeconds = 30
	if err := s.AddConfig(c); err != nil {
		t.Fatal(err)
	}
	var ready, avail time.Time
	for range 300 {
		s.Run(1)
		d, _ := s.World().Deployment("ns", "web-1")
		if ready.IsZero() && d.ReadyReplicas == 2 {
			ready = s.Now()
		}
		if avail.IsZero() && d.AvailableReplicas == 2 {
			avail = s.Now()
		}
		if d.AvailableReplicas > d.ReadyReplicas {
			t.Fatalf("available %d > ready %d", d.AvailableReplicas, d.ReadyReplicas)
		}
	}
	if ready.IsZero() || avail.IsZero() {
		t.Fatalf("web-1 never ready (%v) or available (%v)", ready, avail)
	}
	if got := avail.Sub(ready); got < 30*time.Second {
		t.Errorf("available %s after ready, want at least minReadySeconds 30s", got)
	}
}

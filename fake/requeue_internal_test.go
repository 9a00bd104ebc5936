package fake

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// failingFromFirstRC is a one-DC simulator whose every write fails with
// 500 from the moment the DC's first RC is created, with dual as the
// chance of the second controller instance's pass.
func failingFromFirstRC(t *testing.T, dual float64) *Sim {
	t.Helper()
	s := NewSim(Options{Seed: 1})
	if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	w := s.world.Watch
	s.world.Watch = func(ch Change) {
		w(ch)
		if ch.Kind == KindRC && ch.Created {
			s.Faults.ServerError, s.Faults.Dual = 1, dual
		}
	}
	return s
}

// TestRequeuesReachMaxRetryCount: a key whose passes keep failing is
// requeued while the count read before the pass is below MaxRetryCount,
// as upstream's handleErr (and examples/kube) requeue it: the last pass
// sees Requeues == MaxRetryCount and plans the deployer's FailedRetry
// (SPEC 4.7). The simulator used to count first, so the last pass saw
// one fewer and FailedRetry was never planned.
func TestRequeuesReachMaxRetryCount(t *testing.T) {
	s := failingFromFirstRC(t, 0)
	s.Run(40)
	maxSeen, failedRetry := -1, false
	for _, p := range s.Observe().Passes {
		if p.Actor != "deployer" || p.RC != "web-1" {
			continue
		}
		maxSeen = max(maxSeen, p.Seen.Requeues)
		for _, e := range p.Plan.Events {
			failedRetry = failedRetry || e.Reason == dcplan.EventFailedRetry
		}
	}
	if !strings.Contains(s.Trace(), "drop rc/ns/web-1") {
		t.Fatalf("web-1 never dropped:\n%s", s.Trace())
	}
	if maxSeen != dcplan.MaxRetryCount || !failedRetry {
		t.Errorf("last pass saw Requeues %d, FailedRetry planned: %v; want %d and true", maxSeen, failedRetry, dcplan.MaxRetryCount)
	}
}

// TestDualInstanceCountsItsOwnRequeues: the Dual fault's second
// instance is another process, with a rate limiter of its own, so its
// failed passes do not move the leader's count: the leader's passes see
// 0, 1, 2, ... It used to share the leader's count (0, 2, 4, ...), so
// the 13-requeue rule fired after about seven of the leader's failures.
func TestDualInstanceCountsItsOwnRequeues(t *testing.T) {
	s := failingFromFirstRC(t, 1)
	s.Run(12)
	var leader, second []int
	for _, p := range s.Observe().Passes {
		switch {
		case p.Actor == "deployer" && p.RC == "web-1":
			leader = append(leader, p.Seen.Requeues)
		case p.Actor == "deployer#2" && p.RC == "web-1":
			second = append(second, p.Seen.Requeues)
		}
	}
	if len(leader) < 3 || len(second) < 3 {
		t.Fatalf("passes over web-1: leader %v, second instance %v; want at least three each", leader, second)
	}
	for i, n := range leader {
		if n != i {
			t.Errorf("leader's Requeues %v, want 0, 1, 2, ... (its own failures only)", leader)
			break
		}
	}
}

// TestWaitOnlyPassForgetsRequeues: a pass whose plan only waits, with no
// error (Plan.Message empty), is a pass whose handler returned nil: the
// work queue forgets the key (Forget, the count back to 0) and the recheck
// that brings it back (AddAfter) counts no requeue, as upstream's
// handleErr and examples/kube's queue policy do (SPEC 1.7, 4.3.pending.1,
// 11a.4). The deployer of a Pending RC whose pod is gone is requeued
// three times (WaitDeployer, an error), then one pass waits for its stale
// cache (WaitStaleCache, no error): the count after it is 0, and the RC
// fails on the pass that sees 13 requeues counted from there. The
// simulator used to count the wait as a requeue, so the RC failed after
// 13 passes in all, waits included.
func TestWaitOnlyPassForgetsRequeues(t *testing.T) {
	s := NewSim(Options{Seed: 1})
	if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if d, ok := s.world.Deployment("ns", "web-1"); ok && d.Phase == dcplan.PhasePending {
			break
		}
		s.Step()
	}
	if d, ok := s.world.Deployment("ns", "web-1"); !ok || d.Phase != dcplan.PhasePending {
		t.Fatalf("web-1 after five steps: %v %v, want Pending", ok, d.Phase)
	}
	if err := s.DeleteDeployerPod("ns", "web-1"); err != nil {
		t.Fatal(err)
	}
	it := item{KindRC, "ns", "web-1"}
	pass := func() Pass {
		t.Helper()
		n := len(s.passes)
		s.process(it)
		if len(s.passes) != n+1 {
			t.Fatalf("no pass recorded over %s", it)
		}
		return s.passes[n]
	}
	for i := range 3 {
		if p := pass(); p.Plan.Wait != dcplan.WaitDeployer || p.Seen.Requeues != i {
			t.Fatalf("pass %d: wait %v, saw Requeues %d; want deployer, %d", i, p.Plan.Wait, p.Seen.Requeues, i)
		}
	}
	if got := s.rcq.requeues[it]; got != 3 {
		t.Fatalf("requeues after three WaitDeployer passes: %d, want 3", got)
	}
	// The cache shows web-1 as it was before one of the deployer's own
	// writes: the next pass waits for it (SPEC 4.2.expect).
	d, _ := s.world.Deployment("ns", "web-1")
	s.expectWritten = map[expectKey][]string{{it: it}: {d.ResourceVersion}}
	if p := pass(); p.Plan.Wait != dcplan.WaitStaleCache || p.Plan.Message != "" {
		t.Fatalf("stale pass: wait %v, message %q; want stale-cache and none", p.Plan.Wait, p.Plan.Message)
	}
	if got := s.rcq.requeues[it]; got != 0 {
		t.Errorf("requeues after a pass that only waits: %d, want 0 (Forget)", got)
	}
	if !s.rcq.queued[it] {
		t.Errorf("%s not queued again after its stale-cache wait", it)
	}
	delete(s.expectWritten, expectKey{it: it})
	for i := 0; ; i++ {
		p := pass()
		if len(p.Plan.Transitions) > 0 {
			if p.Seen.Requeues != dcplan.WillBeDroppedRequeues || i != dcplan.WillBeDroppedRequeues {
				t.Errorf("web-1 failed on the pass that saw Requeues %d, after %d requeues since the wait; want %d and %d",
					p.Seen.Requeues, i, dcplan.WillBeDroppedRequeues, dcplan.WillBeDroppedRequeues)
			}
			break
		}
		if i > dcplan.MaxRetryCount {
			t.Fatalf("web-1 never failed: %d passes", i)
		}
	}
}

// TestRateLimited pins the queue policy the simulator and package explore
// share (SPEC 1.7): a retried or actionable error, or a failed pass, is
// requeued with rate limiting; a pass that returned nil, one that only
// waits or has a deadline, and a fatal error are forgotten.
func TestRateLimited(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    dcplan.Plan
		err  error
		want bool
	}{
		{"nil", dcplan.Plan{}, nil, false},
		{"stale cache", dcplan.Plan{Wait: dcplan.WaitStaleCache}, nil, false},
		{"status lag", dcplan.Plan{Wait: dcplan.WaitStatusLag}, nil, false},
		{"deadline", dcplan.Plan{RecheckAfter: time.Minute}, nil, false},
		{"retry", dcplan.Plan{Wait: dcplan.WaitDeployer, Message: "pod not found", Error: dcplan.ErrorRetry}, nil, true},
		{"actionable", dcplan.Plan{Wait: dcplan.WaitRetry, Message: "couldn't create deployer pod", Error: dcplan.ErrorActionable}, nil, true},
		{"stale cache error", dcplan.Plan{Wait: dcplan.WaitStaleCache, Message: "caches for RC are stale", Error: dcplan.ErrorRetry}, nil, true},
		{"fatal", dcplan.Plan{Wait: dcplan.WaitConfigDecode, Message: "fatal error handling rollout", Error: dcplan.ErrorFatal}, nil, false},
		{"failed pass", dcplan.Plan{}, wire.ErrProtocol, true},
	} {
		if got := RateLimited(tt.p, tt.err); got != tt.want {
			t.Errorf("%s: RateLimited = %v, want %v", tt.name, got, tt.want)
		}
	}
}

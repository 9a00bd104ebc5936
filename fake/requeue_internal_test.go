package fake

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
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

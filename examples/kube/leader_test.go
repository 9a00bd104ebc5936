package kube_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// leaseName is the tests' Lease, in the namespace ns.
const leaseName = "dcplan-controller"

// testElection is the tests' leader election for identity id: short
// durations, so that a fail-over takes about a second.
func testElection(id string) *kube.LeaderElection {
	return &kube.LeaderElection{Namespace: ns, Name: leaseName, Identity: id,
		LeaseDuration: time.Second, RenewDeadline: 500 * time.Millisecond, RetryPeriod: 100 * time.Millisecond}
}

// replica is one process of a replicated controller: its controller,
// the requests it sent, and the end of its Run.
type replica struct {
	ctrl   *kube.Controller
	sent   *atomic.Int64
	cancel func()
	done   chan struct{} // closed when Run returned, with err
	err    error
}

// counted counts the requests a wire.Client sends, reads included.
type counted struct {
	wire.Client
	n *atomic.Int64
}

func (c counted) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	c.n.Add(1)
	return c.Client.Do(ctx, r)
}

func (c counted) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	c.n.Add(1)
	return c.Client.Get(ctx, resource, namespace, name)
}

// startReplica runs a controller with leader election as identity id.
func (c *cluster) startReplica(t *testing.T, id string) *replica {
	t.Helper()
	r := &replica{sent: &atomic.Int64{}, done: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	r.ctrl = kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Recorder: c.recorder, Now: func() time.Time { return epoch },
		Logger: klog.NewKlogr().V(10), LeaderElection: testElection(id),
		Wrap: func(_ string, wc wire.Client) wire.Client { return counted{wc, r.sent} }})
	go func() { defer close(r.done); r.err = r.ctrl.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-r.done })
	return r
}

// stop cancels the replica's context and returns Run's error.
func (r *replica) stop() error {
	r.cancel()
	<-r.done
	return r.err
}

// returned reports whether Run returned.
func (r *replica) returned() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// count is the number of requests the replica sent.
func (r *replica) count() int64 { return r.sent.Load() }

// holder returns the lease's holder, "" when there is no lease or holder.
func (c *cluster) holder(t testing.TB) string {
	t.Helper()
	l, err := c.kube.CoordinationV1().Leases(ns).Get(context.Background(), leaseName, metav1.GetOptions{})
	if err != nil || l.Spec.HolderIdentity == nil {
		return ""
	}
	return *l.Spec.HolderIdentity
}

// ready reports whether the replica's readiness probe answers 200.
func (r *replica) ready() bool {
	w := httptest.NewRecorder()
	r.ctrl.Readyz().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	return w.Code == http.StatusOK
}

// leaderGauge is dcplan_leader at v, in the text format.
func leaderGauge(v int) string {
	return fmt.Sprintf(`
# HELP dcplan_leader 1 while this process acts: it holds the leader lease, or runs without leader election.
# TYPE dcplan_leader gauge
dcplan_leader %d
`, v)
}

// TestLeaderElectionFailover: of two replicas, the one holding the lease
// acts and the other, ready, sends nothing; when the leader stops
// (SIGTERM) it finishes its passes, releases the lease and sends nothing
// more, and the other takes over and finishes the rollout, with no second
// RC.
func TestLeaderElectionFailover(t *testing.T) {
	c := newCluster(t)
	k := newKubelet(c)
	k.run(t)
	a := c.startReplica(t, "a")
	waitFor(t, "a to lead", func() bool { return c.holder(t) == "a" })
	b := c.startReplica(t, "b")
	waitFor(t, "b to be ready, standing by", b.ready)

	k.Hold("frontend-1", true)
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	waitFor(t, "frontend-1's deployer pod to run", func() bool {
		return slices.Contains(c.deployerPods(t), "frontend-1-deploy Running")
	})
	if b.count() != 0 || a.count() == 0 {
		t.Fatalf("before the fail-over: a sent %d requests, b %d; want only a", a.count(), b.count())
	}

	start := time.Now()
	if err := a.stop(); err != nil {
		t.Fatalf("a: Run() = %v, want nil after its context ended", err)
	}
	if h := c.holder(t); h == "a" {
		t.Errorf("a's Run returned with the lease still held by a, want it released")
	}
	sentByA := a.count()
	waitFor(t, "b to lead", func() bool { return c.holder(t) == "b" })
	t.Logf("fail-over after a graceful stop: %v (retry period 100ms)", time.Since(start))

	k.Hold("frontend-1", false)
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	if b.count() == 0 {
		t.Errorf("b took over and sent no request")
	}
	if a.count() != sentByA {
		t.Errorf("a sent %d requests after its Run returned", a.count()-sentByA)
	}
}

// TestLeaderLostStopsAtOnce: a leader that can no longer renew its lease
// stops acting when its renew deadline passes (Run returns ErrLeaseLost,
// and it sends no request after), and the other replica takes over once
// the lease expired and finishes the rollout.
func TestLeaderLostStopsAtOnce(t *testing.T) {
	c := newCluster(t)
	// a's lease writes fail, as if a lost the API server: its renewals
	// (holder a) and its release when it gives up (no holder; b, standing
	// by, never writes one).
	var partitioned atomic.Bool
	c.kube.PrependReactor("update", "leases", func(act clienttesting.Action) (bool, runtime.Object, error) {
		l, ok := act.(clienttesting.UpdateAction).GetObject().(*coordinationv1.Lease)
		if ok && partitioned.Load() && (l.Spec.HolderIdentity == nil || *l.Spec.HolderIdentity == "a" || *l.Spec.HolderIdentity == "") {
			return true, nil, errors.New("http2: client connection lost")
		}
		return false, nil, nil
	})
	k := newKubelet(c)
	k.run(t)
	a := c.startReplica(t, "a")
	waitFor(t, "a to lead", func() bool { return c.holder(t) == "a" })
	b := c.startReplica(t, "b")
	waitFor(t, "b to be ready, standing by", b.ready)
	k.Hold("frontend-1", true)
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	waitFor(t, "frontend-1's deployer pod to run", func() bool {
		return slices.Contains(c.deployerPods(t), "frontend-1-deploy Running")
	})

	start := time.Now()
	partitioned.Store(true)
	var stopped time.Duration
	waitFor(t, "b to lead", func() bool {
		if stopped == 0 && a.returned() {
			stopped = time.Since(start)
		}
		if c.holder(t) != "b" {
			return false
		}
		if !a.returned() {
			t.Errorf("b leads while a's Run still runs")
		}
		return true
	})
	failover := time.Since(start)
	if !errors.Is(a.err, kube.ErrLeaseLost) {
		t.Fatalf("a: Run() = %v, want ErrLeaseLost", a.err)
	}
	if err := testutil.CollectAndCompare(a.ctrl.Metrics(), strings.NewReader(leaderGauge(0)), "dcplan_leader"); err != nil {
		t.Errorf("a after losing the lease: %v", err)
	}
	waitFor(t, "b's workers to run", func() bool {
		return testutil.CollectAndCompare(b.ctrl.Metrics(), strings.NewReader(leaderGauge(1)), "dcplan_leader") == nil
	})
	sentByA := a.count()
	t.Logf("lease lost: a stopped after %v (renew deadline 500ms), b led after %v (lease duration 1s)", stopped, failover)

	k.Hold("frontend-1", false)
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	if a.count() != sentByA {
		t.Errorf("a sent %d requests after it lost the lease", a.count()-sentByA)
	}
	if b.count() == 0 {
		t.Errorf("b took over and sent no request")
	}
}

// TestLeaderElectionInvalid: durations that break client-go's rule are
// refused before anything contacts the server.
func TestLeaderElectionInvalid(t *testing.T) {
	for _, tc := range []struct {
		name, why string
		le        kube.LeaderElection
	}{
		{"no name", "the lease must be named", kube.LeaderElection{Namespace: ns}},
		{"renew past the lease", "the leader must give up before a standby may take over",
			kube.LeaderElection{Namespace: ns, Name: leaseName, LeaseDuration: time.Second, RenewDeadline: 2 * time.Second}},
		{"retry too slow", "the renew deadline must leave room for retries",
			kube.LeaderElection{Namespace: ns, Name: leaseName, RenewDeadline: time.Second, RetryPeriod: time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t)
			var discovered atomic.Int64
			c.apps.PrependReactor("*", "*", func(clienttesting.Action) (bool, runtime.Object, error) {
				discovered.Add(1)
				return false, nil, nil
			})
			ctrl := kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Recorder: c.recorder, LeaderElection: &tc.le})
			if err := ctrl.Run(context.Background()); !errors.Is(err, kube.ErrLeaderElection) {
				t.Errorf("Run() = %v, want ErrLeaderElection (%s)", err, tc.why)
			}
			if err := tc.le.Validate(); !errors.Is(err, kube.ErrLeaderElection) {
				t.Errorf("Validate() = %v, want ErrLeaderElection (%s)", err, tc.why)
			}
			if discovered.Load() != 0 {
				t.Errorf("Run sent %d requests before refusing", discovered.Load())
			}
		})
	}
	if err := (kube.LeaderElection{Namespace: ns, Name: leaseName}).Validate(); err != nil {
		t.Errorf("the defaults: Validate() = %v, want nil", err)
	}
}

// TestLeaderLostStopsBeforeReleasing: a leader whose renewals fail stops
// its passes when its renew deadline passes, not once a release of the
// lease it no longer holds has been tried: that try can take another
// renew deadline on a server that does not answer, while a standby leads
// after the lease duration.
func TestLeaderLostStopsBeforeReleasing(t *testing.T) {
	c := newCluster(t)
	var b *blocking
	var partitioned, releasedActing atomic.Bool
	c.kube.PrependReactor("update", "leases", func(act clienttesting.Action) (bool, runtime.Object, error) {
		l, ok := act.(clienttesting.UpdateAction).GetObject().(*coordinationv1.Lease)
		if !ok || !partitioned.Load() {
			return false, nil, nil
		}
		if l.Spec.HolderIdentity != nil && *l.Spec.HolderIdentity == "" {
			// A release: the server does not answer for a while. The
			// pass held in flight must have been cancelled by now.
			select {
			case err := <-b.err:
				b.err <- err
			case <-time.After(2 * time.Second):
				releasedActing.Store(true)
			}
		}
		return true, nil, errors.New("http2: client connection lost")
	})
	run := c.leadWithAPassHeld(t, &b, 0)

	start := time.Now()
	partitioned.Store(true)
	select {
	case err := <-b.err:
		t.Logf("the pass in flight was cancelled %v after the partition (renew deadline 500ms)", time.Since(start))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the held request ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the pass in flight was never cancelled")
	}
	if releasedActing.Load() {
		t.Errorf("a tried to release the lease while its pass in flight still ran")
	}
	<-run.done
	if !errors.Is(run.err, kube.ErrLeaseLost) {
		t.Errorf("Run() = %v, want ErrLeaseLost", run.err)
	}
}

// TestLeaderLostDuringTheDrain: a leader whose lease is lost while it
// drains after a SIGTERM cancels the pass it was letting finish and
// returns ErrLeaseLost (exit status 8), not nil: the drain did not
// finish.
func TestLeaderLostDuringTheDrain(t *testing.T) {
	c := newCluster(t)
	var b *blocking
	var partitioned atomic.Bool
	c.kube.PrependReactor("update", "leases", func(act clienttesting.Action) (bool, runtime.Object, error) {
		if !partitioned.Load() {
			return false, nil, nil
		}
		return true, nil, errors.New("http2: client connection lost")
	})
	run := c.leadWithAPassHeld(t, &b, time.Minute)

	run.cancel() // SIGTERM: the drain waits for the held pass
	select {
	case <-run.done:
		t.Fatalf("Run() = %v before the pass in flight ended", run.err)
	case <-time.After(200 * time.Millisecond):
	}
	partitioned.Store(true)
	select {
	case err := <-b.err:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the held request ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the pass in flight was never cancelled")
	}
	<-run.done
	if !errors.Is(run.err, kube.ErrLeaseLost) {
		t.Errorf("Run() = %v, want ErrLeaseLost: the lease was lost before the drain finished", run.err)
	}
}

// heldRun is a leader's Run: cancel it (SIGTERM), and after done err is
// what it returned.
type heldRun struct {
	cancel context.CancelFunc
	done   chan struct{}
	err    error
}

// leadWithAPassHeld runs a controller as a (with DrainTimeout drain; 0
// is the default) until it leads, creates a DC and returns once the DC
// controller's RC create is held in *b: a pass in flight.
func (c *cluster) leadWithAPassHeld(t *testing.T, b **blocking, drain time.Duration) *heldRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ctrl := kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Recorder: c.recorder, Now: func() time.Time { return epoch },
		Logger: klog.NewKlogr().V(10), LeaderElection: testElection("a"), Wrap: blockConfig(b), DrainTimeout: drain})
	r := &heldRun{cancel: cancel, done: make(chan struct{})}
	go func() { defer close(r.done); r.err = ctrl.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-r.done })
	waitFor(t, "a to lead", func() bool { return c.holder(t) == "a" })
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	<-(*b).entered // a pass in flight, held in its RC create
	return r
}

// TestLeaderElectionLeaseBounds pins the lease durations Validate
// refuses, each of which let two replicas lead at once.
//
// The Lease records the lease duration in whole seconds (client-go
// truncates it), and a standby waits for what the Lease records. A lease
// under a second is recorded as 0 s: a standby takes it at its next try
// (with 900 ms, 500 ms and 100 ms, both replicas' dcplan_leader was 1 in
// 275 of 300 samples over 3 s).
//
// A leader whose renewals fail tries again a retry period after its last
// renewal and gives up a renew deadline after that try, so it acts for
// up to RetryPeriod + RenewDeadline past its last renewal, while a
// standby takes the lease once the recorded lease duration has passed
// since it saw that renewal: with 2 s, 1.5 s and 1 s, accepted before,
// the leader cut off from the server led for about 0.3 s beside the
// standby that took its lease (both replicas' dcplan_leader was 1 in 27
// of 400 samples 10 ms apart).
func TestLeaderElectionLeaseBounds(t *testing.T) {
	for _, tc := range []struct {
		name string
		le   kube.LeaderElection
		why  string // what the refusal names; "" when Validate accepts
	}{
		{"under a second", kube.LeaderElection{LeaseDuration: 900 * time.Millisecond, RenewDeadline: 500 * time.Millisecond, RetryPeriod: 100 * time.Millisecond}, "whole seconds"},
		{"recorded as the renew deadline", kube.LeaderElection{LeaseDuration: 1500 * time.Millisecond, RenewDeadline: time.Second, RetryPeriod: 100 * time.Millisecond}, "whole seconds"},
		{"recorded past the renew deadline and the last try", kube.LeaderElection{LeaseDuration: 1500 * time.Millisecond, RenewDeadline: 900 * time.Millisecond, RetryPeriod: 50 * time.Millisecond}, ""},
		{"the last try past the lease", kube.LeaderElection{LeaseDuration: 2 * time.Second, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: time.Second}, "retry period"},
		{"the last try at the lease", kube.LeaderElection{LeaseDuration: 2 * time.Second, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: 500 * time.Millisecond}, "retry period"},
		{"the default retry past an 11 s lease", kube.LeaderElection{LeaseDuration: 11 * time.Second}, "retry period"},
		{"the last try within the lease", kube.LeaderElection{LeaseDuration: 2 * time.Second, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: 400 * time.Millisecond}, ""},
		{"the last try within the recorded whole seconds", kube.LeaderElection{LeaseDuration: 2900 * time.Millisecond, RenewDeadline: 1500 * time.Millisecond, RetryPeriod: 500 * time.Millisecond}, "retry period"},
		{"the tests'", *testElection("a"), ""},
		{"the defaults", kube.LeaderElection{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.le.Namespace, tc.le.Name = ns, leaseName
			err := tc.le.Validate()
			switch {
			case tc.why == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tc.why != "" && !errors.Is(err, kube.ErrLeaderElection):
				t.Errorf("Validate() = %v, want ErrLeaderElection: two replicas may lead at once", err)
			case tc.why != "" && !strings.Contains(err.Error(), tc.why):
				t.Errorf("Validate() = %v, want it to name the %s", err, tc.why)
			}
		})
	}
}

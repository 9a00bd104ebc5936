package kube

import (
	"context"
	"errors"
	"testing"

	"github.com/go-logr/logr"
	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// oneKey is a queue holding key "k", requeued requeues times, that logs
// what next does with it.
type oneKey struct {
	queueLog
	requeues int
}

func (q *oneKey) Get() (string, bool)        { return "k", false }
func (q *oneKey) Done(string)                {}
func (q *oneKey) NumRequeues(key string) int { return q.requeues }

// TestNextAdapterErrors pins next's queue policy for a pass that ends
// with the adapter's own error (a snapshot that cannot be built, a broken
// plan protocol): requeued with AddRateLimited while the key was requeued
// fewer than dcplan.MaxRetryCount times, then forgotten; left alone when
// the pass's context ended (the key is lost with the queue), also when
// the pass ran and its requests failed as the context ended: both count
// as "failed". A pass that did not run (the object is not in the cache)
// forgets the key; a pass that failed while running on is requeued.
func TestNextAdapterErrors(t *testing.T) {
	if dcplan.MaxRetryCount != 15 {
		t.Fatalf("MaxRetryCount = %d, want 15", dcplan.MaxRetryCount)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		requeues int
		ran      bool
		err      error
		failed   bool // the pass's plan reports a failed request
		want     []string
		outcome  string
	}{
		{"retried", context.Background(), 14, true, errors.New("boom"), false, []string{"AddRateLimited k"}, passFailed},
		{"dropped", context.Background(), 15, true, errors.New("boom"), false, []string{"Forget k"}, passFailed},
		{"stopping", stopped, 0, true, errors.New("boom"), false, nil, passFailed},
		{"stopping, requests failed", stopped, 0, true, nil, true, nil, passFailed},
		{"requests failed", context.Background(), 0, true, nil, true, []string{"AddRateLimited k"}, passRequeued},
		{"gone", context.Background(), 3, false, nil, false, []string{"Forget k"}, passGone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Controller{log: logr.Discard(), metrics: newMetrics(&Decoder{})}
			q := &oneKey{requeues: tc.requeues}
			var got []int
			more := c.next(tc.ctx, q, ComponentConfig, func(_ context.Context, key string, requeues int) (wire.Pass, bool, error) {
				got = append(got, requeues)
				var pass wire.Pass
				if tc.failed {
					pass.Plan = dcplan.Plan{Wait: dcplan.WaitRetry, Message: "context canceled", Error: dcplan.ErrorRetry}
				}
				return pass, tc.ran, tc.err
			})
			if !more {
				t.Error("next() = false, want true: the queue is not shut down")
			}
			if d := cmp.Diff([]int{tc.requeues}, got); d != "" {
				t.Errorf("sync's requeues (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.want, q.calls); d != "" {
				t.Errorf("queue calls (-want +got):\n%s", d)
			}
			if n := c.metrics.passes.WithLabelValues(ComponentConfig, tc.outcome); testutil.ToFloat64(n) != 1 {
				t.Errorf("passes{outcome=%q} = %v, want 1", tc.outcome, testutil.ToFloat64(n))
			}
		})
	}
}

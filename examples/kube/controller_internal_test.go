package kube

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
)

// queueLog records what answer does to a queue.
type queueLog struct {
	workqueue.TypedRateLimitingInterface[string]
	calls []string
}

func (q *queueLog) Forget(key string)         { q.calls = append(q.calls, "Forget "+key) }
func (q *queueLog) AddRateLimited(key string) { q.calls = append(q.calls, "AddRateLimited "+key) }
func (q *queueLog) AddAfter(key string, d time.Duration) {
	q.calls = append(q.calls, "AddAfter "+key+" "+d.String())
}

// TestAnswer pins the queue policy of the Controller doc, rule by rule.
func TestAnswer(t *testing.T) {
	retry := dcplan.Plan{Wait: dcplan.WaitRetry, Message: "boom", Error: dcplan.ErrorRetry}
	actionable := dcplan.Plan{Wait: dcplan.WaitRetry, Message: "boom", Error: dcplan.ErrorActionable}
	fatal := dcplan.Plan{Message: "fatal error handling rollout: boom", Error: dcplan.ErrorFatal}
	for _, tc := range []struct {
		name, why string
		plan      dcplan.Plan
		requeues  int
		want      []string
	}{
		{"done", "rule 1: no error forgets the key", dcplan.Plan{}, 3, []string{"Forget k"}},
		{"recheck", "rule 1: a deadline comes back with AddAfter", dcplan.Plan{RecheckAfter: 90 * time.Second}, 0, []string{"Forget k", "AddAfter k 1m30s"}},
		{"expectations", "rule 1: a wait for expectations comes back after their TTL", dcplan.Plan{Wait: dcplan.WaitStaleCache}, 0, []string{"Forget k", "AddAfter k 5m1s"}},
		{"fatal", "rule 2: fatal errors are never retried", fatal, 0, []string{"Forget k"}},
		{"retry", "rule 3: retried while requeues < 15", retry, 14, []string{"AddRateLimited k"}},
		{"actionable", "rule 3: actionable errors too", actionable, 0, []string{"AddRateLimited k"}},
		{"dropped", "rule 4: dropped at 15 requeues", retry, 15, []string{"Forget k"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := &queueLog{}
			c := &Controller{}
			c.answer(klog.Background().V(10), q, "k", tc.requeues, tc.plan)
			if d := cmp.Diff(tc.want, q.calls); d != "" {
				t.Errorf("%s: queue calls mismatch (-want +got):\n%s", tc.why, d)
			}
		})
	}
}

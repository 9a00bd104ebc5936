package kube

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/client-go/util/workqueue"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Metrics are a Controller's Prometheus metrics; Controller.Metrics
// returns them, and a program registers them with its registry
// (reg.MustRegister(ctrl.Metrics())) and serves the registry on /metrics
// with promhttp. Every Controller has its own; they count from New on
// whether they are registered or not.
//
// The work queues' metrics, as client-go's workqueue reports them through
// a workqueue.MetricsProvider, with the label name = the queue's
// (ComponentConfig for the DC queue, ComponentDeployer for the RC queue),
// under the names Kubernetes' own controllers use:
//
//   - workqueue_depth: keys waiting in the queue.
//   - workqueue_adds_total: keys added (Add, and AddAfter or
//     AddRateLimited once their delay passed).
//   - workqueue_queue_duration_seconds: time a key waits in the queue
//     before a worker takes it (histogram).
//   - workqueue_work_duration_seconds: time a worker spends on a key
//     (histogram).
//   - workqueue_unfinished_work_seconds, workqueue_longest_running_processor_seconds:
//     seconds of work in progress, and of the longest running pass.
//   - workqueue_retries_total: keys put back with a delay: AddRateLimited
//     after a failure, and AddAfter for a plan's RecheckAfter.
//
// The controller's own, with the label controller = ComponentConfig or
// ComponentDeployer:
//
//   - dcplan_passes_total{controller, outcome}: passes run, by the queue's
//     answer (the queue policy of Controller): "done" (Forget), "recheck"
//     (Forget, then AddAfter for RecheckAfter or the expectations' TTL),
//     "requeued" (AddRateLimited for a retried error), "fatal" (a fatal
//     error, forgotten), "dropped" (retries exhausted), "failed" (the
//     adapter's own error: a snapshot that does not build, a broken plan
//     protocol, the pass's context ended) and "gone" (the key is no longer
//     in the cache: nothing ran).
//   - dcplan_pass_duration_seconds{controller}: time of one pass, snapshot,
//     plans and requests (histogram, buckets from 1 µs to 67 s).
//   - dcplan_actions_planned_total{controller, kind}: actions of each
//     pass's last plan, by kind: dcplan.ActionKind's spelling ("create-rc",
//     "scale", "transition", "status", ...) or "event".
//   - dcplan_waits_total{controller, reason}: passes whose last plan
//     waits, by dcplan.WaitReason's spelling: "stale-cache" (the cache is
//     behind this controller's own writes, or lists an object it deleted
//     that a finalizer holds: SPEC 3.2.12.expect, 3.7.expect, 4.2.expect,
//     4.2.expect.delete), "deployer", "cancellation", "images",
//     "config-decode", "retry", "status-lag". A key that keeps waiting
//     shows here first.
//   - dcplan_requests_total{controller, verb, resource, result}: requests
//     sent to the API server through the wire.Client (informers' lists and
//     watches are not counted): verb "create", "update", "patch",
//     "delete", "get" or "event"; resource "deploymentconfigs",
//     "deploymentconfigs/status", "replicationcontrollers", "pods" or
//     "events"; result "success", the API status reason ("Conflict",
//     "NotFound", ...; the code when the reason is empty) or "error" (no
//     answer: a transport error or an ended context). An event goes
//     through client-go's event recorder, which sends it later on its
//     own: its "success" means recorded, whatever the server answers
//     after (the recorder's spam filter and retries decide).
//   - dcplan_rollouts_total{event}: rollouts as the requests that moved
//     them succeeded: "started" (an RC created), "completed" (an RC moved
//     to Complete), "failed" (moved to Failed), "cancelled" (a cancelled
//     RC moved to Failed). A rollout retried and run again counts again.
//
// And, without labels:
//
//   - dcplan_decode_cache_hits_total, dcplan_decode_cache_misses_total:
//     objects the Decoder found at their resourceVersion, and those it
//     decoded.
//   - dcplan_leader: 1 while this process acts (holds the lease, or runs
//     without leader election), else 0.
type Metrics struct {
	depth, unfinished, longest    *prometheus.GaugeVec
	adds, retries                 *prometheus.CounterVec
	latency, workDuration         *prometheus.HistogramVec
	passes, actions, requests     *prometheus.CounterVec
	waits                         *prometheus.CounterVec
	passDuration                  *prometheus.HistogramVec
	rollouts                      *prometheus.CounterVec
	decodeHits, decodeMisses      prometheus.CounterFunc
	leader                        prometheus.Gauge
	collectors                    []prometheus.Collector
	passOutcomes, rolloutOutcomes []string
}

var _ prometheus.Collector = (*Metrics)(nil)

// Pass outcomes, the outcome label of dcplan_passes_total.
const (
	passDone     = "done"
	passRecheck  = "recheck"
	passRequeued = "requeued"
	passFatal    = "fatal"
	passDropped  = "dropped"
	passFailed   = "failed"
	passGone     = "gone"
)

// Rollout events, the event label of dcplan_rollouts_total.
const (
	rolloutStarted   = "started"
	rolloutCompleted = "completed"
	rolloutFailed    = "failed"
	rolloutCancelled = "cancelled"
)

// newMetrics returns the metrics of a controller whose decode cache is d.
func newMetrics(d *Decoder) *Metrics {
	queueBuckets := prometheus.ExponentialBuckets(10e-9, 10, 12) // 10 ns to 1000 s, as Kubernetes' controllers
	// 1 µs to 67 s, by fourfold steps: a pass that plans is microseconds,
	// one that writes milliseconds, and one the client's rate limiter or a
	// 429's Retry-After holds up seconds.
	passBuckets := prometheus.ExponentialBuckets(1e-6, 4, 14)
	m := &Metrics{
		depth: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "workqueue_depth",
			Help: "Current depth of the work queue."}, []string{"name"}),
		adds: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "workqueue_adds_total",
			Help: "Total number of adds handled by the work queue."}, []string{"name"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "workqueue_queue_duration_seconds",
			Help: "How long in seconds a key stays in the work queue before a worker takes it.", Buckets: queueBuckets}, []string{"name"}),
		workDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "workqueue_work_duration_seconds",
			Help: "How long in seconds processing a key from the work queue takes.", Buckets: queueBuckets}, []string{"name"}),
		unfinished: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "workqueue_unfinished_work_seconds",
			Help: "Seconds of work in progress not yet observed by work_duration; large values mean stuck workers."}, []string{"name"}),
		longest: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "workqueue_longest_running_processor_seconds",
			Help: "Seconds the longest running worker of the queue has been running."}, []string{"name"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "workqueue_retries_total",
			Help: "Total number of keys put back into the work queue with a delay."}, []string{"name"}),
		passes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dcplan_passes_total",
			Help: "Passes run, by controller and by the work queue's answer to them."}, []string{"controller", "outcome"}),
		passDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "dcplan_pass_duration_seconds",
			Help: "Time of one pass: snapshot, plans and requests.", Buckets: passBuckets}, []string{"controller"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dcplan_actions_planned_total",
			Help: "Actions of each pass's last plan, by controller and kind."}, []string{"controller", "kind"}),
		waits: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dcplan_waits_total",
			Help: "Passes whose last plan waits, by controller and wait reason."}, []string{"controller", "reason"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dcplan_requests_total",
			Help: "Requests sent to the API server, by controller, verb, resource and result."}, []string{"controller", "verb", "resource", "result"}),
		rollouts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dcplan_rollouts_total",
			Help: "Rollouts started, completed, failed and cancelled, as the requests that moved them succeeded."}, []string{"event"}),
		decodeHits: prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "dcplan_decode_cache_hits_total",
			Help: "Objects found decoded in the decode cache at their resourceVersion."}, func() float64 { return float64(d.Hits()) }),
		decodeMisses: prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "dcplan_decode_cache_misses_total",
			Help: "Objects decoded (not in the decode cache at their resourceVersion)."}, func() float64 { return float64(d.Decodes()) }),
		leader: prometheus.NewGauge(prometheus.GaugeOpts{Name: "dcplan_leader",
			Help: "1 while this process acts: it holds the leader lease, or runs without leader election."}),
		passOutcomes:    []string{passDone, passRecheck, passRequeued, passFatal, passDropped, passFailed, passGone},
		rolloutOutcomes: []string{rolloutStarted, rolloutCompleted, rolloutFailed, rolloutCancelled},
	}
	m.collectors = []prometheus.Collector{m.depth, m.adds, m.latency, m.workDuration, m.unfinished, m.longest, m.retries,
		m.passes, m.passDuration, m.actions, m.waits, m.requests, m.rollouts, m.decodeHits, m.decodeMisses, m.leader}
	// Every series a dashboard sums over exists from the start, at 0.
	for _, e := range m.rolloutOutcomes {
		m.rollouts.WithLabelValues(e)
	}
	for _, c := range []string{ComponentConfig, ComponentDeployer} {
		for _, o := range m.passOutcomes {
			m.passes.WithLabelValues(c, o)
		}
	}
	return m
}

// Describe sends the descriptors of every metric to ch.
func (m *Metrics) Describe(ch chan<- *prometheus.Desc) {
	for _, c := range m.collectors {
		c.Describe(ch)
	}
}

// Collect sends the current value of every metric to ch.
func (m *Metrics) Collect(ch chan<- prometheus.Metric) {
	for _, c := range m.collectors {
		c.Collect(ch)
	}
}

// queueMetrics is the workqueue.MetricsProvider of a controller's queues.
type queueMetrics struct{ m *Metrics }

var _ workqueue.MetricsProvider = queueMetrics{}

// NewDepthMetric is the depth gauge of the queue name.
func (q queueMetrics) NewDepthMetric(name string) workqueue.GaugeMetric {
	return q.m.depth.WithLabelValues(name)
}

// NewAddsMetric is the adds counter of the queue name.
func (q queueMetrics) NewAddsMetric(name string) workqueue.CounterMetric {
	return q.m.adds.WithLabelValues(name)
}

// NewLatencyMetric is the queue name's histogram of the time an item waits.
func (q queueMetrics) NewLatencyMetric(name string) workqueue.HistogramMetric {
	return q.m.latency.WithLabelValues(name)
}

// NewWorkDurationMetric is the queue name's histogram of the time a pass takes.
func (q queueMetrics) NewWorkDurationMetric(name string) workqueue.HistogramMetric {
	return q.m.workDuration.WithLabelValues(name)
}

// NewUnfinishedWorkSecondsMetric is the queue name's gauge of the work in
// progress, in seconds.
func (q queueMetrics) NewUnfinishedWorkSecondsMetric(name string) workqueue.SettableGaugeMetric {
	return q.m.unfinished.WithLabelValues(name)
}

// NewLongestRunningProcessorSecondsMetric is the queue name's gauge of its
// longest running pass, in seconds.
func (q queueMetrics) NewLongestRunningProcessorSecondsMetric(name string) workqueue.SettableGaugeMetric {
	return q.m.longest.WithLabelValues(name)
}

// NewRetriesMetric is the retries counter of the queue name.
func (q queueMetrics) NewRetriesMetric(name string) workqueue.CounterMetric {
	return q.m.retries.WithLabelValues(name)
}

// pass records one pass of component that took d: its outcome, and, when
// it ran, its last plan's actions and wait and the rollouts its requests
// moved.
func (m *Metrics) pass(component, outcome string, d time.Duration, ran bool, p wire.Pass) {
	m.passes.WithLabelValues(component, outcome).Inc()
	if !ran {
		return
	}
	m.passDuration.WithLabelValues(component).Observe(d.Seconds())
	plan := p.Plan
	for _, a := range [...]struct {
		kind dcplan.ActionKind
		n    int
	}{
		{dcplan.ActionAdopt, len(plan.Adopt)}, {dcplan.ActionRelease, len(plan.Release)},
		{dcplan.ActionUpdateConfig, len(plan.UpdateConfig)}, {dcplan.ActionInstantiate, len(plan.Instantiate)},
		{dcplan.ActionCreatePod, len(plan.CreatePods)}, {dcplan.ActionSetPodOwner, len(plan.SetPodOwners)},
		{dcplan.ActionSetPodDeadline, len(plan.SetPodDeadlines)}, {dcplan.ActionDeletePod, len(plan.DeletePods)},
		{dcplan.ActionCreateRC, len(plan.CreateRCs)}, {dcplan.ActionCancel, len(plan.Cancels)},
		{dcplan.ActionScale, len(plan.Scales)}, {dcplan.ActionTransition, len(plan.Transitions)},
		{dcplan.ActionDeleteRC, len(plan.DeleteRCs)},
	} {
		if a.n > 0 {
			m.actions.WithLabelValues(component, a.kind.String()).Add(float64(a.n))
		}
	}
	if plan.Status != nil {
		m.actions.WithLabelValues(component, dcplan.ActionStatus.String()).Inc()
	}
	if len(plan.Events) > 0 {
		m.actions.WithLabelValues(component, "event").Add(float64(len(plan.Events)))
	}
	if plan.Wait != dcplan.WaitNone {
		m.waits.WithLabelValues(component, plan.Wait.String()).Inc()
	}
	for i := range min(p.Sent, len(p.Errs), len(p.Requests)) {
		if p.Errs[i] == nil {
			if e := rolloutEvent(p, p.Requests[i].Action); e != "" {
				m.rollouts.WithLabelValues(e).Inc()
			}
		}
	}
}

// rolloutEvent returns the rollout event of a successful request for the
// action a of p's plan, or "".
func rolloutEvent(p wire.Pass, a dcplan.ActionRef) string {
	switch {
	case a.Kind == dcplan.ActionCreateRC:
		return rolloutStarted
	case a.Kind != dcplan.ActionTransition || a.Index >= len(p.Plan.Transitions):
		return ""
	}
	t := p.Plan.Transitions[a.Index]
	switch t.To {
	case dcplan.PhaseComplete:
		return rolloutCompleted
	case dcplan.PhaseFailed:
		if d, ok := p.Snapshot.Deployment(t.RC); ok && d.Cancelled {
			return rolloutCancelled
		}
		return rolloutFailed
	}
	return ""
}

// countingClient counts the requests a wire.Client sends.
type countingClient struct {
	wire.Client
	m         *Metrics
	component string
}

// Do sends r and counts it with its result.
func (c *countingClient) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	w, err := c.Client.Do(ctx, r)
	verb, resource := string(r.Verb), r.Resource
	if r.Verb == wire.VerbEvent {
		resource = "events"
	} else if r.Subresource != "" {
		resource += "/" + r.Subresource
	}
	c.m.requests.WithLabelValues(c.component, verb, resource, result(err)).Inc()
	return w, err
}

// Get reads one object and counts the request with its result.
func (c *countingClient) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	data, err := c.Client.Get(ctx, resource, namespace, name)
	c.m.requests.WithLabelValues(c.component, "get", resource, result(err)).Inc()
	return data, err
}

// result is the result label of a request's answer.
func result(err error) string {
	var st *wire.StatusError
	switch {
	case err == nil:
		return "success"
	case errors.As(err, &st) && st.Reason != "":
		return string(st.Reason)
	case errors.As(err, &st):
		return strconv.Itoa(int(st.Code))
	}
	return "error"
}

package kube_test

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/dcplan/dcplan/examples/kube"
)

// scraped is one scrape of /metrics: every sample by its series, written
// name{label="value",...} with the labels in name order.
type scraped map[string]float64

// scrape GETs url and parses the Prometheus text format it answers.
func scrape(t testing.TB, url string) scraped {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("scrape: %s: %s", resp.Status, body)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("scrape: parse: %v", err)
	}
	out := scraped{}
	for name, f := range families {
		for _, m := range f.GetMetric() {
			labels := make([]string, 0, len(m.GetLabel()))
			for _, l := range m.GetLabel() {
				labels = append(labels, fmt.Sprintf("%s=%q", l.GetName(), l.GetValue()))
			}
			sort.Strings(labels)
			series := name + "{" + strings.Join(labels, ",") + "}"
			switch {
			case m.Counter != nil:
				out[series] = m.GetCounter().GetValue()
			case m.Gauge != nil:
				out[series] = m.GetGauge().GetValue()
			case m.Histogram != nil:
				out[strings.Replace(series, "{", "_count{", 1)] = float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return out
}

// sum adds the samples of the series of name whose labels include every
// one of labels (`key="value"`).
func (s scraped) sum(name string, labels ...string) float64 {
	var total float64
	for series, v := range s {
		n, rest, _ := strings.Cut(series, "{")
		if n != name {
			continue
		}
		have := strings.Split(strings.TrimSuffix(rest, "}"), ",")
		if !slices.ContainsFunc(labels, func(l string) bool { return !slices.Contains(have, l) }) {
			total += v
		}
	}
	return total
}

// metricsServer registers ctrl's metrics with a new registry and serves it
// as a program does; it returns the /metrics URL.
func metricsServer(t testing.TB, ctrl *kube.Controller) string {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(ctrl.Metrics())
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorHandling: promhttp.HTTPErrorOnError}))
	t.Cleanup(srv.Close)
	return srv.URL + "/metrics"
}

// TestMetricsScrape scrapes /metrics while the controller runs three
// rollouts (one completes, one fails, one is cancelled) with one RC update
// answered 409, and checks that each counter moved as it must.
func TestMetricsScrape(t *testing.T) {
	c := newCluster(t)
	var conflicts atomic.Int64
	c.kube.PrependReactor("update", "replicationcontrollers",
		fail(1, apierrors.NewConflict(rcResource, "x", errors.New("the object has been modified")), &conflicts, nil))
	k := newKubelet(c)
	k.run(t)
	ctrl, _ := c.controller(t, kube.Options{})
	url := metricsServer(t, ctrl)

	// Every rollout series is there from the start, at 0.
	rollouts := func(started, completed, failed, cancelled int) string {
		return fmt.Sprintf(`
# HELP dcplan_rollouts_total Rollouts started, completed, failed and cancelled, as the requests that moved them succeeded.
# TYPE dcplan_rollouts_total counter
dcplan_rollouts_total{event="cancelled"} %d
dcplan_rollouts_total{event="completed"} %d
dcplan_rollouts_total{event="failed"} %d
dcplan_rollouts_total{event="started"} %d
`, cancelled, completed, failed, started)
	}
	awaitRollouts := func(want string) {
		t.Helper()
		var err error
		waitFor(t, "dcplan_rollouts_total to be"+want, func() bool {
			err = testutil.ScrapeAndCompare(url, strings.NewReader(want), "dcplan_rollouts_total")
			return err == nil
		})
	}
	awaitRollouts(rollouts(0, 0, 0, 0))
	waitFor(t, "dcplan_leader 1", func() bool { return scrape(t, url)["dcplan_leader{}"] == 1 })
	before := scrape(t, url)

	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	awaitRollouts(rollouts(1, 1, 0, 0))

	k.Fail("frontend-2", true)
	c.setImage(t, "frontend", "registry/shop/frontend:v2")
	waitFor(t, "frontend-2 failed", func() bool {
		rcs := c.rcs(t)
		return len(rcs) == 2 && rcs[1].Annotations["openshift.io/deployment.phase"] == "Failed"
	})
	awaitRollouts(rollouts(2, 1, 1, 0))

	k.Hold("frontend-3", true)
	c.setImage(t, "frontend", "registry/shop/frontend:v3")
	waitFor(t, "frontend-3 running", func() bool { return slices.Contains(c.deployerPods(t), "frontend-3-deploy Running") })
	c.cancel(t, "frontend-3")
	waitFor(t, "frontend-3 failed", func() bool {
		rcs := c.rcs(t)
		return len(rcs) == 3 && rcs[2].Annotations["openshift.io/deployment.phase"] == "Failed"
	})
	awaitRollouts(rollouts(3, 1, 1, 1))
	waitFor(t, "the queues to drain", func() bool { return scrape(t, url).sum("workqueue_depth") == 0 })
	after := scrape(t, url)

	dc, rc := `controller="deploymentconfig-controller"`, `controller="deployer-controller"`
	for _, tc := range []struct {
		why    string
		name   string
		labels []string
		delta  bool // check the increase since before the rollouts, not the value
		check  func(float64) bool
		want   string
	}{
		{"three RCs created, each once", "dcplan_requests_total",
			[]string{dc, `verb="create"`, `resource="replicationcontrollers"`, `result="success"`}, true, eq(3), "= 3"},
		{"the injected conflict (and any the kubelet's writes cause) is counted by its reason", "dcplan_requests_total",
			[]string{`verb="update"`, `resource="replicationcontrollers"`, `result="Conflict"`}, true, atLeast(1), ">= 1"},
		{"three deployer pods created", "dcplan_requests_total",
			[]string{rc, `verb="create"`, `resource="pods"`, `result="success"`}, true, eq(3), "= 3"},
		{"status writes", "dcplan_requests_total",
			[]string{dc, `verb="update"`, `resource="deploymentconfigs/status"`, `result="success"`}, true, pos, "> 0"},
		{"events are requests too", "dcplan_requests_total",
			[]string{dc, `verb="event"`, `resource="events"`}, true, pos, "> 0"},
		{"RC creates planned", "dcplan_actions_planned_total", []string{dc, `kind="create-rc"`}, true, atLeast(3), ">= 3"},
		{"transitions planned", "dcplan_actions_planned_total", []string{rc, `kind="transition"`}, true, atLeast(3), ">= 3"},
		{"DC passes that ended the work", "dcplan_passes_total", []string{dc, `outcome="done"`}, true, pos, "> 0"},
		{"deployer passes that ended the work", "dcplan_passes_total", []string{rc, `outcome="done"`}, true, pos, "> 0"},
		{"the conflict failed no pass", "dcplan_passes_total", []string{`outcome="failed"`}, true, eq(0), "= 0"},
		{"pass durations", "dcplan_pass_duration_seconds_count", []string{dc}, true, pos, "> 0"},
		{"DC queue adds", "workqueue_adds_total", []string{`name="deploymentconfig-controller"`}, true, pos, "> 0"},
		{"RC queue adds", "workqueue_adds_total", []string{`name="deployer-controller"`}, true, pos, "> 0"},
		{"queue latency observed", "workqueue_queue_duration_seconds_count", []string{`name="deployer-controller"`}, true, pos, "> 0"},
		{"work duration observed", "workqueue_work_duration_seconds_count", []string{`name="deploymentconfig-controller"`}, true, pos, "> 0"},
		{"decodes", "dcplan_decode_cache_misses_total", nil, true, pos, "> 0"},
		{"decode cache hits", "dcplan_decode_cache_hits_total", nil, true, pos, "> 0"},
		{"still leading", "dcplan_leader", nil, false, eq(1), "= 1"},
	} {
		got := after.sum(tc.name, tc.labels...)
		what := "value"
		if tc.delta {
			got -= before.sum(tc.name, tc.labels...)
			what = "increase"
		}
		if !tc.check(got) {
			t.Errorf("%s%v: %s %v, want %s (%s)", tc.name, tc.labels, what, got, tc.want, tc.why)
		}
	}
	if conflicts.Load() < 1 {
		t.Errorf("no RC update reached the reactor")
	}
	if t.Failed() {
		keys := slices.Sorted(maps.Keys(after))
		for _, k := range keys {
			if strings.HasPrefix(k, "dcplan_") {
				t.Logf("%s %v", k, after[k])
			}
		}
	}
}

func eq(n float64) func(float64) bool      { return func(v float64) bool { return v == n } }
func atLeast(n float64) func(float64) bool { return func(v float64) bool { return v >= n } }
func pos(v float64) bool                   { return v > 0 }

// BenchmarkMetricsScrape measures one scrape of /metrics (gather, encode
// in the text format, over the handler, no network) after three rollouts,
// as Prometheus would make every scrape interval.
func BenchmarkMetricsScrape(b *testing.B) {
	c := newCluster(b)
	k := newKubelet(c)
	k.run(b)
	ctrl, _ := c.controller(b, kube.Options{})
	reg := prometheus.NewRegistry()
	reg.MustRegister(ctrl.Metrics())
	h := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	c.createDC(b, newDC("frontend", "registry/shop/frontend:v1", 2))
	for v := 2; v <= 3; v++ {
		c.setImage(b, "frontend", fmt.Sprintf("registry/shop/frontend:v%d", v))
		deadline := time.Now().Add(10 * time.Second)
		for len(c.rcs(b)) < v && time.Now().Before(deadline) {
			time.Sleep(2 * time.Millisecond)
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("scrape: %d", w.Code)
		}
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size), "bytes/scrape")
}

package kube

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"
)

// TestHistogramBuckets pins the bucket bounds of the histograms (see
// newMetrics): the queue histograms from 10 ns to 1000 s by tenfold
// steps, as Kubernetes' controllers, and dcplan_pass_duration_seconds
// from 1 µs to 67 s by fourfold steps.
func TestHistogramBuckets(t *testing.T) {
	m := newMetrics(&Decoder{})
	m.latency.WithLabelValues(ComponentConfig).Observe(1)
	m.workDuration.WithLabelValues(ComponentConfig).Observe(1)
	m.passDuration.WithLabelValues(ComponentConfig).Observe(1)
	reg := prometheus.NewRegistry()
	reg.MustRegister(m)
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, f := range families {
		for _, s := range f.GetMetric() {
			for _, b := range s.GetHistogram().GetBucket() {
				got[f.GetName()] = append(got[f.GetName()], fmt.Sprintf("%.4g", b.GetUpperBound()))
			}
		}
	}
	queue := []string{"1e-08", "1e-07", "1e-06", "1e-05", "0.0001", "0.001", "0.01", "0.1", "1", "10", "100", "1000"}
	want := map[string][]string{
		"workqueue_queue_duration_seconds": queue,
		"workqueue_work_duration_seconds":  queue,
		"dcplan_pass_duration_seconds": {"1e-06", "4e-06", "1.6e-05", "6.4e-05", "0.000256", "0.001024", "0.004096",
			"0.01638", "0.06554", "0.2621", "1.049", "4.194", "16.78", "67.11"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("bucket upper bounds (-want +got):\n%s", d)
	}
}

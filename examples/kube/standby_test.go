package kube_test

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/prometheus/common/expfmt"
)

// TestStandbyKeepsItsQueuesEmpty: a replica standing by in the leader
// election keeps its caches but queues nothing, so its workqueue metrics
// stay at zero (before, every DC and RC waited in its queues for the
// whole standby, and that wait counted as queue time once it led); when
// it leads it queues every DC and RC its caches hold, and goes on with
// them.
func TestStandbyKeepsItsQueuesEmpty(t *testing.T) {
	c := newCluster(t)
	newKubelet(c).run(t)
	a := c.startReplica(t, "a")
	waitFor(t, "a leads", func() bool { return c.holder(t) == "a" })
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	b := c.startReplica(t, "b")
	waitFor(t, "b ready", b.ready)
	metric := func(names ...string) string {
		out, err := testutil.CollectAndFormat(b.ctrl.Metrics(), expfmt.TypeTextPlain, names...)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	// Resync and the DC's and RC's events reach b's handlers while it
	// stands by: the RC's rollout wrote it several times.
	for _, q := range []string{"deploymentconfig-controller", "deployer-controller"} {
		if want := `workqueue_adds_total{name="` + q + `"} 0`; !strings.Contains(metric("workqueue_adds_total"), want) {
			t.Errorf("standby b queued keys:\n%s", metric("workqueue_adds_total", "workqueue_depth"))
		}
	}
	if err := a.stop(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "b leads", func() bool { return c.holder(t) == "b" })
	waitFor(t, "b queues the DC and the RC its caches hold", func() bool {
		m := metric("workqueue_adds_total")
		return !strings.Contains(m, `workqueue_adds_total{name="deploymentconfig-controller"} 0`) &&
			!strings.Contains(m, `workqueue_adds_total{name="deployer-controller"} 0`)
	})
	c.createDC(t, newDC("backend", "registry/shop/backend:v1", 1))
	c.await(t, "backend", "backend-1 Complete replicas=1 reason=\"config change\"\nfrontend-1 Complete replicas=2 reason=\"config change\"\ndc backend latestVersion=1 replicas=1")
}

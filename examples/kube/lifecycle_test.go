package kube_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	appsv1 "github.com/openshift/api/apps/v1"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan/examples/kube"
)

// TestRolloutLifecycle runs one DC through every user-visible kind of
// rollout with the controller and the kubelet running: first rollout,
// config change, a failure and its retry, a cancel, a rollback to the
// first template, history cleanup (revisionHistoryLimit 2), and a scale
// while paused that only takes effect on resume.
func TestRolloutLifecycle(t *testing.T) {
	c := newCluster(t)
	k := newKubelet(c)
	k.run(t)
	ctrl, _ := c.controller(t, kube.Options{Workers: 3})
	dc := newDC("frontend", "registry/shop/frontend:v1", 2)
	limit := int32(2)
	dc.Spec.RevisionHistoryLimit = &limit
	c.createDC(t, dc)

	steps := []struct {
		name string
		do   func()
		want string
	}{
		{"first rollout", func() {},
			"frontend-1 Complete replicas=2 reason=\"config change\"\n" +
				"dc frontend latestVersion=1 replicas=2"},
		{"config change", func() { c.setImage(t, "frontend", "registry/shop/frontend:v2") },
			"frontend-1 Complete replicas=0 reason=\"config change\"\n" +
				"frontend-2 Complete replicas=2 reason=\"config change\"\n" +
				"dc frontend latestVersion=2 replicas=2"},
		{"failed rollout", func() {
			k.Fail("frontend-3", true)
			c.setImage(t, "frontend", "registry/shop/frontend:v3")
		},
			"frontend-1 Complete replicas=0 reason=\"config change\"\n" +
				"frontend-2 Complete replicas=2 reason=\"config change\"\n" +
				"frontend-3 Failed replicas=0 reason=\"config change\"\n" +
				"dc frontend latestVersion=3 replicas=2"},
		{"retry", func() {
			k.Fail("frontend-3", false)
			c.retryRollout(t, ctrl, "frontend-3")
		},
			"frontend-1 Complete replicas=0 reason=\"config change\"\n" +
				"frontend-2 Complete replicas=0 reason=\"config change\"\n" +
				"frontend-3 Complete replicas=2\n" +
				"dc frontend latestVersion=3 replicas=2"},
		{"cancel", func() {
			k.Hold("frontend-4", true)
			c.setImage(t, "frontend", "registry/shop/frontend:v4")
			waitFor(t, "frontend-4 running", func() bool {
				return slices.Contains(c.deployerPods(t), "frontend-4-deploy Running")
			})
			c.cancel(t, "frontend-4")
		},
			"frontend-1 Complete replicas=0 reason=\"config change\"\n" +
				"frontend-2 Complete replicas=0 reason=\"config change\"\n" +
				"frontend-3 Complete replicas=2\n" +
				"frontend-4 Failed replicas=0 reason=\"cancelled by the user\"\n" +
				"dc frontend latestVersion=4 replicas=2"},
		{"rollback to the first template", func() { c.setImage(t, "frontend", "registry/shop/frontend:v1") },
			"frontend-3 Complete replicas=0\n" +
				"frontend-4 Failed replicas=0 reason=\"cancelled by the user\"\n" +
				"frontend-5 Complete replicas=2 reason=\"config change\"\n" +
				"dc frontend latestVersion=5 replicas=2"},
		{"scale while paused", func() {
			c.editDC(t, "frontend", func(d *appsv1.DeploymentConfig) { d.Spec.Paused = true })
			c.editDC(t, "frontend", func(d *appsv1.DeploymentConfig) { d.Spec.Replicas = 4 })
		},
			"frontend-3 Complete replicas=0\n" +
				"frontend-4 Failed replicas=0 reason=\"cancelled by the user\"\n" +
				"frontend-5 Complete replicas=2 reason=\"config change\"\n" +
				"dc frontend latestVersion=5 replicas=4"},
		{"resume", func() {
			c.editDC(t, "frontend", func(d *appsv1.DeploymentConfig) { d.Spec.Paused = false })
		},
			"frontend-3 Complete replicas=0\n" +
				"frontend-4 Failed replicas=0 reason=\"cancelled by the user\"\n" +
				"frontend-5 Complete replicas=4 reason=\"config change\"\n" +
				"dc frontend latestVersion=5 replicas=4"},
	}
	for _, st := range steps {
		st.do()
		t.Log(st.name)
		c.await(t, "frontend", st.want)
	}
	if got := c.image(t, "frontend-5"); got != "registry/shop/frontend:v1" {
		t.Errorf("frontend-5 image = %q, want the first template's", got)
	}
	wantEvents := []string{
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`,
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-2" for version 2`,
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-3" for version 3`,
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-4" for version 4`,
		`deployer-controller DeploymentConfig/frontend Normal RolloutCancelled: Rollout for "shop/frontend-4" cancelled`,
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-5" for version 5`,
		`deploymentconfig-controller DeploymentConfig/frontend Normal ReplicationControllerScaled: Scaled replication controller "frontend-5" from 2 to 4`,
	}
	// Without the scale failures a stale RC cache can cause: wire.RunPass
	// retries a conflicting scale at once with the same body, where
	// upstream re-reads its cache with a backoff (10, 50, 250 ms) and
	// usually finds it caught up. A RolloutCancelled event follows only the
	// RC update that succeeded (SPEC 4.4.3, 4.4.4), so it appears once.
	events := slices.DeleteFunc(c.Events(), func(e string) bool {
		return strings.Contains(e, "ReplicationControllerScaleFailed") && strings.Contains(e, "the object has been modified")
	})
	if d := cmp.Diff(wantEvents, events); d != "" {
		t.Errorf("events mismatch (-want +got):\n%s", d)
	}
}

// TestCloseStopsWhatNewStarted: New starts the queues' and the event
// broadcasters' goroutines, Start the informers'; Close stops them all,
// so a Controller driven without Run leaks nothing.
func TestCloseStopsWhatNewStarted(t *testing.T) {
	before := runtime.NumGoroutine()
	for range 5 {
		c := newCluster(t)
		ctrl := kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Logger: klog.NewKlogr().V(10)}) // events to the server
		if err := ctrl.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		ctrl.Close()
		ctrl.Close() // twice is allowed
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after five controllers were closed, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

package kube_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/util/workqueue"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// fail returns a reactor that fails the first n matching requests with
// err (every one when n is 0) and counts them.
func fail(n int64, err error, count *atomic.Int64, match func(clienttesting.Action) bool) clienttesting.ReactionFunc {
	return func(a clienttesting.Action) (bool, runtime.Object, error) {
		if match != nil && !match(a) {
			return false, nil, nil
		}
		if c := count.Add(1); n > 0 && c > n {
			return false, nil, nil
		}
		return true, nil, err
	}
}

// onSub matches requests of one subresource.
func onSub(sub string) func(clienttesting.Action) bool {
	return func(a clienttesting.Action) bool { return a.GetSubresource() == sub }
}

var rcResource = schema.GroupResource{Resource: "replicationcontrollers"}

// eventsWith returns the events whose text contains s.
func eventsWith(events []string, s string) []string {
	var out []string
	for _, e := range events {
		if strings.Contains(e, s) {
			out = append(out, e)
		}
	}
	return out
}

// TestConflictsAreReplannedWithoutEvents: stale writes answered 409 by the
// server (RC updates and the DC status write) are planned again from a
// fresh read; the rollout ends as without them and no event tells of them.
func TestConflictsAreReplannedWithoutEvents(t *testing.T) {
	c := newCluster(t)
	var rcs, status atomic.Int64
	conflict := apierrors.NewConflict(rcResource, "x", errors.New("the object has been modified"))
	c.kube.PrependReactor("update", "replicationcontrollers", fail(3, conflict, &rcs, nil))
	c.apps.PrependReactor("update", "deploymentconfigs", fail(2, conflict, &status, onSub("status")))
	k := newKubelet(c)
	k.run(t)
	c.controller(t, kube.Options{})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	c.setImage(t, "frontend", "registry/shop/frontend:v2")
	c.await(t, "frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	if rcs.Load() < 3 || status.Load() < 2 {
		t.Errorf("conflicts injected: rc updates %d, status writes %d; want all of 3 and 2", rcs.Load(), status.Load())
	}
	wantEvents := []string{
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`,
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-2" for version 2`,
	}
	if d := cmp.Diff(wantEvents, c.Events()); d != "" {
		t.Errorf("events mismatch (-want +got):\n%s", d)
	}
}

// TestTransportErrorsOnPodCreate: a deployer pod create that fails in
// transport is reported (FailedCreate with the error text, actionable) and
// retried by the rate-limited queue until it goes through.
func TestTransportErrorsOnPodCreate(t *testing.T) {
	c := newCluster(t)
	var n atomic.Int64
	c.kube.PrependReactor("create", "pods", fail(2, errors.New("dial tcp 10.0.0.1:6443: connect: connection refused"), &n, nil))
	k := newKubelet(c)
	k.run(t)
	c.controller(t, kube.Options{})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	wantFailed := []string{
		`deployer-controller DeploymentConfig/frontend Warning FailedCreate: Error creating deployer pod: dial tcp 10.0.0.1:6443: connect: connection refused`,
		`deployer-controller DeploymentConfig/frontend Warning FailedCreate: Error creating deployer pod: dial tcp 10.0.0.1:6443: connect: connection refused`,
	}
	if d := cmp.Diff(wantFailed, eventsWith(c.Events(), "FailedCreate")); d != "" {
		t.Errorf("FailedCreate events mismatch (-want +got):\n%s", d)
	}
}

// TestNotFoundOnDeleteIsSuccess: cancelling a rollout deletes its deployer
// pod; a NotFound answer (someone deleted it first) counts as done, and the
// rollout is cancelled.
func TestNotFoundOnDeleteIsSuccess(t *testing.T) {
	c := newCluster(t)
	var n atomic.Int64
	// Someone else deletes the pod first: the controller's delete meets
	// NotFound.
	c.kube.PrependReactor("delete", "pods", func(a clienttesting.Action) (bool, runtime.Object, error) {
		n.Add(1)
		d := a.(clienttesting.DeleteAction)
		_ = c.kube.Tracker().Delete(d.GetResource(), d.GetNamespace(), d.GetName())
		return true, nil, apierrors.NewNotFound(schema.GroupResource{Resource: "pods"}, d.GetName())
	})
	k := newKubelet(c)
	k.Hold("frontend-1", true)
	k.run(t)
	c.controller(t, kube.Options{})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	waitFor(t, "frontend-1 running", func() bool { return slices.Contains(c.deployerPods(t), "frontend-1-deploy Running") })
	c.cancel(t, "frontend-1")
	c.await(t, "frontend", "frontend-1 Failed replicas=0 reason=\"cancelled by the user\"\ndc frontend latestVersion=1 replicas=2")
	if n.Load() == 0 {
		t.Error("no pod delete was sent")
	}
	// Exactly one: a transition write that failed (a conflict with the
	// kubelet's status write) records no RolloutCancelled (SPEC 4.4.3,
	// 4.4.4); only the write that succeeds does.
	if got := eventsWith(c.Events(), "RolloutCancelled"); len(got) != 1 {
		t.Errorf("RolloutCancelled events = %q, want one", got)
	}
}

// TestAlreadyExistsForeignRC: an RC named like the DC's first rollout but
// controlled by someone else makes the create meet AlreadyExists; the live
// GET shows it is not ours, so the pass fails as upstream's does
// (DeploymentCreationFailed, ReplicationControllerCreateError), the foreign
// RC is neither adopted nor given a deployer pod, and once it is gone the
// retried key rolls out. Modern says why (SPEC 3.2.12 quirk fixed); Exact
// carries the API error text, as upstream does.
func TestAlreadyExistsForeignRC(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings dcplan.Settings
		text     string
	}{
		{"Modern", dcplan.Modern.Settings(), `deployment shop/frontend-1 already exists and it couldn't be adopted`},
		{"Exact", dcplan.Exact.Settings(), `replicationcontrollers "frontend-1" already exists`},
	} {
		t.Run(tc.name, func(t *testing.T) { alreadyExistsForeignRC(t, tc) })
	}
}

func alreadyExistsForeignRC(t *testing.T, tc struct {
	name     string
	settings dcplan.Settings
	text     string
}) {
	c := newCluster(t)
	replicas := int32(1)
	isController := true
	foreign := &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "frontend-1", Namespace: ns,
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: "other", UID: "other-uid", Controller: &isController}}},
		Spec: corev1.ReplicationControllerSpec{Replicas: &replicas, Selector: map[string]string{"app": "other"}}}
	if _, err := c.kube.CoreV1().ReplicationControllers(ns).Create(context.Background(), foreign, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	k := newKubelet(c)
	k.run(t)
	c.controller(t, kube.Options{Settings: tc.settings})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	failed := `deploymentconfig-controller DeploymentConfig/frontend Warning DeploymentCreationFailed: Couldn't deploy version 1: ` + tc.text
	waitFor(t, "DeploymentCreationFailed", func() bool { return slices.Contains(c.Events(), failed) })
	waitFor(t, "the condition", func() bool {
		for _, cond := range c.dc(t, "frontend").Status.Conditions {
			if cond.Type == "Progressing" && cond.Reason == "ReplicationControllerCreateError" &&
				cond.Message == tc.text {
				return true
			}
		}
		return false
	})
	rc, err := c.kube.CoreV1().ReplicationControllers(ns).Get(context.Background(), "frontend-1", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rc.Annotations) != 0 || len(rc.OwnerReferences) != 1 || rc.OwnerReferences[0].UID != "other-uid" {
		t.Errorf("foreign RC was touched: annotations %v, owners %v", rc.Annotations, rc.OwnerReferences)
	}
	if pods := c.deployerPods(t); len(pods) != 0 {
		t.Errorf("deployer pods for a foreign RC: %v", pods)
	}
	if err := c.kube.CoreV1().ReplicationControllers(ns).Delete(context.Background(), "frontend-1", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
}

// TestMissingAPIGroup: a server without apps.openshift.io/v1 makes Run
// return ErrNoDeploymentConfigs at once instead of waiting for a cache
// that never syncs.
func TestMissingAPIGroup(t *testing.T) {
	c := newCluster(t)
	c.apps.Resources = nil
	ctrl := kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Recorder: c.recorder})
	err := ctrl.Run(context.Background())
	if !errors.Is(err, kube.ErrNoDeploymentConfigs) {
		t.Fatalf("Run() = %v, want ErrNoDeploymentConfigs", err)
	}
}

// TestDroppedAfterRetryLimit: a deployer pod create that always fails is
// retried while the key was requeued fewer than 15 times (NumRequeues
// becomes Snapshot.Requeues), then dropped with one FailedRetry event, and
// not planned again before the informers' next resync (DefaultResync, ten
// minutes; TestResyncBringsBackADroppedKey).
func TestDroppedAfterRetryLimit(t *testing.T) {
	c := newCluster(t)
	var n atomic.Int64
	c.kube.PrependReactor("create", "pods", fail(0, errors.New("connection refused"), &n, nil))
	var mu sync.Mutex
	var requeues []int
	c.controller(t, kube.Options{
		RateLimiter: func() workqueue.TypedRateLimiter[string] {
			return workqueue.NewTypedItemExponentialFailureRateLimiter[string](time.Millisecond, 4*time.Millisecond)
		},
		OnPass: func(component, _ string, p wire.Pass) {
			if component == kube.ComponentDeployer && p.Plan.Message != "" {
				mu.Lock()
				requeues = append(requeues, p.Snapshot.Requeues)
				mu.Unlock()
			}
		},
	})
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	const stop = `deployer-controller DeploymentConfig/frontend Warning FailedRetry: Stop retrying: couldn't create deployer pod for "shop/frontend-1": connection refused`
	waitFor(t, "FailedRetry", func() bool { return slices.Contains(c.Events(), stop) })
	time.Sleep(100 * time.Millisecond) // long enough for any retry the queue would still make
	if got := eventsWith(c.Events(), "FailedRetry"); len(got) != 1 {
		t.Errorf("FailedRetry events = %q, want one", got)
	}
	if got := eventsWith(c.Events(), "FailedCreate"); len(got) != 16 {
		t.Errorf("FailedCreate events = %d, want 16 (requeues 0 to 15)", len(got))
	}
	mu.Lock()
	defer mu.Unlock()
	want := make([]int, 16)
	for i := range want {
		want[i] = i
	}
	if d := cmp.Diff(want, requeues); d != "" {
		t.Errorf("Snapshot.Requeues of the failing passes (-want +got):\n%s", d)
	}
}

// TestResyncBringsBackADroppedKey: deployer pod creates refused for longer
// than the queue retries (16 attempts: a quota, a webhook, an outage) drop
// the RC's key; the informers' resync queues it again and the rollout
// completes once creates go through. With no resync (a negative Resync)
// the RC stays New.
func TestResyncBringsBackADroppedKey(t *testing.T) {
	for _, tc := range []struct {
		resync time.Duration
		want   string
	}{
		{time.Second /* the informers' shortest */, "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2"},
		{-1, "frontend-1 New replicas=0 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2"},
	} {
		t.Run(tc.resync.String(), func(t *testing.T) {
			c := newCluster(t)
			var n atomic.Int64
			c.kube.PrependReactor("create", "pods", fail(16, errors.New("connection refused"), &n, nil))
			newKubelet(c).run(t)
			c.controller(t, kube.Options{Resync: tc.resync,
				RateLimiter: func() workqueue.TypedRateLimiter[string] {
					return workqueue.NewTypedItemExponentialFailureRateLimiter[string](time.Millisecond, 4*time.Millisecond)
				}})
			c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
			waitFor(t, "FailedRetry", func() bool { return len(eventsWith(c.Events(), "FailedRetry")) == 1 })
			time.Sleep(1500 * time.Millisecond) // past a resync, when there is one
			c.await(t, "frontend", tc.want)
		})
	}
}

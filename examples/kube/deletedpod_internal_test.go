package kube

import (
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
	"github.com/dcplan/dcplan/wire"
)

// TestDeployerWaitsForItsOwnPodDelete (SPEC 4.2.expect.delete): while
// the cache still lists the deployer pod this controller deleted (a
// cancel's delete of a pod that had failed, before a retry reset the RC
// to New), the deployer plans nothing, where taking that pod for the
// retried rollout's failed web-1 at once for the old pod's phase. The
// pod's delete event ends the wait, and the next pass creates the new
// deployer pod.
func TestDeployerWaitsForItsOwnPodDelete(t *testing.T) {
	cl, c := startedWithWeb1(t)
	pods := cl.Kube.CoreV1().Pods("shop")
	// This controller deleted the pod; its cache has not dropped it yet.
	deletedOldPod(t, cl, c, nil, time.Now())

	pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if err != nil || !ok {
		t.Fatalf("SyncDeployment() = %v, %v", ok, err)
	}
	if pass.Plan.Wait != dcplan.WaitStaleCache || pass.Sent != 0 {
		t.Fatalf("the pass over a cache that lists the pod it deleted: %s(sent %d), want a wait for the cache", dcplan.Describe(pass.Plan), pass.Sent)
	}
	if err := pods.Delete(t.Context(), "web-1-deploy", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool { return readPass(&c.expectPodsGone, "shop/web-1", time.Now(), none) == nil },
		"the pod's delete event to end the expectation")
	pass, ok, err = c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if err != nil || !ok {
		t.Fatalf("SyncDeployment() = %v, %v", ok, err)
	}
	if len(pass.Plan.CreatePods) != 1 || pass.Plan.Wait != dcplan.WaitNone {
		t.Errorf("the pass once the cache dropped the pod: %s, want the new deployer pod created", dcplan.Describe(pass.Plan))
	}
}

// TestDeployerWaitsForAHeldPodPastTheTTL (SPEC 4.2.expect.delete): a
// deployer pod this controller deleted that a finalizer holds stays
// listed, terminating, for as long as the finalizer stays. The deployer
// keeps waiting for it past expectationsTTL, as it does before: ending
// the wait there would fail the retried rollout at once on the old pod's
// Failed phase, in a world that had not changed. Once the finalizer goes
// and the pod with it, the next pass creates the new deployer pod.
func TestDeployerWaitsForAHeldPodPastTheTTL(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	cl := kubetest.NewCluster(now)
	c := New(cl.Kube, cl.Apps, Options{Namespace: "shop", Recorder: kubetest.Discard, Now: clock})
	start(t, c)
	createWeb1(t, cl, c)
	pods := cl.Kube.CoreV1().Pods("shop")
	// This controller deleted the pod; the finalizer holds it.
	deletedOldPod(t, cl, c, []string{"example.com/hold"}, clock())
	if err := pods.Delete(t.Context(), "web-1-deploy", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool {
		s, _, _ := c.DeploymentSnapshot("shop/web-1", 0)
		p, ok := s.Pod("web-1-deploy")
		return ok && p.Deleting
	}, "the held pod terminating in the cache")

	// Within the 600 s New-phase timeout, past the TTL.
	for _, after := range []time.Duration{time.Second, expectationsTTL + time.Minute} {
		mu.Lock()
		now = now.Add(after)
		mu.Unlock()
		c.sweep(clock())
		c.expectPodsGone.sweep(clock())
		pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
		if err != nil || !ok {
			t.Fatalf("SyncDeployment() = %v, %v", ok, err)
		}
		if pass.Plan.Wait != dcplan.WaitStaleCache || pass.Sent != 0 {
			t.Fatalf("a pass %v on, the pod held: %s(sent %d), want a wait for it to go", after, dcplan.Describe(pass.Plan), pass.Sent)
		}
	}
	p, err := pods.Get(t.Context(), "web-1-deploy", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p.Finalizers = nil
	if _, err := pods.Update(t.Context(), p, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool { return len(c.expectPodsGone.pending("shop/web-1")) == 0 },
		"the pod's delete event to end the expectation")
	pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if err != nil || !ok {
		t.Fatalf("SyncDeployment() = %v, %v", ok, err)
	}
	if len(pass.Plan.CreatePods) != 1 || pass.Plan.Wait != dcplan.WaitNone {
		t.Errorf("the pass once the pod went: %s, want the new deployer pod created", dcplan.Describe(pass.Plan))
	}
}

// deletedOldPod creates web-1's old deployer pod, Failed, with the given
// finalizers, waits for c's caches to list it beside web-1, and records
// in c's expectations, at the time at, that c's deployer deleted it; the
// pod itself stays on the server.
func deletedOldPod(t *testing.T, cl *kubetest.Cluster, c *Controller, finalizers []string, at time.Time) {
	t.Helper()
	old := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy", Namespace: "shop", UID: "old-pod", Finalizers: finalizers,
			Annotations: map[string]string{dcplan.AnnotationDeploymentName: "web-1"}},
		Spec:   corev1.PodSpec{Containers: []corev1.Container{{Name: "deployment", Image: "deployer"}}},
		Status: corev1.PodStatus{Phase: corev1.PodFailed},
	}
	if _, err := cl.Kube.CoreV1().Pods("shop").Create(t.Context(), old, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	var s dcplan.Snapshot
	waitUntil(t, func() bool {
		var ok bool
		s, ok, _ = c.DeploymentSnapshot("shop/web-1", 0)
		_, podCached := s.Pod("web-1-deploy")
		return ok && podCached
	}, "web-1 and its old deployer pod in the caches")
	c.expectPodsGone.record("shop/web-1", wire.Pass{Snapshot: s, Requests: []wire.Request{{Verb: wire.VerbDelete,
		Resource: wire.ResourcePods, Namespace: "shop", Name: "web-1-deploy"}}, Sent: 1, Errs: []error{nil}}, at)
}

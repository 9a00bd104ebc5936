package kube

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestSquatterIsNoSightOfTheCreatedPod (SPEC 4.2.expect.squat): while
// the deployer waits for the deployer pod it created, a cache that shows
// under that name a pod unrelated to the RC (a squatter, deleted before
// the create) does not end the wait: the pass plans nothing, where
// counting the squatter as the pod created failed web-1 for it
// (4.3.new.6) while its deployer pod ran.
func TestSquatterIsNoSightOfTheCreatedPod(t *testing.T) {
	cl, c := startedWithWeb1(t)
	squatter := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy", Namespace: "shop"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "x", Image: "busybox"}}}}
	if _, err := cl.Kube.CoreV1().Pods("shop").Create(t.Context(), squatter, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool {
		s, ok, _ := c.DeploymentSnapshot("shop/web-1", 0)
		_, podCached := s.Pod("web-1-deploy")
		return ok && podCached
	}, "the RC and the squatter in the caches")
	// This controller created web-1-deploy after the squatter was gone;
	// its cache has not shown the pod it created yet.
	c.expectPods.record("shop/web-1", wire.Pass{Requests: []wire.Request{{Verb: wire.VerbCreate, Resource: wire.ResourcePods,
		Namespace: "shop", Name: "web-1-deploy"}}, Sent: 1, Errs: []error{nil}}, time.Now())

	pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if err != nil || !ok {
		t.Fatalf("SyncDeployment() = %v, %v", ok, err)
	}
	if pass.Plan.Wait != dcplan.WaitStaleCache || pass.Sent != 0 {
		t.Errorf("the pass over a cache that shows the squatter: %s(sent %d), want a wait for the cache", dcplan.Describe(pass.Plan), pass.Sent)
	}
	if got := readPass(&c.expectPods, "shop/web-1", time.Now(), none); len(got) != 1 {
		t.Errorf("the squatter ended the expectation: unobserved = %q", got)
	}
}

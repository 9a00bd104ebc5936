package kubetest_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clienttesting "k8s.io/client-go/testing"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestStaleWriteConflicts: creates are stamped, every write gets a new
// resourceVersion, a write with an old one gets 409, a spec change bumps
// the generation.
func TestStaleWriteConflicts(t *testing.T) {
	now := time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC)
	c := kubetest.NewCluster(now)
	ctx := context.Background()
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	one := int32(1)
	created, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if created.UID == "" || created.ResourceVersion == "" || !created.CreationTimestamp.Time.Equal(now) || created.Generation != 1 {
		t.Fatalf("create stamped uid %q rv %q created %v generation %d", created.UID, created.ResourceVersion, created.CreationTimestamp, created.Generation)
	}
	// A server stamps creationTimestamp in whole seconds, whatever its
	// clock reads (issue 35 item 21: the deployer's created-at annotation
	// carries this stamp).
	fine := kubetest.NewCluster(now.Add(697209501 * time.Nanosecond))
	pod, err := fine.Kube.CoreV1().Pods("shop").Create(ctx, &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !pod.CreationTimestamp.Time.Equal(now) {
		t.Errorf("pod created at %v, want the cluster's clock in whole seconds, %v", pod.CreationTimestamp.Time, now)
	}
	next := created.DeepCopy()
	next.Spec.Replicas = &one
	updated, err := rcs.Update(ctx, next, metav1.UpdateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if updated.ResourceVersion == created.ResourceVersion || updated.Generation != 2 || updated.UID != created.UID {
		t.Errorf("update: rv %q -> %q, generation %d, uid %q", created.ResourceVersion, updated.ResourceVersion, updated.Generation, updated.UID)
	}
	stale := created.DeepCopy()
	stale.Labels = map[string]string{"a": "b"}
	if _, err := rcs.Update(ctx, stale, metav1.UpdateOptions{}); !apierrors.IsConflict(err) {
		t.Errorf("stale update: err = %v, want Conflict", err)
	}
}

// TestKubeletRunsDeployerPods: a deployer pod goes Pending, Running,
// Succeeded, scaling its RC (found by the DC's label, as the deployer
// finds it) to the desired replicas on the way.
func TestKubeletRunsDeployerPods(t *testing.T) {
	c := kubetest.NewCluster(time.Now())
	ctx := context.Background()
	zero := int32(0)
	owner := map[string]string{"openshift.io/deployment-config.name": "web"}
	rc := &corev1.ReplicationController{
		ObjectMeta: metav1.ObjectMeta{
			Name:   "web-1",
			Labels: owner,
			Annotations: map[string]string{
				"openshift.io/deployment-config.name":    "web",
				"kubectl.kubernetes.io/desired-replicas": "3",
			},
		},
		Spec: corev1.ReplicationControllerSpec{Replicas: &zero},
	}
	if _, err := c.Kube.CoreV1().ReplicationControllers("shop").Create(ctx, rc, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy",
		Labels:      map[string]string{"openshift.io/deployer-pod-for.name": "web-1"},
		Annotations: map[string]string{"openshift.io/deployment.name": "web-1", "openshift.io/deployment-config.name": "web"}}}
	created, err := c.Kube.CoreV1().Pods("shop").Create(ctx, pod, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	k := kubetest.NewKubelet(c.Kube, "shop", c.Clock)
	phases := []corev1.PodPhase{created.Status.Phase}
	for range 3 {
		k.Step(ctx)
		p, err := c.Kube.CoreV1().Pods("shop").Get(ctx, "web-1-deploy", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		phases = append(phases, p.Status.Phase)
	}
	want := []corev1.PodPhase{corev1.PodPending, corev1.PodRunning, corev1.PodSucceeded, corev1.PodSucceeded}
	for i := range want {
		if phases[i] != want[i] {
			t.Fatalf("phases = %v, want %v", phases, want)
		}
	}
	got, err := c.Kube.CoreV1().ReplicationControllers("shop").Get(ctx, "web-1", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if *got.Spec.Replicas != 3 || got.Status.Replicas != 3 {
		t.Errorf("rc replicas spec %d status %d, want 3 and 3", *got.Spec.Replicas, got.Status.Replicas)
	}
	if v := k.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

// TestObserved: requests through the observed clientsets are seen, with
// their verb and resource, and reach the same objects as the cluster's
// own clientsets; requests through those are not seen.
func TestObserved(t *testing.T) {
	c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
	ctx := context.Background()
	var mu sync.Mutex
	var seen []string
	kube, apps := c.Observed(func(a clienttesting.Action) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, a.GetVerb()+" "+a.GetResource().Resource)
	})
	if _, err := c.Kube.CoreV1().Pods("shop").Create(ctx, &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := kube.CoreV1().Pods("shop").Get(ctx, "p", metav1.GetOptions{}); err != nil {
		t.Fatalf("the observed clientset does not see the cluster's pod: %v", err)
	}
	w, err := kube.CoreV1().Pods("shop").Watch(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w.Stop()
	if _, err := apps.AppsV1().DeploymentConfigs("shop").List(ctx, metav1.ListOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := apps.Discovery().ServerResourcesForGroupVersion("apps.openshift.io/v1"); err != nil {
		t.Errorf("discovery through the observed apps clientset: %v", err)
	}
	want := []string{"get pods", "watch pods", "list deploymentconfigs", "get resource"}
	mu.Lock()
	defer mu.Unlock()
	if d := cmp.Diff(want, seen); d != "" {
		t.Errorf("observed requests mismatch (-want +got):\n%s", d)
	}
}

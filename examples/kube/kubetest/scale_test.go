package kubetest_test

import (
	"context"
	"testing"
	"time"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestRCScaleSubresource: replicationcontrollers/scale answers the RC's
// Scale; an update with a stale resourceVersion is a Conflict, one with
// the current (or none) writes spec.replicas and nothing else, with a new
// resourceVersion and generation, as the API server does.
func TestRCScaleSubresource(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Now())
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	one := int32(1)
	rc, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1", Annotations: map[string]string{"a": "b"}},
		Spec: corev1.ReplicationControllerSpec{Replicas: &one, Selector: map[string]string{"app": "web"}}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := rcs.GetScale(ctx, "web-1", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Spec.Replicas != 1 || sc.ResourceVersion != rc.ResourceVersion || sc.UID != rc.UID || sc.Status.Selector != "app=web" {
		t.Fatalf("scale = %+v, want replicas 1, the RC's resourceVersion and uid, selector app=web", sc)
	}
	stale := &autoscalingv1.Scale{ObjectMeta: metav1.ObjectMeta{Name: "web-1", ResourceVersion: "1"}, Spec: autoscalingv1.ScaleSpec{Replicas: 5}}
	if _, err := rcs.UpdateScale(ctx, "web-1", stale, metav1.UpdateOptions{}); !apierrors.IsConflict(err) {
		t.Fatalf("update with a stale resourceVersion: %v, want a Conflict", err)
	}
	for _, rv := range []string{sc.ResourceVersion, ""} {
		sc.ResourceVersion, sc.Spec.Replicas = rv, sc.Spec.Replicas+2
		got, err := rcs.UpdateScale(ctx, "web-1", sc, metav1.UpdateOptions{})
		if err != nil {
			t.Fatalf("update with resourceVersion %q: %v", rv, err)
		}
		stored, err := rcs.Get(ctx, "web-1", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if *stored.Spec.Replicas != sc.Spec.Replicas || got.Spec.Replicas != sc.Spec.Replicas || got.ResourceVersion != stored.ResourceVersion {
			t.Errorf("after the update: rc replicas %d, answer %+v, want %d and the stored resourceVersion %s", *stored.Spec.Replicas, got, sc.Spec.Replicas, stored.ResourceVersion)
		}
		if stored.ResourceVersion == rc.ResourceVersion || stored.Generation != rc.Generation+1 || stored.Annotations["a"] != "b" {
			t.Errorf("stored rc %+v, want a new resourceVersion, generation %d, the annotations kept", stored.ObjectMeta, rc.Generation+1)
		}
		rc = stored
	}
}

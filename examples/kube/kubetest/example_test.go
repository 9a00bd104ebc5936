package kubetest_test

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// ExampleNewCluster creates an RC on the in-memory cluster, which stamps
// it as an API server does, then sends two updates of the copy it read:
// the first is stored, the second carries a resourceVersion that is no
// longer the stored one and is refused with 409 Conflict.
func ExampleNewCluster() {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Date(2026, 12, 1, 9, 0, 0, 500, time.UTC))
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	read, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1"}}, metav1.CreateOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("created", read.Name, read.CreationTimestamp.UTC().Format(time.RFC3339Nano), read.UID != "", read.ResourceVersion != "")

	first, second := read.DeepCopy(), read.DeepCopy()
	first.Labels = map[string]string{"app": "web"}
	if _, err := rcs.Update(ctx, first, metav1.UpdateOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("first update stored")
	second.Labels = map[string]string{"app": "other"}
	_, err = rcs.Update(ctx, second, metav1.UpdateOptions{})
	fmt.Println("second update conflicts:", apierrors.IsConflict(err))
	// Output:
	// created web-1 2026-12-01T09:00:00Z true true
	// first update stored
	// second update conflicts: true
}

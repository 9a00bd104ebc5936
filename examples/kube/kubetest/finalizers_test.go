package kubetest_test

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestFinalizersHoldADelete: as on an API server, deleting an object
// with finalizers marks it (deletionTimestamp, a new resourceVersion)
// and leaves it listed until a write removes its last finalizer, which
// deletes it; that write is answered with the object. A write cannot set
// or clear deletionTimestamp itself. (A history delete of an RC a
// finalizer holds, SPEC 3.7.expect: the cache shows it Deleting.)
func TestFinalizersHoldADelete(t *testing.T) {
	ctx := context.Background()
	for _, how := range []string{"update", "patch"} {
		t.Run(how, func(t *testing.T) {
			c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
			rcs := c.Kube.CoreV1().ReplicationControllers("shop")
			rc, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1",
				Finalizers: []string{"example.com/hold"}}}, metav1.CreateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			stamped := rc.DeepCopy()
			now := metav1.Now()
			stamped.DeletionTimestamp = &now
			if stamped, err = rcs.Update(ctx, stamped, metav1.UpdateOptions{}); err != nil || stamped.DeletionTimestamp != nil {
				t.Fatalf("an update setting deletionTimestamp: %v, deletionTimestamp %v; want it ignored", err, stamped.DeletionTimestamp)
			}
			if err := rcs.Delete(ctx, "web-1", metav1.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			held, err := rcs.Get(ctx, "web-1", metav1.GetOptions{})
			if err != nil {
				t.Fatalf("the finalizer did not hold the delete: %v", err)
			}
			if held.DeletionTimestamp == nil || held.ResourceVersion == stamped.ResourceVersion {
				t.Errorf("held RC: deletionTimestamp %v rv %s (was %s), want marked with a new version", held.DeletionTimestamp, held.ResourceVersion, stamped.ResourceVersion)
			}
			var last *corev1.ReplicationController
			if how == "update" {
				held.Finalizers = nil
				last, err = rcs.Update(ctx, held, metav1.UpdateOptions{})
			} else {
				last, err = rcs.Patch(ctx, "web-1", types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{})
			}
			if err != nil || last == nil || last.Name != "web-1" {
				t.Fatalf("removing the last finalizer: %v, %v", last, err)
			}
			if _, err := rcs.Get(ctx, "web-1", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
				t.Errorf("after its last finalizer went: get = %v, want NotFound", err)
			}
		})
	}
}

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

// TestDeletePreconditions: a delete whose preconditions name a uid or a
// resourceVersion the object no longer has is refused with 409 Conflict,
// in the API server's texts, and leaves the object (Modern's history
// deletes carry the RC as read, SPEC 3.7.5.unchanged; the real server's
// answers are pinned by e2e's TestDeletePreconditions). The object's own
// uid and resourceVersion delete it.
func TestDeletePreconditions(t *testing.T) {
	c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
	ctx := context.Background()
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	read, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	now, err := rcs.Patch(ctx, "web-1", types.MergePatchType, []byte(`{"metadata":{"annotations":{"touched":"yes"}}}`), metav1.PatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	del := func(uid types.UID, rv string) error {
		return rcs.Delete(ctx, "web-1", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &uid, ResourceVersion: &rv}})
	}
	for _, tc := range []struct {
		name string
		uid  types.UID
		rv   string
		want string
	}{
		{"stale resourceVersion", read.UID, read.ResourceVersion, `Operation cannot be fulfilled on ReplicationController "web-1": ` +
			"the ResourceVersion in the precondition (" + read.ResourceVersion + ") does not match the ResourceVersion in record (" +
			now.ResourceVersion + "). The object might have been modified"},
		{"another uid", "00000000-0000-4000-8000-000000000099", read.ResourceVersion, `Operation cannot be fulfilled on ReplicationController "web-1": ` +
			"the UID in the precondition (00000000-0000-4000-8000-000000000099) does not match the UID in record (" + string(read.UID) +
			"). The object might have been deleted and then recreated"},
	} {
		err := del(tc.uid, tc.rv)
		if !apierrors.IsConflict(err) || err.Error() != tc.want {
			t.Errorf("%s: delete = %v, want Conflict %q", tc.name, err, tc.want)
		}
		if _, err := rcs.Get(ctx, "web-1", metav1.GetOptions{}); err != nil {
			t.Fatalf("%s: the refused delete removed the RC: %v", tc.name, err)
		}
	}
	if err := del(now.UID, now.ResourceVersion); err != nil {
		t.Fatalf("delete with the RC's own uid and resourceVersion: %v", err)
	}
	if _, err := rcs.Get(ctx, "web-1", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("after the delete, get rc/web-1 = %v, want NotFound", err)
	}
}

package kube

import (
	"fmt"
	"testing"

	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kubefake "k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	"k8s.io/utils/ptr"
)

// TestReleaseLease pins release: a lease the lock's identity holds is
// given up as client-go's ReleaseOnCancel does (no holder, a 1 s
// duration, the transitions kept), and one another identity holds is
// left as it is.
func TestReleaseLease(t *testing.T) {
	for _, tc := range []struct {
		identity, want string
	}{
		{"a", `holder="" duration=1 transitions=3`},
		{"b", `holder="a" duration=15 transitions=3`},
	} {
		t.Run(tc.identity, func(t *testing.T) {
			kube := kubefake.NewClientset(&coordinationv1.Lease{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "dcplan"},
				Spec: coordinationv1.LeaseSpec{HolderIdentity: ptr.To("a"), LeaseDurationSeconds: ptr.To[int32](15), LeaseTransitions: ptr.To[int32](3)}})
			lock := &resourcelock.LeaseLock{LeaseMeta: metav1.ObjectMeta{Namespace: "shop", Name: "dcplan"},
				Client: kube.CoordinationV1(), LockConfig: resourcelock.ResourceLockConfig{Identity: tc.identity}}
			if err := release(t.Context(), lock); err != nil {
				t.Fatalf("release() = %v", err)
			}
			l, err := kube.CoordinationV1().Leases("shop").Get(t.Context(), "dcplan", metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("holder=%q duration=%d transitions=%d", ptr.Deref(l.Spec.HolderIdentity, ""),
				ptr.Deref(l.Spec.LeaseDurationSeconds, 0), ptr.Deref(l.Spec.LeaseTransitions, 0))
			if got != tc.want {
				t.Errorf("lease after release = %s, want %s", got, tc.want)
			}
		})
	}
}

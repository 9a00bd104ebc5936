package e2e_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

// controllerOf returns the uid of an RC's controller reference, "" for
// none.
func controllerOf(rc *corev1.ReplicationController) types.UID {
	if ref := metav1.GetControllerOf(rc); ref != nil {
		return ref.UID
	}
	return ""
}

// patchRC sends a JSON merge patch to an RC as the admin.
func (e *env) patchRC(name, patch string) {
	e.t.Helper()
	if _, err := e.admin.CoreV1().ReplicationControllers(e.ns).Patch(context.Background(), name, types.MergePatchType, []byte(patch), metav1.PatchOptions{}); err != nil {
		e.t.Fatalf("patch rc %s: %v", name, err)
	}
}

// TestAdoptAndRelease: an RC that names the DC but lost its owner
// reference is adopted (the DC read again, SPEC 3.3.2, then a
// strategic-merge patch with the RC's uid as precondition); an old RC the
// DC owns whose label stops naming it is released; one another controller
// owns is left alone.
func TestAdoptAndRelease(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.awaitPhase("frontend-1", "Complete")
	uid := e.dc("frontend").UID
	if got := controllerOf(e.rc("frontend-1")); got != uid {
		t.Fatalf("frontend-1 controller = %q, want the DC's %q", got, uid)
	}

	e.patchRC("frontend-1", `{"metadata":{"ownerReferences":null}}`)
	e.waitFor("frontend-1 adopted", func() (bool, error) { return controllerOf(e.rc("frontend-1")) == uid, nil })

	// Released: an old RC, so that the DC's latest stays its own (with
	// its latest RC released, a DC cannot roll out again: the next pass
	// finds frontend-<latest> missing, recreating it meets AlreadyExists,
	// and the RC cannot be adopted; upstream does the same).
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.awaitPhase("frontend-2", "Complete")

	e.patchRC("frontend-1", `{"metadata":{"labels":{"`+dcplan.LabelConfigName+`":"someone-else"}}}`)
	e.waitFor("frontend-1 released", func() (bool, error) { return controllerOf(e.rc("frontend-1")) == "", nil })

	foreign := e.rc("frontend-1").DeepCopy()
	foreign.ObjectMeta = metav1.ObjectMeta{Name: "frontend-foreign", Labels: map[string]string{dcplan.LabelConfigName: "frontend"},
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "v1", Kind: "ReplicationController", Name: "other",
			UID: "00000000-0000-0000-0000-000000000009", Controller: ptr(true)}}}
	foreign.Spec.Replicas = ptr(int32(0))
	foreign.Status = corev1.ReplicationControllerStatus{}
	created, err := e.admin.CoreV1().ReplicationControllers(e.ns).Create(context.Background(), foreign, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// A second rollout shows the controller at work after the foreign RC
	// appeared: it must still be the other controller's.
	e.setImage("frontend", "registry.example/shop/frontend:v3")
	e.awaitPhase("frontend-3", "Complete")
	if got := controllerOf(e.rc("frontend-foreign")); got != created.OwnerReferences[0].UID {
		t.Errorf("frontend-foreign controller = %q, want the other controller's", got)
	}
}

func ptr[T any](v T) *T { return &v }

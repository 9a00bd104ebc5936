package kubetest_test

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestAuthorize: the authorized clientsets serve what the rules grant
// (by verb, group, resource, subresource and name), refuse the rest with
// the RBAC authorizer's 403, watches and lists included, and always
// serve discovery.
func TestAuthorize(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Now())
	if _, err := c.Kube.CoreV1().Pods("shop").Create(ctx, &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web-1-deploy"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	const user = "system:serviceaccount:shop:dcplan-controller"
	kc, ac := c.Authorize(user, []rbacv1.PolicyRule{
		{APIGroups: []string{""}, Resources: []string{"pods"}, Verbs: []string{"get", "list"}},
		{APIGroups: []string{""}, Resources: []string{"pods/status"}, Verbs: []string{"update"}, ResourceNames: []string{"web-1-deploy"}},
		{APIGroups: []string{"apps.openshift.io"}, Resources: []string{"*"}, Verbs: []string{"*"}},
	})
	pods := kc.CoreV1().Pods("shop")
	pod, err := pods.Get(ctx, "web-1-deploy", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("get, granted: %v", err)
	}
	if _, err := pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
		t.Errorf("update pods/status of the named pod, granted: %v", err)
	}
	_, err = pods.Patch(ctx, "web-1-deploy", types.MergePatchType, []byte(`{"metadata":{"labels":{"a":"b"}}}`), metav1.PatchOptions{})
	want := `pods "web-1-deploy" is forbidden: User "system:serviceaccount:shop:dcplan-controller" cannot patch resource "pods" in API group "" in the namespace "shop"`
	if !apierrors.IsForbidden(err) || err.Error() != want {
		t.Errorf("patch, not granted: %v, want %s", err, want)
	}
	if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("update of the pod itself, not granted: %v, want Forbidden", err)
	}
	if _, err := pods.Watch(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("watch, not granted: %v, want Forbidden", err)
	}
	if _, err := kc.CoreV1().ReplicationControllers("shop").List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("list rcs, not granted: %v, want Forbidden", err)
	}
	if _, err := ac.AppsV1().DeploymentConfigs("shop").List(ctx, metav1.ListOptions{}); err != nil {
		t.Errorf("list dcs, granted by *: %v", err)
	}
	if _, err := ac.Discovery().ServerResourcesForGroupVersion("apps.openshift.io/v1"); err != nil {
		t.Errorf("discovery: %v", err)
	}
	if _, err := c.Kube.CoreV1().Pods("shop").Patch(ctx, "web-1-deploy", types.MergePatchType, []byte(`{}`), metav1.PatchOptions{}); err != nil {
		t.Errorf("the cluster's own clientset is not restricted: %v", err)
	}
}

package kube_test

import (
	"context"
	"testing"

	appsv1 "github.com/openshift/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

// The user operations of the tests, as oc sends them (SPEC 6m).

// createDC creates dc.
func (c *cluster) createDC(t testing.TB, dc *appsv1.DeploymentConfig) {
	t.Helper()
	if _, err := c.apps.AppsV1().DeploymentConfigs(ns).Create(context.Background(), dc, metav1.CreateOptions{}); err != nil {
		t.Fatalf("create dc: %v", err)
	}
}

// editDC reads the DC, applies edit and updates it, again on conflict.
func (c *cluster) editDC(t testing.TB, name string, edit func(*appsv1.DeploymentConfig)) {
	t.Helper()
	dcs := c.apps.AppsV1().DeploymentConfigs(ns)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		dc, err := dcs.Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		edit(dc)
		_, err = dcs.Update(context.Background(), dc, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		t.Fatalf("edit dc %s: %v", name, err)
	}
}

// patchRC sends a strategic-merge patch to an RC.
func (c *cluster) patchRC(t testing.TB, name, patch string) {
	t.Helper()
	if _, err := c.kube.CoreV1().ReplicationControllers(ns).Patch(context.Background(), name, types.StrategicMergePatchType, []byte(patch), metav1.PatchOptions{}); err != nil {
		t.Fatalf("patch rc %s: %v", name, err)
	}
}

// cancel is `oc rollout cancel` on an in-flight RC (SPEC 6m.1).
func (c *cluster) cancel(t testing.TB, rc string) {
	t.Helper()
	c.patchRC(t, rc, `{"metadata":{"annotations":{"openshift.io/deployment.cancelled":"true","openshift.io/deployment.status-reason":"cancelled by the user"}}}`)
}

// retryRollout is `oc rollout retry` on a failed RC (SPEC 6m.2): delete
// its deployer pods with grace 0, then move it back to New. Before the
// patch it waits until ctrl's pod cache has seen the deletes: the pod and
// RC informers are not ordered, and a deployer pass that sees the RC New
// beside the old Failed pod fails it again at once, in upstream as here.
func (c *cluster) retryRollout(t testing.TB, ctrl *kube.Controller, rc string) {
	t.Helper()
	pods := c.kube.CoreV1().Pods(ns)
	l, err := pods.List(context.Background(), metav1.ListOptions{LabelSelector: dcplan.LabelDeployerPodFor + "=" + rc})
	if err != nil {
		t.Fatal(err)
	}
	zero := int64(0)
	for _, p := range l.Items {
		if err := pods.Delete(context.Background(), p.Name, metav1.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
			t.Fatal(err)
		}
	}
	_, _, podInformer := ctrl.Informers()
	waitFor(t, "the pod cache to see the deletes", func() bool {
		for _, p := range l.Items {
			if _, ok, _ := podInformer.GetStore().GetByKey(ns + "/" + p.Name); ok {
				return false
			}
		}
		return true
	})
	c.patchRC(t, rc, `{"metadata":{"annotations":{"openshift.io/deployment.cancelled":null,"openshift.io/deployment.phase":"New","openshift.io/deployment.status-reason":null}}}`)
}

// setImage is a config change: the DC's container image.
func (c *cluster) setImage(t testing.TB, dc, image string) {
	t.Helper()
	c.editDC(t, dc, func(d *appsv1.DeploymentConfig) { d.Spec.Template.Spec.Containers[0].Image = image })
}

// image returns the image of an RC's pod template.
func (c *cluster) image(t testing.TB, rc string) string {
	t.Helper()
	r, err := c.kube.CoreV1().ReplicationControllers(ns).Get(context.Background(), rc, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r.Spec.Template.Spec.Containers[0].Image
}

// deployerPods returns the names and phases of the deployer pods.
func (c *cluster) deployerPods(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, p := range c.pods(t) {
		if p.Labels[dcplan.LabelDeployerPodFor] != "" {
			out = append(out, p.Name+" "+string(p.Status.Phase))
		}
	}
	return out
}

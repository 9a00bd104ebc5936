package kubetest_test

import (
	"context"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestUnconditionalUpdates: a PUT without metadata.resourceVersion is
// taken over the stored version for RCs and pods (their strategies
// allow unconditional updates) and refused for a DeploymentConfig,
// whose strategy does not (nor its status strategy's), with the
// registry's 422 Invalid naming the group-qualified resource, the value
// as apimachinery v0.37's field errors render a uint64 (SPEC 13: an
// update carries the version read).
func TestUnconditionalUpdates(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
	rcs := c.Kube.CoreV1().ReplicationControllers("shop")
	rc, err := rcs.Create(ctx, &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "web-1"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rc.ResourceVersion, rc.Labels = "", map[string]string{"a": "b"}
	if _, err := rcs.Update(ctx, rc, metav1.UpdateOptions{}); err != nil {
		t.Errorf("RC update without a resourceVersion: %v, want it taken", err)
	}
	dcs := c.Apps.AppsV1().DeploymentConfigs("shop")
	dc, err := dcs.Create(ctx, &appsv1.DeploymentConfig{ObjectMeta: metav1.ObjectMeta{Name: "web"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dc.ResourceVersion = ""
	const want = `deploymentconfigs.apps.openshift.io "web" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`
	for name, update := range map[string]func() error{
		"update": func() error { _, err := dcs.Update(ctx, dc, metav1.UpdateOptions{}); return err },
		"status": func() error { _, err := dcs.UpdateStatus(ctx, dc, metav1.UpdateOptions{}); return err },
	} {
		if err := update(); !apierrors.IsInvalid(err) || err.Error() != want {
			t.Errorf("DC %s without a resourceVersion: %v, want Invalid %q", name, err, want)
		}
	}
}

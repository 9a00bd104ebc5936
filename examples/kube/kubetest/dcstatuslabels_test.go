package kubetest_test

import (
	"context"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestDCStatusUpdateKeepsLabels: OpenShift's DeploymentConfig status
// strategy (openshift-apiserver's statusStrategy.PrepareForUpdate) keeps
// the stored spec and the stored labels: a PUT to
// deploymentconfigs/status (the DC controller's status write, SPEC 13)
// changes the status alone, whatever labels its body carries.
func TestDCStatusUpdateKeepsLabels(t *testing.T) {
	ctx := context.Background()
	c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
	dcs := c.Apps.AppsV1().DeploymentConfigs("shop")
	dc, err := dcs.Create(ctx, &appsv1.DeploymentConfig{ObjectMeta: metav1.ObjectMeta{Name: "web", Labels: map[string]string{"app": "web"}}},
		metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dc.Labels = map[string]string{"app": "other", "edited": "by-status"}
	dc.Status.LatestVersion = 1
	if dc, err = dcs.UpdateStatus(ctx, dc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(dc.Labels) != 1 || dc.Labels["app"] != "web" || dc.Status.LatestVersion != 1 {
		t.Errorf("after a status update: labels %v, latestVersion %d; want the stored labels {app: web} and latestVersion 1", dc.Labels, dc.Status.LatestVersion)
	}
}

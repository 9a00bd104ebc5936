package kubetest_test

import (
	"context"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestCreateClearsDCStatus: OpenShift's DeploymentConfig strategy
// (openshift-apiserver's PrepareForCreate) stores a created DC with an
// empty status and no lastTriggeredImage in its image change triggers,
// whatever the client sent: a new DC has rolled nothing out, and its
// image triggers have fired for no image yet (SPEC 3.5). Status comes
// through deploymentconfigs/status only.
func TestCreateClearsDCStatus(t *testing.T) {
	c := kubetest.NewCluster(time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC))
	dc, err := c.Apps.AppsV1().DeploymentConfigs("shop").Create(context.Background(), &appsv1.DeploymentConfig{
		ObjectMeta: metav1.ObjectMeta{Name: "web"},
		Spec: appsv1.DeploymentConfigSpec{Triggers: appsv1.DeploymentTriggerPolicies{{Type: appsv1.DeploymentTriggerOnImageChange,
			ImageChangeParams: &appsv1.DeploymentTriggerImageChangeParams{Automatic: true, ContainerNames: []string{"web"},
				From: corev1.ObjectReference{Kind: "ImageStreamTag", Name: "web:latest"}, LastTriggeredImage: "registry.example/web@sha256:1"}}}},
		Status: appsv1.DeploymentConfigStatus{LatestVersion: 3, ObservedGeneration: 2, Replicas: 1},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if dc.Status.LatestVersion != 0 || dc.Status.ObservedGeneration != 0 || dc.Status.Replicas != 0 {
		t.Errorf("created status %+v, want none", dc.Status)
	}
	if got := dc.Spec.Triggers[0].ImageChangeParams.LastTriggeredImage; got != "" {
		t.Errorf("created lastTriggeredImage %q, want none", got)
	}
}

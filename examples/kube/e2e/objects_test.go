package e2e_test

import (
	"context"

	appsv1 "github.com/openshift/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// newDC is e2e.NewConfig with revisionHistoryLimit 10, OpenShift's
// default.
func newDC(name, image string, replicas int32) *appsv1.DeploymentConfig {
	return e2e.NewConfig(name, image, replicas, 10)
}

// rolling makes dc's strategy Rolling with OpenShift's default
// parameters.
func rolling(dc *appsv1.DeploymentConfig) *appsv1.DeploymentConfig {
	one, timeout := int64(1), int64(600)
	quarter := intstr.FromString("25%")
	dc.Spec.Strategy.Type = appsv1.DeploymentStrategyTypeRolling
	dc.Spec.Strategy.RecreateParams = nil
	dc.Spec.Strategy.RollingParams = &appsv1.RollingDeploymentStrategyParams{UpdatePeriodSeconds: &one, IntervalSeconds: &one,
		TimeoutSeconds: &timeout, MaxUnavailable: &quarter, MaxSurge: &quarter}
	return dc
}

// createDC creates dc in the test's namespace.
func (e *env) createDC(dc *appsv1.DeploymentConfig) {
	e.t.Helper()
	if _, err := e.apps.AppsV1().DeploymentConfigs(e.ns).Create(context.Background(), dc, metav1.CreateOptions{}); err != nil {
		e.t.Fatalf("create dc %s: %v", dc.Name, err)
	}
}

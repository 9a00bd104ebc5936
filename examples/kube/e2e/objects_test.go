package e2e_test

import (
	"context"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// newDC returns a DC as the OpenShift API server stores it after its
// defaulting (a CRD applies none): a Recreate strategy with
// recreateParams.timeoutSeconds 600 and activeDeadlineSeconds 21600, a
// ConfigChange trigger, revisionHistoryLimit 10, and the core API's pod
// defaults in the template (restart policy, DNS policy, grace period,
// scheduler, termination message, pull policy).
func newDC(name, image string, replicas int32) *appsv1.DeploymentConfig {
	timeout, deadline, grace := int64(600), int64(21600), int64(30)
	history := int32(10)
	labels := map[string]string{"deploymentconfig": name}
	return &appsv1.DeploymentConfig{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: appsv1.DeploymentConfigSpec{
			Replicas:             replicas,
			RevisionHistoryLimit: &history,
			Selector:             labels,
			Strategy: appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyTypeRecreate,
				RecreateParams:        &appsv1.RecreateDeploymentStrategyParams{TimeoutSeconds: &timeout},
				ActiveDeadlineSeconds: &deadline,
				Resources:             corev1.ResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("10m")}}},
			Triggers: appsv1.DeploymentTriggerPolicies{{Type: appsv1.DeploymentTriggerOnConfigChange}},
			Template: &corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{
					Containers: []corev1.Container{{Name: name, Image: image, ImagePullPolicy: corev1.PullIfNotPresent,
						TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: corev1.TerminationMessageReadFile}},
					RestartPolicy:                 corev1.RestartPolicyAlways,
					DNSPolicy:                     corev1.DNSClusterFirst,
					TerminationGracePeriodSeconds: &grace,
					SecurityContext:               &corev1.PodSecurityContext{},
					SchedulerName:                 corev1.DefaultSchedulerName,
				},
			},
		},
	}
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

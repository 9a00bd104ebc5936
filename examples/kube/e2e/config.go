package e2e

import (
	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// NewConfig returns DC name running image in replicas pods, as the
// OpenShift API server stores it after its defaulting (the CRD applies
// none, so the tests write the defaults themselves): a Recreate strategy
// with recreateParams.timeoutSeconds 600 and activeDeadlineSeconds 21600,
// a ConfigChange trigger, revisionHistoryLimit history, and the core
// API's pod defaults in the template (restart policy, DNS policy, grace
// period, security context, scheduler, termination message, pull
// policy). Its one container is named after the DC.
func NewConfig(name, image string, replicas, history int32) *appsv1.DeploymentConfig {
	timeout, deadline, grace := int64(600), int64(21600), int64(30)
	labels := map[string]string{"deploymentconfig": name}
	return &appsv1.DeploymentConfig{
		TypeMeta:   metav1.TypeMeta{Kind: "DeploymentConfig", APIVersion: appsv1.GroupVersion.String()},
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

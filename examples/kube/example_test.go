package kube_test

import (
	"context"
	"fmt"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// Example runs the controller the way another module does: two
// clientsets (here kubetest's in-memory ones; on a cluster
// kubernetes.NewForConfig and the openshift apps clientset), New, Run.
func Example() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cluster := kubetest.NewCluster(time.Now())
	go kubetest.NewKubelet(cluster.Kube, "shop", cluster.Clock).Run(ctx, 5*time.Millisecond)

	ctrl := kube.New(cluster.Kube, cluster.Apps, kube.Options{
		Namespace: "shop",
		Settings:  dcplan.Modern.Settings(),
		Recorder:  kubetest.Discard,
	})
	go func() { _ = ctrl.Run(ctx) }()

	dc := &appsv1.DeploymentConfig{
		ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "shop"},
		Spec: appsv1.DeploymentConfigSpec{
			Replicas: 2,
			Selector: map[string]string{"app": "web"},
			Strategy: appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyTypeRecreate,
				RecreateParams: &appsv1.RecreateDeploymentStrategyParams{}},
			Triggers: appsv1.DeploymentTriggerPolicies{{Type: appsv1.DeploymentTriggerOnConfigChange}},
			Template: &corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "web"}},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "registry.example.com/web:1"}}},
			},
		},
	}
	if _, err := cluster.Apps.AppsV1().DeploymentConfigs("shop").Create(ctx, dc, metav1.CreateOptions{}); err != nil {
		panic(err)
	}
	for {
		rc, err := cluster.Kube.CoreV1().ReplicationControllers("shop").Get(ctx, "web-1", metav1.GetOptions{})
		if err == nil && rc.Annotations[dcplan.AnnotationPhase] == "Complete" && *rc.Spec.Replicas == 2 {
			fmt.Println(rc.Name, rc.Annotations[dcplan.AnnotationPhase], *rc.Spec.Replicas)
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Output: web-1 Complete 2
}

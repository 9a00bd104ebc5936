package kube

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
)

// TestIndexKeys pins the index functions: indexRC keys an RC by the DC
// its deployment-config.name label or annotation names (once when both
// name it) and by its controller's uid; indexPod keys a pod by the RC
// its deployer-pod-for label or deployment.name annotation names (once
// when both name it). An object naming nothing has no key.
func TestIndexKeys(t *testing.T) {
	meta := func(labels, annotations map[string]string) metav1.ObjectMeta {
		return metav1.ObjectMeta{Namespace: "shop", Name: "x", Labels: labels, Annotations: annotations}
	}
	ctrl := true
	owned := meta(nil, nil)
	owned.OwnerReferences = []metav1.OwnerReference{{Kind: "DeploymentConfig", Name: "web", UID: "u1", Controller: &ctrl}}
	for _, tc := range []struct {
		name string
		obj  any
		want []string
	}{
		{"rc named by nothing", &corev1.ReplicationController{ObjectMeta: meta(nil, nil)}, nil},
		{"rc labelled", &corev1.ReplicationController{ObjectMeta: meta(map[string]string{dcplan.LabelConfigName: "web"}, nil)}, []string{"shop/web"}},
		{"rc annotated", &corev1.ReplicationController{ObjectMeta: meta(nil, map[string]string{dcplan.AnnotationConfigName: "web"})}, []string{"shop/web"}},
		{"rc labelled and annotated", &corev1.ReplicationController{ObjectMeta: meta(map[string]string{dcplan.LabelConfigName: "web"},
			map[string]string{dcplan.AnnotationConfigName: "web"})}, []string{"shop/web"}},
		{"rc labelled and annotated apart", &corev1.ReplicationController{ObjectMeta: meta(map[string]string{dcplan.LabelConfigName: "web"},
			map[string]string{dcplan.AnnotationConfigName: "api"})}, []string{"shop/web", "shop/api"}},
		{"rc controlled", &corev1.ReplicationController{ObjectMeta: owned}, []string{"uid:u1"}},
		{"pod named by nothing", &corev1.Pod{ObjectMeta: meta(nil, nil)}, nil},
		{"pod labelled", &corev1.Pod{ObjectMeta: meta(map[string]string{dcplan.LabelDeployerPodFor: "web-1"}, nil)}, []string{"shop/web-1"}},
		{"pod annotated", &corev1.Pod{ObjectMeta: meta(nil, map[string]string{dcplan.AnnotationDeploymentName: "web-1"})}, []string{"shop/web-1"}},
		{"pod labelled and annotated", &corev1.Pod{ObjectMeta: meta(map[string]string{dcplan.LabelDeployerPodFor: "web-1"},
			map[string]string{dcplan.AnnotationDeploymentName: "web-1"})}, []string{"shop/web-1"}},
		{"pod labelled and annotated apart", &corev1.Pod{ObjectMeta: meta(map[string]string{dcplan.LabelDeployerPodFor: "web-1"},
			map[string]string{dcplan.AnnotationDeploymentName: "web-2"})}, []string{"shop/web-1", "shop/web-2"}},
	} {
		index := indexRC
		if _, ok := tc.obj.(*corev1.Pod); ok {
			index = indexPod
		}
		got, err := index(tc.obj)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s: keys (-want +got):\n%s", tc.name, d)
		}
	}
}

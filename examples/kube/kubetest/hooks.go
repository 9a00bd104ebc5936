package kubetest

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
)

// hookSuffix names the pre hook pod of an RC: <rc>-hook-pre.
const hookSuffix = "-hook-pre"

// isHook reports whether p is a hook pod: labelled for an RC, not its
// deployer pod.
func isHook(p *corev1.Pod) bool {
	rc := p.Labels[dcplan.LabelDeployerPodFor]
	return rc != "" && p.Name != rc+"-deploy"
}

// preHookDone runs the pre hook of RC rc as the deployer image does: when
// the DC the RC encodes has one (strategy.recreateParams.pre), it creates
// the hook pod <rc>-hook-pre once, with no owner (the deployer controller
// adopts it: a patch of the pod, which RBAC must grant), and reports true
// once that pod has succeeded; without a hook it reports true.
func (k *Kubelet) preHookDone(ctx context.Context, rc string, deployer *corev1.Pod) bool {
	pods := k.kube.CoreV1().Pods(k.ns)
	hook, err := pods.Get(ctx, rc+hookSuffix, metav1.GetOptions{})
	if err == nil {
		return hook.Status.Phase == corev1.PodSucceeded
	}
	r, err := k.kube.CoreV1().ReplicationControllers(k.ns).Get(ctx, rc, metav1.GetOptions{})
	if err != nil {
		return false
	}
	var dc struct {
		Spec struct {
			Strategy struct {
				RecreateParams *struct {
					Pre *json.RawMessage `json:"pre"`
				} `json:"recreateParams"`
			} `json:"strategy"`
		} `json:"spec"`
	}
	// An RC without a readable encoded DC has no hook to run.
	err = json.Unmarshal([]byte(r.Annotations[dcplan.AnnotationEncodedConfig]), &dc)
	if p := dc.Spec.Strategy.RecreateParams; err != nil || p == nil || p.Pre == nil {
		return true
	}
	image := ""
	if cs := r.Spec.Template; cs != nil && len(cs.Spec.Containers) > 0 {
		image = cs.Spec.Containers[0].Image
	}
	hook = &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: rc + hookSuffix,
			Labels:      map[string]string{dcplan.LabelDeployerPodFor: rc, "openshift.io/deployer-pod.type": "hook-pre"},
			Annotations: map[string]string{dcplan.AnnotationDeploymentName: rc}},
		Spec: corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, ServiceAccountName: deployer.Spec.ServiceAccountName,
			Containers: []corev1.Container{{Name: "lifecycle", Image: image}}},
	}
	_, _ = pods.Create(ctx, hook, metav1.CreateOptions{})
	return false
}

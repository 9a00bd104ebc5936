package kubetest

import (
	"context"
	"strconv"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
)

// deploy does the deployer's work for RC target of DC dc through the
// scale subresource: the target to its desired replicas, the DC's other
// RCs to zero. It reports whether every write succeeded.
func (k *Kubelet) deploy(ctx context.Context, dc, target string) bool {
	rcs := k.kube.CoreV1().ReplicationControllers(k.ns)
	list, err := rcs.List(ctx, metav1.ListOptions{LabelSelector: dcplan.LabelConfigName + "=" + dc})
	if err != nil {
		return false
	}
	for i := range list.Items {
		rc := &list.Items[i]
		want := int32(0)
		if rc.Name == target {
			n, err := strconv.Atoi(rc.Annotations[dcplan.AnnotationDesiredReplicas])
			if err != nil {
				return false
			}
			want = int32(n)
		}
		if replicas(rc) == want {
			continue
		}
		scale := &autoscalingv1.Scale{ObjectMeta: metav1.ObjectMeta{Name: rc.Name, Namespace: k.ns, ResourceVersion: rc.ResourceVersion},
			Spec: autoscalingv1.ScaleSpec{Replicas: want}}
		if _, err := rcs.UpdateScale(ctx, rc.Name, scale, metav1.UpdateOptions{}); err != nil {
			return false
		}
	}
	return true
}

// syncStatus makes every RC's status follow its spec.
func (k *Kubelet) syncStatus(ctx context.Context) {
	rcs := k.kube.CoreV1().ReplicationControllers(k.ns)
	list, err := rcs.List(ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	for i := range list.Items {
		rc := list.Items[i].DeepCopy()
		want := replicas(rc)
		st := &rc.Status
		if st.Replicas == want && st.ReadyReplicas == want && st.AvailableReplicas == want && st.ObservedGeneration == rc.Generation {
			continue
		}
		st.Replicas, st.ReadyReplicas, st.AvailableReplicas, st.FullyLabeledReplicas = want, want, want, want
		st.ObservedGeneration = rc.Generation
		_, _ = rcs.UpdateStatus(ctx, rc, metav1.UpdateOptions{})
	}
}

// replicas is an RC's spec.replicas, 1 when unset (the API server's
// default).
func replicas(rc *corev1.ReplicationController) int32 {
	if rc.Spec.Replicas == nil {
		return 1
	}
	return *rc.Spec.Replicas
}

package kubetest

import (
	"fmt"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	clienttesting "k8s.io/client-go/testing"
)

// scale serves replicationcontrollers/scale as the API server does: a get
// answers the RC's autoscaling/v1 Scale; an update writes the RC's
// spec.replicas alone, with the Scale's resourceVersion (when set) as its
// precondition, and answers the stored RC's Scale.
func (s *subresources) scale(action clienttesting.Action) (bool, runtime.Object, error) {
	gvr, ns := action.GetResource(), action.GetNamespace()
	switch a := action.(type) {
	case clienttesting.GetAction:
		obj, err := s.t.ObjectTracker.Get(gvr, ns, a.GetName())
		if err != nil {
			return true, nil, err
		}
		return true, scaleOf(obj.(*corev1.ReplicationController)), nil
	case clienttesting.UpdateAction:
		sc, ok := a.GetObject().(*autoscalingv1.Scale)
		if !ok {
			return true, nil, apierrors.NewBadRequest(fmt.Sprintf("replicationcontrollers/scale takes an autoscaling/v1 Scale, not %T", a.GetObject()))
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		obj, err := s.t.ObjectTracker.Get(gvr, ns, sc.Name)
		if err != nil {
			return true, nil, err
		}
		rc := obj.(*corev1.ReplicationController).DeepCopy()
		rc.Spec.Replicas = &sc.Spec.Replicas
		rc.ResourceVersion = sc.ResourceVersion
		if err := s.t.Update(gvr, rc, ns); err != nil {
			return true, nil, err
		}
		stored, err := s.t.ObjectTracker.Get(gvr, ns, sc.Name)
		if err != nil {
			return true, nil, err
		}
		return true, scaleOf(stored.(*corev1.ReplicationController)), nil
	}
	return true, nil, apierrors.NewMethodNotSupported(gvr.GroupResource(), action.GetVerb())
}

// scaleOf is the Scale the API server answers for rc.
func scaleOf(rc *corev1.ReplicationController) *autoscalingv1.Scale {
	return &autoscalingv1.Scale{
		ObjectMeta: metav1.ObjectMeta{Name: rc.Name, Namespace: rc.Namespace, UID: rc.UID,
			ResourceVersion: rc.ResourceVersion, CreationTimestamp: rc.CreationTimestamp},
		Spec:   autoscalingv1.ScaleSpec{Replicas: replicas(rc)},
		Status: autoscalingv1.ScaleStatus{Replicas: rc.Status.Replicas, Selector: labels.SelectorFromSet(rc.Spec.Selector).String()},
	}
}

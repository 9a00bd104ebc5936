package kubetest

import (
	"encoding/json"
	"reflect"
	"sync"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	clienttesting "k8s.io/client-go/testing"
)

// subresources is the reaction of a Cluster's clientset: the tracker's
// (clienttesting.ObjectReaction) over what a client's JSON would carry
// (onTheWire), told which subresource each write is for, so that the
// tracker separates status from the rest as a server with status
// subresources does (see rvTracker.separate), and, when the cluster
// serves DCs as a CRD, strategic-merge patches of DCs refused.
type subresources struct {
	// mu serializes the writes through t, whose sub field they set.
	mu    sync.Mutex
	t     *rvTracker
	react clienttesting.ReactionFunc
}

func newSubresources(t *rvTracker) *subresources {
	return &subresources{t: t, react: clienttesting.ObjectReaction(t)}
}

// React serves action.
func (s *subresources) React(action clienttesting.Action) (bool, runtime.Object, error) {
	if p, ok := action.(clienttesting.PatchAction); ok && s.t.crd.Load() && action.GetResource().Resource == "deploymentconfigs" &&
		p.GetPatchType() == types.StrategicMergePatchType {
		return true, nil, unsupportedMediaType()
	}
	if action.GetResource().Resource == "replicationcontrollers" && action.GetSubresource() == "scale" {
		return s.scale(action)
	}
	switch action.GetVerb() {
	case "create", "update", "patch":
	default:
		return s.react(action)
	}
	action = onTheWire(action)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t.sub, s.t.emptied = action.GetSubresource(), nil
	handled, obj, err := s.react(action)
	s.t.sub = ""
	if emptied := s.t.emptied; emptied != nil {
		// The write removed the last finalizer of an object marked for
		// deletion, which went with it: the server answers the object
		// as the write left it (the tracker, which would read it back,
		// answers NotFound).
		s.t.emptied = nil
		return true, emptied, nil
	}
	if p, ok := action.(clienttesting.PatchAction); ok && err == nil && obj != nil {
		// The tracker's patch answers the patched object before the
		// write was stamped; a server answers what it stored.
		if stored, gerr := s.t.ObjectTracker.Get(action.GetResource(), action.GetNamespace(), p.GetName()); gerr == nil {
			obj = stored
		}
	}
	return handled, obj, err
}

// onTheWire returns a create or an update with its object as a server
// decodes it from what a typed client sends: JSON, so metav1.Time in whole
// seconds (RFC 3339), however fine the client's clock.
func onTheWire(action clienttesting.Action) clienttesting.Action {
	switch a := action.(type) {
	case clienttesting.CreateActionImpl:
		if o, ok := roundTrip(a.Object); ok {
			a.Object = o
		}
		return a
	case clienttesting.UpdateActionImpl:
		if o, ok := roundTrip(a.Object); ok {
			a.Object = o
		}
		return a
	}
	return action
}

// roundTrip is obj encoded to JSON and decoded into a new object of its
// type; false when either fails.
func roundTrip(obj runtime.Object) (runtime.Object, bool) {
	if obj == nil {
		return nil, false
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, false
	}
	out, ok := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(runtime.Object)
	if !ok || json.Unmarshal(data, out) != nil {
		return nil, false
	}
	return out, true
}

// unsupportedMediaType is a CRD's answer to a strategic-merge patch.
func unsupportedMediaType() error {
	return &apierrors.StatusError{ErrStatus: metav1.Status{Status: metav1.StatusFailure, Code: 415,
		Reason:  metav1.StatusReasonUnsupportedMediaType,
		Message: "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml"}}
}

// separate makes obj, a write over the stored cur, what a server with
// status subresources stores: a write of the main resource keeps cur's
// status (OpenShift's DC strategy, but not a CRD, keeps a latestVersion
// one above the stored one, for old clients' `oc rollout latest`); a
// write of /status keeps everything of cur but the status (a CRD), cur's
// spec and labels (OpenShift's DCs) or cur's spec (the built-in
// resources). It returns obj or its replacement. sub is the write's
// subresource.
func (t *rvTracker) separate(sub string, cur, obj runtime.Object) runtime.Object {
	switch o := obj.(type) {
	case *appsv1.DeploymentConfig:
		c := cur.(*appsv1.DeploymentConfig)
		switch sub {
		case "":
			bump := !t.crd.Load() && o.Status.LatestVersion == c.Status.LatestVersion+1
			o.Status = *c.Status.DeepCopy()
			if bump {
				o.Status.LatestVersion++
			}
		case "status":
			if t.crd.Load() {
				keep := c.DeepCopy()
				keep.Status, keep.ResourceVersion = o.Status, o.ResourceVersion
				return keep
			}
			// OpenShift's status strategy keeps the labels too.
			o.Spec, o.Labels = *c.Spec.DeepCopy(), c.Labels
		}
	case *corev1.ReplicationController:
		c := cur.(*corev1.ReplicationController)
		switch sub {
		case "":
			o.Status = *c.Status.DeepCopy()
		case "status":
			o.Spec = *c.Spec.DeepCopy()
		}
	case *corev1.Pod:
		c := cur.(*corev1.Pod)
		switch sub {
		case "":
			o.Status = *c.Status.DeepCopy()
		case "status":
			// pods/status touches neither the spec nor the owners.
			o.Spec = *c.Spec.DeepCopy()
			o.OwnerReferences = c.OwnerReferences
		}
	}
	return obj
}

// created makes obj, a create, what a server stores: no status on an RC,
// a pod Pending with no other status, a DC with no status; OpenShift's
// DC strategy (openshift-apiserver's PrepareForCreate), but not a CRD,
// also clears the lastTriggeredImage of its image change triggers.
func (t *rvTracker) created(obj runtime.Object) {
	switch o := obj.(type) {
	case *corev1.ReplicationController:
		o.Status = corev1.ReplicationControllerStatus{}
	case *corev1.Pod:
		o.Status = corev1.PodStatus{Phase: corev1.PodPending}
	case *appsv1.DeploymentConfig:
		o.Status = appsv1.DeploymentConfigStatus{}
		if !t.crd.Load() {
			for i := range o.Spec.Triggers {
				if p := o.Spec.Triggers[i].ImageChangeParams; p != nil {
					p.LastTriggeredImage = ""
				}
			}
		}
	}
}

package kube

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	appsv1 "github.com/openshift/api/apps/v1"
	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/record"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Client is a wire.Client over the typed clientsets: it sends each
// wire.Request once with client-go (replication controllers and pods with
// Kube, deployment configs, their status and instantiate subresources with
// Apps) and records VerbEvent requests with Recorder, with the event's
// exact type, reason and message. The recorder stamps each event with the
// wall clock when it records it, as upstream's recorder does: client-go's
// EventRecorder takes no time, so Event.Time (the snapshot's now) is not
// used, and neither an injected Options.Now. The involved object carries
// no resourceVersion (dcplan.ObjectRef has none), where upstream's
// reference names the cached object's; event aggregation does not use it.
//
// Request bodies are JSON of the typed objects; Client unmarshals them into
// the client-go types and lets the clientset serialise them, so what
// reaches the server is the same object, as far as those types know its
// fields: a field of a newer API than theirs is dropped. Every API status answer comes
// back as a *wire.StatusError (see StatusError); anything else is a
// transport error, returned as client-go returned it (not wrapped: its
// text is the failure's message, as upstream's events and errors carry
// it). A request Client cannot send is an error wrapping ErrUnsupported,
// a body that does not decode into its type one wrapping the decode
// error.
type Client struct {
	Kube kubernetes.Interface
	Apps appsclient.Interface
	// Recorder records events; nil drops them.
	Recorder record.EventRecorder
	// MergePatchConfigs sends DeploymentConfig patches (oc rollout pause
	// and resume) as JSON merge patches instead of the strategic-merge
	// patches wire plans: a DC served by a CustomResourceDefinition
	// (deploy/crd/deploymentconfigs.yaml) refuses strategic merge with 415 Unsupported Media
	// Type. The patches wire plans for DCs mean the same in both.
	MergePatchConfigs bool
}

var _ wire.Client = (*Client)(nil)

// ErrUnsupported reports a request Client cannot send.
var ErrUnsupported = errors.New("kube: unsupported request")

// Do sends r once and returns the stamps of the object the server
// answered with (wire.Written: its resourceVersion and
// creationTimestamp; zero for a delete or an event).
func (c *Client) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	if r.Verb == wire.VerbEvent {
		if r.Event != nil && c.Recorder != nil {
			ref := &corev1.ObjectReference{Kind: r.Event.Object.Kind, Namespace: r.Event.Object.Namespace, Name: r.Event.Object.Name,
				UID: types.UID(r.Event.Object.UID)}
			switch ref.Kind {
			case "DeploymentConfig":
				ref.APIVersion = appsv1.GroupVersion.String()
			case "ReplicationController":
				ref.APIVersion = "v1"
			}
			c.Recorder.Event(ref, r.Event.Type, r.Event.Reason, r.Event.Message)
		}
		return wire.Written{}, nil
	}
	var w wire.Written
	var err error
	switch r.Resource {
	case wire.ResourceRCs:
		w, err = c.doRC(ctx, r)
	case wire.ResourcePods:
		w, err = c.doPod(ctx, r)
	case wire.ResourceConfigs:
		w, err = c.doConfig(ctx, r)
	default:
		err = ErrUnsupported
	}
	if errors.Is(err, ErrUnsupported) {
		return wire.Written{}, fmt.Errorf("%w: %s %s/%s %s/%s", ErrUnsupported, r.Verb, r.Resource, r.Subresource, r.Namespace, r.Name)
	}
	if err != nil {
		return wire.Written{}, StatusError(err)
	}
	return w, nil
}

// answer is the wire.Written of obj, the object a write returned, or err.
func answer(obj metav1.Object, err error) (wire.Written, error) {
	if err != nil {
		return wire.Written{}, err
	}
	return wire.Written{ResourceVersion: obj.GetResourceVersion(), Created: obj.GetCreationTimestamp().Time}, nil
}

func (c *Client) doRC(ctx context.Context, r wire.Request) (wire.Written, error) {
	rcs := c.Kube.CoreV1().ReplicationControllers(r.Namespace)
	switch {
	case r.Subresource != "":
		return wire.Written{}, ErrUnsupported
	case r.Verb == wire.VerbCreate:
		var rc corev1.ReplicationController
		if err := unmarshal(r, &rc); err != nil {
			return wire.Written{}, err
		}
		return answer(rcs.Create(ctx, &rc, metav1.CreateOptions{}))
	case r.Verb == wire.VerbUpdate:
		var rc corev1.ReplicationController
		if err := unmarshal(r, &rc); err != nil {
			return wire.Written{}, err
		}
		return answer(rcs.Update(ctx, &rc, metav1.UpdateOptions{}))
	case r.Verb == wire.VerbPatch:
		return answer(rcs.Patch(ctx, r.Name, types.PatchType(r.PatchType), r.Patch, metav1.PatchOptions{}))
	case r.Verb == wire.VerbDelete:
		return wire.Written{}, rcs.Delete(ctx, r.Name, deleteOptions(r.Delete))
	}
	return wire.Written{}, ErrUnsupported
}

func (c *Client) doPod(ctx context.Context, r wire.Request) (wire.Written, error) {
	pods := c.Kube.CoreV1().Pods(r.Namespace)
	switch {
	case r.Subresource != "":
		return wire.Written{}, ErrUnsupported
	case r.Verb == wire.VerbCreate:
		var pod corev1.Pod
		if err := unmarshal(r, &pod); err != nil {
			return wire.Written{}, err
		}
		return answer(pods.Create(ctx, &pod, metav1.CreateOptions{}))
	case r.Verb == wire.VerbUpdate:
		var pod corev1.Pod
		if err := unmarshal(r, &pod); err != nil {
			return wire.Written{}, err
		}
		return answer(pods.Update(ctx, &pod, metav1.UpdateOptions{}))
	case r.Verb == wire.VerbPatch:
		return answer(pods.Patch(ctx, r.Name, types.PatchType(r.PatchType), r.Patch, metav1.PatchOptions{}))
	case r.Verb == wire.VerbDelete:
		return wire.Written{}, pods.Delete(ctx, r.Name, deleteOptions(r.Delete))
	}
	return wire.Written{}, ErrUnsupported
}

func (c *Client) doConfig(ctx context.Context, r wire.Request) (wire.Written, error) {
	dcs := c.Apps.AppsV1().DeploymentConfigs(r.Namespace)
	switch {
	case r.Verb == wire.VerbCreate && r.Subresource == wire.SubresourceInstantiate:
		var req appsv1.DeploymentRequest
		if err := unmarshal(r, &req); err != nil {
			return wire.Written{}, err
		}
		return answer(dcs.Instantiate(ctx, r.Name, &req, metav1.CreateOptions{}))
	case r.Verb == wire.VerbUpdate && (r.Subresource == "" || r.Subresource == wire.SubresourceStatus):
		var dc appsv1.DeploymentConfig
		if err := unmarshal(r, &dc); err != nil {
			return wire.Written{}, err
		}
		if r.Subresource == wire.SubresourceStatus {
			return answer(dcs.UpdateStatus(ctx, &dc, metav1.UpdateOptions{}))
		}
		return answer(dcs.Update(ctx, &dc, metav1.UpdateOptions{}))
	case r.Verb == wire.VerbPatch && r.Subresource == "":
		pt := types.PatchType(r.PatchType)
		if c.MergePatchConfigs && pt == types.StrategicMergePatchType {
			pt = types.MergePatchType
		}
		return answer(dcs.Patch(ctx, r.Name, pt, r.Patch, metav1.PatchOptions{FieldManager: r.FieldManager}))
	}
	return wire.Written{}, ErrUnsupported
}

// Get reads one object as JSON, with its kind and apiVersion.
func (c *Client) Get(ctx context.Context, resource, namespace, name string) ([]byte, error) {
	var obj any
	var err error
	switch resource {
	case wire.ResourceConfigs:
		var dc *appsv1.DeploymentConfig
		dc, err = c.Apps.AppsV1().DeploymentConfigs(namespace).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			dc.Kind, dc.APIVersion = "DeploymentConfig", appsv1.GroupVersion.String()
			obj = dc
		}
	case wire.ResourceRCs:
		var rc *corev1.ReplicationController
		rc, err = c.Kube.CoreV1().ReplicationControllers(namespace).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			rc.Kind, rc.APIVersion = "ReplicationController", "v1"
			obj = rc
		}
	case wire.ResourcePods:
		var pod *corev1.Pod
		pod, err = c.Kube.CoreV1().Pods(namespace).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			pod.Kind, pod.APIVersion = "Pod", "v1"
			obj = pod
		}
	default:
		return nil, fmt.Errorf("%w: get %s", ErrUnsupported, resource)
	}
	if err != nil {
		return nil, StatusError(err)
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("kube: get %s %s/%s: %w", resource, namespace, name, err)
	}
	return data, nil
}

// StatusError returns err as wire expects a client's errors: nil for nil,
// a *wire.StatusError with the API status reason, code and err's text for
// an API status error (client-go's *errors.StatusError and anything that
// wraps one), and err itself otherwise (a transport error).
func StatusError(err error) error {
	if err == nil {
		return nil
	}
	var st apierrors.APIStatus
	if !errors.As(err, &st) {
		return err
	}
	s := st.Status()
	return &wire.StatusError{Reason: dcplan.StatusReason(s.Reason), Code: s.Code, Message: err.Error()}
}

// unmarshal decodes the body of r into obj.
func unmarshal(r wire.Request, obj any) error {
	if err := json.Unmarshal(r.Body, obj); err != nil {
		return fmt.Errorf("kube: %s %s %s/%s: body: %w", r.Verb, r.Resource, r.Namespace, r.Name, err)
	}
	return nil
}

// deleteOptions returns the client-go options of a delete request.
func deleteOptions(o wire.DeleteOptions) metav1.DeleteOptions {
	var out metav1.DeleteOptions
	if o.PropagationPolicy != "" {
		p := metav1.DeletionPropagation(o.PropagationPolicy)
		out.PropagationPolicy = &p
	}
	if o.HasGracePeriod {
		g := o.GracePeriodSeconds
		out.GracePeriodSeconds = &g
	}
	if pc := o.Preconditions; pc != (wire.Preconditions{}) {
		out.Preconditions = &metav1.Preconditions{}
		if pc.UID != "" {
			uid := types.UID(pc.UID)
			out.Preconditions.UID = &uid
		}
		if pc.ResourceVersion != "" {
			rv := pc.ResourceVersion
			out.Preconditions.ResourceVersion = &rv
		}
	}
	return out
}

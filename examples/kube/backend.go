package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// The resources the adapter reads and writes.
var (
	dcResource    = schema.GroupVersionResource{Group: "apps.openshift.io", Version: "v1", Resource: "deploymentconfigs"}
	rcResource    = schema.GroupVersionResource{Version: "v1", Resource: "replicationcontrollers"}
	podResource   = schema.GroupVersionResource{Version: "v1", Resource: "pods"}
	eventResource = schema.GroupVersionResource{Version: "v1", Resource: "events"}
)

// Backend applies dcplan actions to a cluster through a dynamic client, in
// one namespace. Every update is a read-modify-write: read the live object,
// check the action's precondition (its Check method), apply its effect
// (ApplyTo) through the dcplan codec, and write the object back under the
// resource version it read, so that a concurrent writer makes the write
// fail with a conflict instead of being overwritten. API errors come back
// wrapping dcplan.ErrConflict, ErrNotFound or ErrAlreadyExists, which is
// what the planners' adapter contract branches on.
type Backend struct {
	Client    dynamic.Interface
	Namespace string
	// Component is the event source ("deploymentconfig-controller").
	Component string
	// Now stamps events; time.Now when nil.
	Now func() time.Time

	events uint64 // events recorded, which keeps event names unique
}

var _ dcplan.Backend = (*Backend)(nil)

// apiError maps a Kubernetes API error onto the dcplan sentinels.
func apiError(what string, err error) error {
	switch {
	case err == nil:
		return nil
	case apierrors.IsConflict(err):
		return fmt.Errorf("kube: %s: %w: %w", what, dcplan.ErrConflict, err)
	case apierrors.IsNotFound(err):
		return fmt.Errorf("kube: %s: %w: %w", what, dcplan.ErrNotFound, err)
	case apierrors.IsAlreadyExists(err):
		return fmt.Errorf("kube: %s: %w: %w", what, dcplan.ErrAlreadyExists, err)
	}
	return fmt.Errorf("kube: %s: %w", what, err)
}

// jsonOf and objectOf convert between unstructured objects and the JSON the
// dcplan codec reads and writes.
func jsonOf(u *unstructured.Unstructured) ([]byte, error) { return u.MarshalJSON() }

func objectOf(data []byte) (*unstructured.Unstructured, error) {
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return u, nil
}

// codec is how one kind of object goes between the API server's JSON and
// its dcplan type.
type codec[T any] struct {
	resource schema.GroupVersionResource
	kind     string
	decode   func([]byte) (T, error)
	encode   func(T) ([]byte, error)
}

var (
	rcCodec     = codec[dcplan.Deployment]{rcResource, "rc", wire.DecodeDeployment, wire.EncodeDeployment}
	podCodec    = codec[dcplan.Pod]{podResource, "pod", wire.DecodePod, wire.EncodePodObject}
	configCodec = codec[dcplan.Config]{dcResource, "dc", wire.DecodeConfig, wire.EncodeConfig}
)

// write describes one read-modify-write: check the live object, edit it,
// then (optionally) edit its JSON, and write it back, to the status
// subresource when status is set.
type write[T any] struct {
	check  func(*T) error
	edit   func(*T)
	wire   func(*unstructured.Unstructured) error
	status bool
}

// update is the read-modify-write of object name: read it, decode it,
// check the action's precondition (ErrNoop: nothing to write), apply the
// edit, encode it and write it back under the resource version it was read
// at, so that a concurrent writer makes this write fail with a conflict.
func update[T any](ctx context.Context, b *Backend, c codec[T], name string, w write[T]) error {
	what := c.kind + " " + b.Namespace + "/" + name
	res := b.Client.Resource(c.resource).Namespace(b.Namespace)
	live, err := res.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return apiError(what, err)
	}
	u, err := rewrite(live, c, w)
	if errors.Is(err, dcplan.ErrNoop) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("kube: %s: %w", what, err)
	}
	if w.status {
		_, err = res.UpdateStatus(ctx, u, metav1.UpdateOptions{})
	} else {
		_, err = res.Update(ctx, u, metav1.UpdateOptions{})
	}
	return apiError(what, err)
}

// decodeLive reads a live object through the dcplan codec.
func decodeLive[T any](live *unstructured.Unstructured, c codec[T]) (T, error) {
	data, err := jsonOf(live)
	if err != nil {
		var zero T
		return zero, err
	}
	return c.decode(data)
}

// rewrite is the modify step of update: the live object as w leaves it.
func rewrite[T any](live *unstructured.Unstructured, c codec[T], w write[T]) (*unstructured.Unstructured, error) {
	obj, err := decodeLive(live, c)
	if err != nil {
		return nil, err
	}
	if err := w.check(&obj); err != nil {
		return nil, err
	}
	w.edit(&obj)
	data, err := c.encode(obj)
	if err != nil {
		return nil, err
	}
	u, err := objectOf(data)
	if err != nil {
		return nil, err
	}
	if w.wire != nil {
		if err := w.wire(u); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// create creates the object of kind c that data encodes; err is the
// encoding's error.
func create[T any](ctx context.Context, b *Backend, c codec[T], name string, data []byte, err error) error {
	what := c.kind + " " + b.Namespace + "/" + name
	if err != nil {
		return fmt.Errorf("kube: %s: %w", what, err)
	}
	u, err := objectOf(data)
	if err != nil {
		return fmt.Errorf("kube: %s: %w", what, err)
	}
	_, err = b.Client.Resource(c.resource).Namespace(b.Namespace).Create(ctx, u, metav1.CreateOptions{})
	return apiError(what, err)
}

// AdoptRC sets the DC as the controller of an orphan RC.
func (b *Backend) AdoptRC(ctx context.Context, a dcplan.Adopt) error {
	return update(ctx, b, rcCodec, a.RC, write[dcplan.Deployment]{check: a.Check, edit: a.ApplyTo})
}

// ReleaseRC drops the DC's controller reference from an RC.
func (b *Backend) ReleaseRC(ctx context.Context, a dcplan.Release) error {
	return update(ctx, b, rcCodec, a.RC, write[dcplan.Deployment]{check: a.Check, edit: a.ApplyTo})
}

// UpdateConfig writes the DC spec fields a names (the API server bumps
// metadata.generation).
func (b *Backend) UpdateConfig(ctx context.Context, a dcplan.ConfigUpdate) error {
	return update(ctx, b, configCodec, a.Config, write[dcplan.Config]{check: a.Check, edit: func(c *dcplan.Config) { a.ApplyTo(c) }})
}

// CreatePod creates the deployer pod a describes.
func (b *Backend) CreatePod(ctx context.Context, a dcplan.CreatePod) error {
	// The pod copies fields of its RC's pod template (SPEC 4.5).
	live, err := b.Client.Resource(rcResource).Namespace(b.Namespace).Get(ctx, a.Pod.RC, metav1.GetOptions{})
	if err != nil {
		return apiError("rc "+b.Namespace+"/"+a.Pod.RC, err)
	}
	raw, err := live.MarshalJSON()
	if err != nil {
		return fmt.Errorf("kube: rc %s/%s: %w", b.Namespace, a.Pod.RC, err)
	}
	rc, err := wire.DecodeDeployment(raw)
	if err != nil {
		return fmt.Errorf("kube: rc %s/%s: %w", b.Namespace, a.Pod.RC, err)
	}
	data, err := wire.EncodePod(a.Pod, rc.Template)
	return create(ctx, b, podCodec, a.Pod.Name, data, err)
}

// SetPodOwner adds the RC as the owner of a pod.
func (b *Backend) SetPodOwner(ctx context.Context, a dcplan.SetPodOwner) error {
	return update(ctx, b, podCodec, a.Pod, write[dcplan.Pod]{check: a.Check, edit: a.ApplyTo})
}

// SetPodDeadline sets a pod's activeDeadlineSeconds.
func (b *Backend) SetPodDeadline(ctx context.Context, a dcplan.SetPodDeadline) error {
	return update(ctx, b, podCodec, a.Pod, write[dcplan.Pod]{check: a.Check, edit: a.ApplyTo})
}

// DeletePod deletes a pod, with a zero grace period when a asks for one.
func (b *Backend) DeletePod(ctx context.Context, a dcplan.DeletePod) error {
	opts := metav1.DeleteOptions{}
	if a.GracePeriodZero {
		zero := int64(0)
		opts.GracePeriodSeconds = &zero
	}
	err := b.Client.Resource(podResource).Namespace(b.Namespace).Delete(ctx, a.Pod, opts)
	return apiError("pod "+b.Namespace+"/"+a.Pod, err)
}

// CreateRC creates the RC a carries.
func (b *Backend) CreateRC(ctx context.Context, a dcplan.CreateRC) error {
	rc := a.Deployment
	if rc.Encoded != nil {
		// The RC upstream creates, rendered from the DC it encodes.
		full, err := wire.NewDeployment(*rc.Encoded)
		if err != nil {
			return fmt.Errorf("kube: rc %s/%s: %w", b.Namespace, rc.Name, err)
		}
		rc = full
	}
	data, err := wire.EncodeDeployment(rc)
	return create(ctx, b, rcCodec, a.Deployment.Name, data, err)
}

// CancelRC marks an RC cancelled.
func (b *Backend) CancelRC(ctx context.Context, a dcplan.Cancel) error {
	return update(ctx, b, rcCodec, a.RC, write[dcplan.Deployment]{check: a.Check, edit: a.ApplyTo})
}

// ScaleRC sets an RC's spec.replicas (and the replicas annotation when a
// says so).
func (b *Backend) ScaleRC(ctx context.Context, a dcplan.Scale) error {
	return update(ctx, b, rcCodec, a.RC, write[dcplan.Deployment]{check: a.Check, edit: a.ApplyTo})
}

// TransitionRC moves an RC to its next phase with the annotations a
// carries.
func (b *Backend) TransitionRC(ctx context.Context, a dcplan.Transition) error {
	return update(ctx, b, rcCodec, a.RC, write[dcplan.Deployment]{check: a.Check, edit: a.ApplyTo})
}

// DeleteRC deletes an RC after checking its precondition, under the
// resource version it read.
func (b *Backend) DeleteRC(ctx context.Context, a dcplan.DeleteRC) error {
	what := "rc " + b.Namespace + "/" + a.RC
	rcs := b.Client.Resource(rcResource).Namespace(b.Namespace)
	live, err := rcs.Get(ctx, a.RC, metav1.GetOptions{})
	if err != nil {
		return apiError(what, err)
	}
	d, err := decodeLive(live, rcCodec)
	if err != nil {
		return fmt.Errorf("kube: %s: %w", what, err)
	}
	if err := a.Check(&d); err != nil {
		return fmt.Errorf("kube: %s: %w", what, err)
	}
	rv := live.GetResourceVersion()
	opts := metav1.DeleteOptions{}
	if rv != "" {
		opts.Preconditions = &metav1.Preconditions{ResourceVersion: &rv}
	}
	return apiError(what, rcs.Delete(ctx, a.RC, opts))
}

// UpdateStatus writes the DC status through the status subresource.
func (b *Backend) UpdateStatus(ctx context.Context, a dcplan.StatusUpdate) error {
	return update(ctx, b, configCodec, a.Config, write[dcplan.Config]{
		check: a.Check, edit: func(c *dcplan.Config) { c.Status = a.To.Clone() }, status: true})
}

// RecordEvent creates a core/v1 Event on the object e names.
func (b *Backend) RecordEvent(ctx context.Context, e dcplan.Event) error {
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	at := now().UTC()
	ns := e.Object.Namespace
	if ns == "" {
		ns = b.Namespace
	}
	apiVersion := "v1"
	if e.Object.Kind == "DeploymentConfig" {
		apiVersion = dcResource.GroupVersion().String()
	}
	stamp := at.Format(time.RFC3339)
	b.events++
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1",
		"kind":       "Event",
		"metadata": map[string]any{
			"name":      e.Object.Name + "." + strconv.FormatInt(at.UnixNano(), 16) + strconv.FormatUint(b.events, 16),
			"namespace": ns,
		},
		"involvedObject": map[string]any{
			"apiVersion": apiVersion,
			"kind":       e.Object.Kind,
			"name":       e.Object.Name,
			"namespace":  ns,
		},
		"reason":         e.Reason,
		"message":        e.Message,
		"type":           e.Type.String(),
		"source":         map[string]any{"component": b.Component},
		"firstTimestamp": stamp,
		"lastTimestamp":  stamp,
		"count":          int64(1),
	}}
	_, err := b.Client.Resource(eventResource).Namespace(ns).Create(ctx, u, metav1.CreateOptions{})
	return apiError("event "+e.Reason+" on "+e.Object.Kind+" "+e.Object.Name, err)
}

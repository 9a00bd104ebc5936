package kube

import (
	"encoding/json"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Decoder turns the typed objects client-go holds into dcplan values: it
// marshals an object to JSON and decodes it with wire, the only code that
// reads Kubernetes JSON. Results are cached by (uid, resourceVersion):
// an object the cache has seen at its resourceVersion is not marshalled
// or decoded again, so a pass over unchanged objects decodes nothing.
// Objects without a uid or a resourceVersion are decoded every time.
//
// Decoded values are shared between callers: planners never modify their
// input (dcplan's package contract), and neither may a caller. A Decoder
// is safe for concurrent use; its zero value is ready.
type Decoder struct {
	configs     memo[dcplan.Config]
	deployments memo[dcplan.Deployment]
	pods        memo[dcplan.Pod]
	decodes     atomic.Int64
	hits        atomic.Int64
}

// memo holds the last decoded value of each uid.
type memo[T any] struct {
	mu sync.RWMutex
	m  map[types.UID]entry[T]
}

type entry[T any] struct {
	rv  string
	val T
	err error
}

func (c *memo[T]) get(uid types.UID, rv string) (entry[T], bool) {
	if uid == "" || rv == "" {
		return entry[T]{}, false
	}
	c.mu.RLock()
	e, ok := c.m[uid]
	c.mu.RUnlock()
	return e, ok && e.rv == rv
}

func (c *memo[T]) put(uid types.UID, e entry[T]) {
	if uid == "" || e.rv == "" {
		return
	}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[types.UID]entry[T]{}
	}
	c.m[uid] = e
	c.mu.Unlock()
}

func (c *memo[T]) forget(uid types.UID) {
	c.mu.Lock()
	delete(c.m, uid)
	c.mu.Unlock()
}

func (c *memo[T]) retain(keep func(types.UID) bool) {
	c.mu.Lock()
	maps.DeleteFunc(c.m, func(uid types.UID, _ entry[T]) bool { return !keep(uid) })
	c.mu.Unlock()
}

func (c *memo[T]) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

// decode returns the cached value of an object at its resourceVersion, or
// marshals obj and decodes it with dec, caching the result (errors too:
// an object that does not decode at one resourceVersion never will).
func decode[T any](d *Decoder, c *memo[T], uid types.UID, rv string, obj func() any, dec func([]byte) (T, error)) (T, error) {
	if e, ok := c.get(uid, rv); ok {
		d.hits.Add(1)
		return e.val, e.err
	}
	d.decodes.Add(1)
	data, err := json.Marshal(obj())
	if err != nil {
		var zero T
		return zero, fmt.Errorf("kube: marshal: %w", err)
	}
	v, err := dec(data)
	c.put(uid, entry[T]{rv: rv, val: v, err: err})
	return v, err
}

// Config returns dc as a dcplan.Config (wire.DecodeConfig of its JSON).
func (d *Decoder) Config(dc *appsv1.DeploymentConfig) (dcplan.Config, error) {
	v, err := decode(d, &d.configs, dc.UID, dc.ResourceVersion, func() any {
		obj := *dc
		obj.Kind, obj.APIVersion = "DeploymentConfig", appsv1.GroupVersion.String()
		return &obj
	}, wire.DecodeConfig)
	if err != nil {
		return v, fmt.Errorf("kube: deploymentconfig %s/%s: %w", dc.Namespace, dc.Name, err)
	}
	return v, nil
}

// Deployment returns rc as a dcplan.Deployment (wire.DecodeDeployment of
// its JSON).
func (d *Decoder) Deployment(rc *corev1.ReplicationController) (dcplan.Deployment, error) {
	v, err := decode(d, &d.deployments, rc.UID, rc.ResourceVersion, func() any {
		obj := *rc
		obj.Kind, obj.APIVersion = "ReplicationController", "v1"
		return &obj
	}, wire.DecodeDeployment)
	if err != nil {
		return v, fmt.Errorf("kube: replicationcontroller %s/%s: %w", rc.Namespace, rc.Name, err)
	}
	return v, nil
}

// Pod returns pod as a dcplan.Pod (wire.DecodePod of its JSON).
func (d *Decoder) Pod(pod *corev1.Pod) (dcplan.Pod, error) {
	v, err := decode(d, &d.pods, pod.UID, pod.ResourceVersion, func() any {
		obj := *pod
		obj.Kind, obj.APIVersion = "Pod", "v1"
		return &obj
	}, wire.DecodePod)
	if err != nil {
		return v, fmt.Errorf("kube: pod %s/%s: %w", pod.Namespace, pod.Name, err)
	}
	return v, nil
}

// Forget drops the cached value of the object with uid uid, whatever its
// kind. The controller calls it when an informer reports a delete.
func (d *Decoder) Forget(uid types.UID) {
	d.configs.forget(uid)
	d.deployments.forget(uid)
	d.pods.forget(uid)
}

// Retain drops the cached value of every object whose uid keep rejects:
// a sweep for objects deleted while they were decoded, whose Forget came
// before the value was cached.
func (d *Decoder) Retain(keep func(types.UID) bool) {
	d.configs.retain(keep)
	d.deployments.retain(keep)
	d.pods.retain(keep)
}

// Decodes returns how many objects the Decoder has decoded (cache misses)
// since it was made.
func (d *Decoder) Decodes() int64 { return d.decodes.Load() }

// Hits returns how many times the Decoder found an object decoded at its
// resourceVersion (cache hits) since it was made.
func (d *Decoder) Hits() int64 { return d.hits.Load() }

// Cached returns how many objects the Decoder holds.
func (d *Decoder) Cached() int {
	return d.configs.len() + d.deployments.len() + d.pods.len()
}

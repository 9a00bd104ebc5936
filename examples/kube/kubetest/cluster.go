// Package kubetest is an in-memory OpenShift for tests and demos of the
// kube package: the fake clientsets of client-go and openshift/client-go,
// with an object tracker that enforces resourceVersion (stale writes get
// 409 Conflict), and a Kubelet that runs deployer pods (on a Cluster or on
// a real API server).
//
// Status and the rest are written apart, as a server with status
// subresources writes them (a create drops an RC's or a DC's status,
// and on OpenShift a DC's lastTriggeredImage too, and makes a pod
// Pending; an update keeps the stored status, one
// of /status the stored spec; replicationcontrollers/scale reads and
// writes spec.replicas alone), and ServeDCsAsCRD serves DCs as
// examples/kube/e2e's CustomResourceDefinition does instead of as
// OpenShift. A delete of an object with finalizers marks it
// (deletionTimestamp) and the write that removes its last finalizer
// deletes it. It does not model scheduling, garbage collection (nor the
// finalizers of a foreground or orphan propagation policy), server
// defaults or the rollback or instantiate subresources, and c.Kube and
// c.Apps grant every request (Cluster.Authorize gives clientsets that
// apply RBAC rules).
//
// Usage:
//
//	c := kubetest.NewCluster(time.Now())
//	k := kubetest.NewKubelet(c.Kube, "shop", c.Clock)
//	go k.Run(ctx, 10*time.Millisecond)
//	ctrl := kube.New(c.Kube, c.Apps, kube.Options{})
package kubetest

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	appsfake "github.com/openshift/client-go/apps/clientset/versioned/fake"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
	kubefake "k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/record"
)

// Cluster is a fake API server made of the two fake clientsets. Their
// object trackers stamp uid, resourceVersion, creationTimestamp (Now) and
// generation as a real server does, and answer an update whose
// resourceVersion is not the stored one, and a delete whose preconditions
// the stored object does not meet, with 409 Conflict, and a patch that
// would change an object's uid with 422 Invalid. Discovery lists
// deploymentconfigs in apps.openshift.io/v1. Reactors prepended to the
// clientsets (PrependReactor) run before the tracker and can inject faults.
type Cluster struct {
	Kube *kubefake.Clientset
	Apps *appsfake.Clientset
	// Now is the cluster's clock: created objects get it as their
	// creationTimestamp in whole seconds, as a real API server's answers
	// carry it (RFC 3339), whatever the controller's clock reads.
	Now time.Time

	// crd: DCs are served as a CRD (ServeDCsAsCRD).
	crd *atomic.Bool
}

// NewCluster returns an empty Cluster whose creates are stamped now, in
// whole seconds.
func NewCluster(now time.Time) *Cluster {
	c := &Cluster{Kube: kubefake.NewClientset(), Apps: appsfake.NewClientset(), Now: now, crd: &atomic.Bool{}}
	rv := &atomic.Int64{}
	rv.Store(100)
	var mu sync.Mutex
	for _, f := range []struct {
		fake *clienttesting.Fake
		tr   clienttesting.ObjectTracker
	}{{&c.Kube.Fake, c.Kube.Tracker()}, {&c.Apps.Fake, c.Apps.Tracker()}} {
		wrapped := &rvTracker{ObjectTracker: f.tr, rv: rv, mu: &mu, now: now, crd: c.crd}
		f.fake.ReactionChain = []clienttesting.Reactor{&clienttesting.SimpleReactor{Verb: "*", Resource: "*", Reaction: newSubresources(wrapped).React}}
	}
	c.Apps.Resources = []*metav1.APIResourceList{{GroupVersion: "apps.openshift.io/v1",
		APIResources: []metav1.APIResource{{Name: "deploymentconfigs", Namespaced: true, Kind: "DeploymentConfig"}}}}
	return c
}

// Observed returns clientsets over the cluster's objects that pass every
// request (reads, lists and watches included) to observe before serving it
// as c.Kube and c.Apps do: for tests that check what a client sends, such
// as the RBAC rules it needs, while other clients (a Kubelet) use c.Kube
// and c.Apps unobserved. Discovery answers as c.Apps's does. Reactors
// prepended to c.Kube or c.Apps after the call do not run for requests
// through the returned clientsets. observe must be safe for concurrent
// use.
func (c *Cluster) Observed(observe func(clienttesting.Action)) (*kubefake.Clientset, *appsfake.Clientset) {
	kube, apps := kubefake.NewClientset(), appsfake.NewClientset()
	for _, f := range []struct{ from, to *clienttesting.Fake }{{&c.Kube.Fake, &kube.Fake}, {&c.Apps.Fake, &apps.Fake}} {
		f.to.ReactionChain = append([]clienttesting.Reactor{&clienttesting.SimpleReactor{Verb: "*", Resource: "*",
			Reaction: func(a clienttesting.Action) (bool, runtime.Object, error) { observe(a); return false, nil, nil }}},
			f.from.ReactionChain...)
		f.to.WatchReactionChain = append([]clienttesting.WatchReactor{&clienttesting.SimpleWatchReactor{Resource: "*",
			Reaction: func(a clienttesting.Action) (bool, watch.Interface, error) { observe(a); return false, nil, nil }}},
			f.from.WatchReactionChain...)
	}
	apps.Resources = c.Apps.Resources
	return kube, apps
}

// rvTracker makes the fake clientsets' object tracker behave as an API
// server does with metadata: a create stamps uid, resourceVersion,
// creationTimestamp and generation; an update whose resourceVersion is not
// the stored one fails with 409 Conflict; every write gets a new
// resourceVersion, and a spec change a new generation; a patch carrying
// another uid fails as 422 Invalid (metadata.uid is immutable), and a
// delete whose preconditions name another uid or resourceVersion with 409
// Conflict; a delete of an object with finalizers marks it, and a write
// that leaves it none deletes it (finalize). Status and the rest are written
// apart (created, separate).
type rvTracker struct {
	clienttesting.ObjectTracker
	rv  *atomic.Int64
	mu  *sync.Mutex
	now time.Time
	crd *atomic.Bool
	// sub is the subresource of the write in progress, set by
	// subresources.React around it.
	sub string
	// emptied is the object the write in progress deleted by removing
	// its last finalizer (finalize), for subresources.React's answer.
	emptied runtime.Object
}

func (t *rvTracker) next() string { return strconv.FormatInt(t.rv.Add(1), 10) }

// Create stamps uid, resourceVersion, creationTimestamp and generation.
func (t *rvTracker) Create(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.CreateOptions) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	obj = obj.DeepCopyObject()
	m, err := meta.Accessor(obj)
	if err != nil {
		return err
	}
	n := t.rv.Add(1)
	m.SetUID(types.UID(fmt.Sprintf("00000000-0000-4000-8000-%012d", n)))
	m.SetResourceVersion(strconv.FormatInt(n, 10))
	m.SetCreationTimestamp(metav1.NewTime(t.now.Truncate(time.Second))) // as a server's JSON carries it
	if gvr.Resource != "pods" {
		m.SetGeneration(1)
	}
	if t.sub == "" {
		t.created(obj)
	}
	return t.ObjectTracker.Create(gvr, obj, ns, opts...)
}

// Update fails with Conflict on a stale resourceVersion, and with the
// registry's Invalid on none for a DC (its strategies, unlike an RC's or
// a pod's, allow no unconditional update), else stamps the write.
func (t *rvTracker) Update(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.UpdateOptions) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	obj, err := t.write(gvr, obj, ns, func(m, cm metav1.Object) error {
		if m.GetResourceVersion() == "" && gvr.Resource == "deploymentconfigs" {
			return apierrors.NewInvalid(schema.GroupKind{Group: gvr.Group, Kind: gvr.Resource}, m.GetName(), field.ErrorList{
				field.Invalid(field.NewPath("metadata", "resourceVersion"), uint64(0), "must be specified for an update")})
		}
		if rv := m.GetResourceVersion(); rv != "" && rv != cm.GetResourceVersion() {
			return errors.New("the object has been modified; please apply your changes to the latest version and try again")
		}
		return nil
	})
	if err != nil {
		return err
	}
	if done, err := t.finalize(gvr, obj, ns); done {
		return err
	}
	return t.ObjectTracker.Update(gvr, obj, ns, opts...)
}

// Patch refuses a patch that leaves another uid (its uid precondition:
// the object was deleted and made again) as the API server does, 422
// Invalid for an immutable metadata.uid, else stamps the write.
func (t *rvTracker) Patch(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.PatchOptions) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	obj, err := t.write(gvr, obj, ns, func(m, cm metav1.Object) error {
		if m.GetUID() != cm.GetUID() {
			kind := schema.GroupKind{Group: gvr.Group, Kind: reflect.TypeOf(obj).Elem().Name()}
			return apierrors.NewInvalid(kind, m.GetName(), field.ErrorList{
				field.Invalid(field.NewPath("metadata", "uid"), m.GetUID(), "field is immutable")})
		}
		return nil
	})
	if err != nil {
		return err
	}
	if done, err := t.finalize(gvr, obj, ns); done {
		return err
	}
	return t.ObjectTracker.Patch(gvr, obj, ns, opts...)
}

// finalize deletes obj, a write of an object marked for deletion, when it
// leaves no finalizer, as the API server does, and keeps it in emptied
// for the answer; it reports whether it did.
func (t *rvTracker) finalize(gvr schema.GroupVersionResource, obj runtime.Object, ns string) (bool, error) {
	m, err := meta.Accessor(obj)
	if err != nil || m.GetDeletionTimestamp() == nil || len(m.GetFinalizers()) > 0 {
		return false, nil
	}
	if err := t.ObjectTracker.Delete(gvr, ns, m.GetName()); err != nil {
		return true, err
	}
	t.emptied = obj
	return true, nil
}

// Delete fails with 409 Conflict when a precondition of opts names a uid
// or a resourceVersion the stored object does not have, the uid checked
// first, in the API server's texts (naming the group-qualified kind, as
// its registry does), and leaves the object; else it deletes.
func (t *rvTracker) Delete(gvr schema.GroupVersionResource, ns, name string, opts ...metav1.DeleteOptions) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur, err := t.ObjectTracker.Get(gvr, ns, name)
	if err != nil {
		return err
	}
	cm, err := meta.Accessor(cur)
	if err != nil {
		return err
	}
	for _, o := range opts {
		pc := o.Preconditions
		if pc == nil || pc.UID == nil && pc.ResourceVersion == nil {
			continue
		}
		kind := schema.GroupResource{Group: gvr.Group, Resource: reflect.TypeOf(cur).Elem().Name()}
		if pc.UID != nil && *pc.UID != cm.GetUID() {
			return apierrors.NewConflict(kind, name, fmt.Errorf("the UID in the precondition (%s) does not match the UID in record (%s). "+
				"The object might have been deleted and then recreated", *pc.UID, cm.GetUID()))
		}
		if pc.ResourceVersion != nil && *pc.ResourceVersion != cm.GetResourceVersion() {
			return apierrors.NewConflict(kind, name, fmt.Errorf("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). "+
				"The object might have been modified", *pc.ResourceVersion, cm.GetResourceVersion()))
		}
	}
	if len(cm.GetFinalizers()) > 0 {
		// Held: marked, and deleted by the write that removes its last
		// finalizer (finalize).
		if cm.GetDeletionTimestamp() != nil {
			return nil
		}
		now, zero := metav1.NewTime(t.now.Truncate(time.Second)), int64(0)
		cm.SetDeletionTimestamp(&now)
		cm.SetDeletionGracePeriodSeconds(&zero)
		cm.SetResourceVersion(t.next())
		return t.ObjectTracker.Update(gvr, cur, ns)
	}
	return t.ObjectTracker.Delete(gvr, ns, name, opts...)
}

// write returns a copy of obj stamped as the server stores it over the
// current object (see settle), or the error of the failed check (m is
// obj's metadata, cm the current object's): an API status error as it
// is, any other error as a Conflict. The caller holds t.mu.
func (t *rvTracker) write(gvr schema.GroupVersionResource, obj runtime.Object, ns string, check func(m, cm metav1.Object) error) (runtime.Object, error) {
	obj = obj.DeepCopyObject()
	m, err := meta.Accessor(obj)
	if err != nil {
		return nil, err
	}
	cur, err := t.ObjectTracker.Get(gvr, ns, m.GetName())
	if err != nil {
		return nil, err
	}
	cm, _ := meta.Accessor(cur)
	if err := check(m, cm); err != nil {
		if st := apierrors.APIStatus(nil); errors.As(err, &st) {
			return nil, err
		}
		return nil, apierrors.NewConflict(gvr.GroupResource(), m.GetName(), err)
	}
	obj = t.separate(t.sub, cur, obj)
	t.settle(gvr, cur, obj)
	return obj, nil
}

// settle stamps a write: server-owned metadata from cur, a new
// resourceVersion, generation + 1 when the spec changed or, on OpenShift,
// when an update of a DC moved its status.latestVersion (the bump
// separate keeps: OpenShift's DC update strategy counts it as a change).
func (t *rvTracker) settle(gvr schema.GroupVersionResource, cur, obj runtime.Object) {
	m, _ := meta.Accessor(obj)
	cm, _ := meta.Accessor(cur)
	m.SetUID(cm.GetUID())
	m.SetCreationTimestamp(cm.GetCreationTimestamp())
	m.SetDeletionTimestamp(cm.GetDeletionTimestamp()) // only a delete marks an object
	m.SetDeletionGracePeriodSeconds(cm.GetDeletionGracePeriodSeconds())
	m.SetResourceVersion(t.next())
	m.SetGeneration(cm.GetGeneration())
	if gvr.Resource != "pods" && !equality.Semantic.DeepEqual(spec(cur), spec(obj)) || t.bumped(cur, obj) {
		m.SetGeneration(cm.GetGeneration() + 1)
	}
}

// bumped reports whether obj, an update of the DC cur on OpenShift (not
// of its status, not of a CRD), moved status.latestVersion.
func (t *rvTracker) bumped(cur, obj runtime.Object) bool {
	o, ok1 := obj.(*appsv1.DeploymentConfig)
	c, ok2 := cur.(*appsv1.DeploymentConfig)
	return ok1 && ok2 && t.sub == "" && !t.crd.Load() && o.Status.LatestVersion != c.Status.LatestVersion
}

func spec(obj runtime.Object) any {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil
	}
	return u["spec"]
}

// Clock returns c.Now: the clock of a Kubelet on the cluster
// (NewKubelet(c.Kube, ns, c.Clock)).
func (c *Cluster) Clock() time.Time { return c.Now }

// ServeDCsAsCRD makes the cluster serve DeploymentConfigs as
// examples/kube/e2e's CustomResourceDefinition (deploy/crd/) does rather
// than as OpenShift's API server: a strategic-merge patch of a DC fails
// with 415 Unsupported Media Type, a create drops the status, an update
// keeps the stored status whole (OpenShift keeps a latestVersion one
// above the stored one: `oc rollout latest`'s fallback for old clients),
// and a /status update changes nothing but the status.
func (c *Cluster) ServeDCsAsCRD() { c.crd.Store(true) }

// Discard is a kube.Options.Recorder that drops every event.
func Discard(string) record.EventRecorder { return &record.FakeRecorder{} }

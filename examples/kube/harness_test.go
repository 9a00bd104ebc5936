package kube_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	appsfake "github.com/openshift/client-go/apps/clientset/versioned/fake"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	kubefake "k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// ns is the namespace of every test object.
const ns = "shop"

// epoch is the fixed clock of the tests' snapshots and server stamps.
var epoch = time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC)

// cluster is a fake API server made of the two fake clientsets, whose
// object trackers are wrapped by rvTracker so that resourceVersion, uid,
// creationTimestamp and generation behave as on a real server.
type cluster struct {
	kube *kubefake.Clientset
	apps *appsfake.Clientset
	rv   *atomic.Int64

	mu     sync.Mutex
	events []event
}

// event is one recorded event.
type event struct {
	Component, Kind, Name, Type, Reason, Message string
}

func (e event) String() string {
	return fmt.Sprintf("%s %s/%s %s %s: %s", e.Component, e.Kind, e.Name, e.Type, e.Reason, e.Message)
}

func newCluster(t testing.TB) *cluster {
	t.Helper()
	c := &cluster{kube: kubefake.NewSimpleClientset(), apps: appsfake.NewSimpleClientset(), rv: &atomic.Int64{}}
	c.rv.Store(100)
	var mu sync.Mutex
	for _, f := range []*clienttesting.Fake{&c.kube.Fake, &c.apps.Fake} {
		var tr clienttesting.ObjectTracker
		if f == &c.kube.Fake {
			tr = c.kube.Tracker()
		} else {
			tr = c.apps.Tracker()
		}
		wrapped := &rvTracker{ObjectTracker: tr, rv: c.rv, mu: &mu}
		f.ReactionChain = []clienttesting.Reactor{&clienttesting.SimpleReactor{Verb: "*", Resource: "*", Reaction: clienttesting.ObjectReaction(wrapped)}}
	}
	c.apps.Resources = []*metav1.APIResourceList{{GroupVersion: "apps.openshift.io/v1",
		APIResources: []metav1.APIResource{{Name: "deploymentconfigs", Namespaced: true, Kind: "DeploymentConfig"}}}}
	return c
}

// recorder returns an event recorder that appends to the cluster's list.
func (c *cluster) recorder(component string) record.EventRecorder {
	return &recorder{c: c, component: component}
}

// Events returns the events recorded so far, as text.
func (c *cluster) Events() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, len(c.events))
	for i, e := range c.events {
		out[i] = e.String()
	}
	return out
}

type recorder struct {
	c         *cluster
	component string
}

func (r *recorder) Event(obj runtime.Object, eventtype, reason, message string) {
	ref, ok := obj.(*corev1.ObjectReference)
	if !ok {
		panic(fmt.Sprintf("event on %T", obj))
	}
	r.c.mu.Lock()
	r.c.events = append(r.c.events, event{r.component, ref.Kind, ref.Name, eventtype, reason, message})
	r.c.mu.Unlock()
}

func (r *recorder) Eventf(obj runtime.Object, eventtype, reason, format string, args ...any) {
	r.Event(obj, eventtype, reason, fmt.Sprintf(format, args...))
}

func (r *recorder) AnnotatedEventf(obj runtime.Object, _ map[string]string, eventtype, reason, format string, args ...any) {
	r.Eventf(obj, eventtype, reason, format, args...)
}

// rvTracker makes the fake clientsets' object tracker behave as an API
// server does with metadata: a create stamps uid, resourceVersion,
// creationTimestamp and generation; an update whose resourceVersion is not
// the stored one fails with 409 Conflict; every write gets a new
// resourceVersion, and a spec change a new generation; a patch carrying
// another uid fails its precondition.
type rvTracker struct {
	clienttesting.ObjectTracker
	rv *atomic.Int64
	mu *sync.Mutex
}

func (t *rvTracker) next() string { return strconv.FormatInt(t.rv.Add(1), 10) }

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
	m.SetCreationTimestamp(metav1.NewTime(epoch))
	if gvr.Resource != "pods" {
		m.SetGeneration(1)
	}
	return t.ObjectTracker.Create(gvr, obj, ns, opts...)
}

func (t *rvTracker) Update(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.UpdateOptions) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	obj = obj.DeepCopyObject()
	m, err := meta.Accessor(obj)
	if err != nil {
		return err
	}
	cur, err := t.ObjectTracker.Get(gvr, ns, m.GetName())
	if err != nil {
		return err
	}
	cm, _ := meta.Accessor(cur)
	if rv := m.GetResourceVersion(); rv != "" && rv != cm.GetResourceVersion() {
		return apierrors.NewConflict(gvr.GroupResource(), m.GetName(),
			errors.New("the object has been modified; please apply your changes to the latest version and try again"))
	}
	t.settle(gvr, cur, obj)
	return t.ObjectTracker.Update(gvr, obj, ns, opts...)
}

func (t *rvTracker) Patch(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.PatchOptions) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	obj = obj.DeepCopyObject()
	m, err := meta.Accessor(obj)
	if err != nil {
		return err
	}
	cur, err := t.ObjectTracker.Get(gvr, ns, m.GetName())
	if err != nil {
		return err
	}
	cm, _ := meta.Accessor(cur)
	if m.GetUID() != cm.GetUID() {
		return apierrors.NewConflict(gvr.GroupResource(), m.GetName(),
			fmt.Errorf("Precondition failed: UID in precondition: %v, UID in object meta: %v", m.GetUID(), cm.GetUID()))
	}
	t.settle(gvr, cur, obj)
	return t.ObjectTracker.Patch(gvr, obj, ns, opts...)
}

// settle stamps a write: server-owned metadata from cur, a new
// resourceVersion, generation + 1 when the spec changed.
func (t *rvTracker) settle(gvr schema.GroupVersionResource, cur, obj runtime.Object) {
	m, _ := meta.Accessor(obj)
	cm, _ := meta.Accessor(cur)
	m.SetUID(cm.GetUID())
	m.SetCreationTimestamp(cm.GetCreationTimestamp())
	m.SetResourceVersion(t.next())
	m.SetGeneration(cm.GetGeneration())
	if gvr.Resource != "pods" && !equality.Semantic.DeepEqual(spec(cur), spec(obj)) {
		m.SetGeneration(cm.GetGeneration() + 1)
	}
}

func spec(obj runtime.Object) any {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil
	}
	return u["spec"]
}

// newDC returns the test DC: Recreate, a ConfigChange trigger, replicas.
func newDC(name, image string, replicas int32) *appsv1.DeploymentConfig {
	timeout := int64(600)
	return &appsv1.DeploymentConfig{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns},
		Spec: appsv1.DeploymentConfigSpec{
			Replicas: replicas,
			Selector: map[string]string{"deploymentconfig": name},
			Strategy: appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyTypeRecreate,
				RecreateParams: &appsv1.RecreateDeploymentStrategyParams{TimeoutSeconds: &timeout},
				Resources:      corev1.ResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("10m")}}},
			Triggers: appsv1.DeploymentTriggerPolicies{{Type: appsv1.DeploymentTriggerOnConfigChange}},
			Template: &corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"deploymentconfig": name}},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: name, Image: image}},
					DNSPolicy: corev1.DNSClusterFirst, RestartPolicy: corev1.RestartPolicyAlways},
			},
		},
	}
}

// controller starts a controller over the cluster and returns its stop
// function, which cancels it and waits until Run returned.
func (c *cluster) controller(t testing.TB, opts kube.Options) (*kube.Controller, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	return c.controllerCtx(t, ctx, cancel, opts)
}

// controllerCtx is controller with the context Run gets and its cancel.
func (c *cluster) controllerCtx(t testing.TB, ctx context.Context, cancel func(), opts kube.Options) (*kube.Controller, func()) {
	t.Helper()
	if opts.Namespace == "" {
		opts.Namespace = ns
	}
	if opts.Recorder == nil {
		opts.Recorder = c.recorder
	}
	if opts.Now == nil {
		opts.Now = func() time.Time { return epoch }
	}
	opts.Logger = klog.NewKlogr().V(10) // quiet: only errors reach the test log
	ctrl := kube.New(c.kube, c.apps, opts)
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run() = %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return ctrl, stop
}

// dc, rc and pod read objects from the server.
func (c *cluster) dc(t testing.TB, name string) *appsv1.DeploymentConfig {
	t.Helper()
	dc, err := c.apps.AppsV1().DeploymentConfigs(ns).Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatalf("get dc %s: %v", name, err)
	}
	return dc
}

func (c *cluster) rcs(t testing.TB) []corev1.ReplicationController {
	t.Helper()
	l, err := c.kube.CoreV1().ReplicationControllers(ns).List(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatalf("list rcs: %v", err)
	}
	slices.SortFunc(l.Items, func(a, b corev1.ReplicationController) int { return strings.Compare(a.Name, b.Name) })
	return l.Items
}

func (c *cluster) pods(t testing.TB) []corev1.Pod {
	t.Helper()
	l, err := c.kube.CoreV1().Pods(ns).List(context.Background(), metav1.ListOptions{})
	if err != nil {
		t.Fatalf("list pods: %v", err)
	}
	slices.SortFunc(l.Items, func(a, b corev1.Pod) int { return strings.Compare(a.Name, b.Name) })
	return l.Items
}

// summary is the world in one line per RC: name, phase, replicas, the
// status-reason and cancelled annotations when set; then the DC's latest
// version and replicas.
func (c *cluster) summary(t testing.TB, dc string) string {
	t.Helper()
	var b strings.Builder
	for _, rc := range c.rcs(t) {
		fmt.Fprintf(&b, "%s %s replicas=%d", rc.Name, rc.Annotations[dcplan.AnnotationPhase], ptrVal(rc.Spec.Replicas))
		if r := rc.Annotations[dcplan.AnnotationStatusReason]; r != "" {
			fmt.Fprintf(&b, " reason=%q", r)
		}
		b.WriteString("\n")
	}
	d := c.dc(t, dc)
	fmt.Fprintf(&b, "dc %s latestVersion=%d replicas=%d", dc, d.Status.LatestVersion, d.Spec.Replicas)
	return b.String()
}

func ptrVal[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// waitFor polls cond until it holds or 10 s pass.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// await waits until the summary of the world is want and stays so for
// 100 ms, and fails the test with the difference when it never is.
func (c *cluster) await(t testing.TB, dc, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var got string
	for {
		got = c.summary(t, dc)
		if got == want {
			time.Sleep(100 * time.Millisecond)
			if got = c.summary(t, dc); got == want {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("world mismatch (-want +got):\n%s\nevents:\n%s", cmp.Diff(want, got), strings.Join(c.Events(), "\n"))
		}
		time.Sleep(3 * time.Millisecond)
	}
}

// mustJSON marshals v.
func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// requestsOf returns the requests a wire.Client was asked to send, in
// order (events included), through a recording wrapper.
type recording struct {
	wire.Client
	mu   sync.Mutex
	reqs []wire.Request
}

func (r *recording) Do(ctx context.Context, req wire.Request) error {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return r.Client.Do(ctx, req)
}

func (r *recording) take() []wire.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.reqs
	r.reqs = nil
	return out
}

package kube_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	appsfake "github.com/openshift/client-go/apps/clientset/versioned/fake"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kubefake "k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
	"github.com/dcplan/dcplan/wire"
)

// ns is the namespace of every test object.
const ns = "shop"

// epoch is the fixed clock of the tests' snapshots and server stamps.
var epoch = time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC)

// cluster is a kubetest.Cluster with the tests' helpers and an event
// list.
type cluster struct {
	kc   *kubetest.Cluster
	kube *kubefake.Clientset
	apps *appsfake.Clientset

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
	kc := kubetest.NewCluster(epoch)
	return &cluster{kc: kc, kube: kc.Kube, apps: kc.Apps}
}

// kubelet runs a kubetest.Kubelet for the test's namespace.
type kubelet struct{ *kubetest.Kubelet }

func newKubelet(c *cluster) *kubelet { return &kubelet{kubetest.NewKubelet(c.kc.Kube, ns, c.kc.Clock)} }

// run ticks until the test ends, then fails the test for every invariant
// violation the kubelet saw.
func (k *kubelet) run(t testing.TB) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); k.Run(ctx, 3*time.Millisecond) }()
	t.Cleanup(func() {
		cancel()
		<-done
		for _, v := range k.Violations() {
			t.Errorf("invariant: %s", v)
		}
	})
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

func (r *recording) Do(ctx context.Context, req wire.Request) (wire.Written, error) {
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

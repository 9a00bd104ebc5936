package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// demoNS is the demo's namespace.
const demoNS = "shop"

// runDemo rolls out DC frontend in an in-memory cluster, changes its
// image, waits for the second rollout, and prints the events and the RCs.
// opts are the command line's; the demo watches its own namespace. With
// f's addresses set it serves metrics and probes as the controller does
// on a cluster.
func runDemo(ctx context.Context, out io.Writer, opts kube.Options, f flags) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c := kubetest.NewCluster(time.Now())
	k := kubetest.NewKubelet(c.Kube, demoNS, c.Clock)
	go k.Run(ctx, 5*time.Millisecond)
	events := &printer{out: out}
	opts.Namespace, opts.Recorder, opts.Logger = demoNS, events.recorder, klog.Background().V(4)
	ctrl := kube.New(c.Kube, c.Apps, opts)
	s, err := startServers(ctrl, f, out)
	if err != nil {
		ctrl.Close() // what kube.New started: Run would have closed it
		return err
	}
	defer s.shutdown()
	for _, path := range slices.Sorted(maps.Keys(s.addrs)) {
		fmt.Fprintf(out, "serving %s on %s\n", path, s.addrs[path])
	}
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	defer func() { cancel(); <-done }()

	// Each step prints before it is taken: the events it causes follow.
	dcs := c.Apps.AppsV1().DeploymentConfigs(demoNS)
	fmt.Fprintln(out, "create dc/frontend (image 1.0, 3 replicas)")
	if _, err := dcs.Create(ctx, demoDC("registry.example.com/shop/frontend:1.0"), metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("create dc: %w", err)
	}
	if err := awaitComplete(ctx, c, "frontend-1"); err != nil {
		return err
	}
	// The controller may still be writing the DC's status: read and
	// write again on a conflict, as any client editing a DC must.
	fmt.Fprintln(out, "change the image to 1.1")
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		dc, err := dcs.Get(ctx, "frontend", metav1.GetOptions{})
		if err != nil {
			return fmt.Errorf("get dc: %w", err)
		}
		dc.Spec.Template.Spec.Containers[0].Image = "registry.example.com/shop/frontend:1.1"
		_, err = dcs.Update(ctx, dc, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("update dc: %w", err)
	}
	if err := awaitComplete(ctx, c, "frontend-2"); err != nil {
		return err
	}
	rcs, err := c.Kube.CoreV1().ReplicationControllers(demoNS).List(ctx, metav1.ListOptions{})
	if err != nil {
		return fmt.Errorf("list rcs: %w", err)
	}
	slices.SortFunc(rcs.Items, func(a, b corev1.ReplicationController) int { return strings.Compare(a.Name, b.Name) })
	for _, rc := range rcs.Items {
		fmt.Fprintf(out, "rc/%s %s replicas=%d image=%s\n", rc.Name, rc.Annotations[dcplan.AnnotationPhase],
			*rc.Spec.Replicas, rc.Spec.Template.Spec.Containers[0].Image)
	}
	return nil
}

// awaitComplete waits until RC name is Complete with the DC's replicas.
func awaitComplete(ctx context.Context, c *kubetest.Cluster, name string) error {
	for {
		rc, err := c.Kube.CoreV1().ReplicationControllers(demoNS).Get(ctx, name, metav1.GetOptions{})
		if err == nil && rc.Annotations[dcplan.AnnotationPhase] == "Complete" && rc.Spec.Replicas != nil && *rc.Spec.Replicas == 3 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s to complete: %w", name, ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// demoDC is the demo's DeploymentConfig.
func demoDC(image string) *appsv1.DeploymentConfig {
	timeout := int64(600)
	return &appsv1.DeploymentConfig{
		ObjectMeta: metav1.ObjectMeta{Name: "frontend", Namespace: demoNS},
		Spec: appsv1.DeploymentConfigSpec{
			Replicas: 3,
			Selector: map[string]string{"deploymentconfig": "frontend"},
			Strategy: appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyTypeRecreate,
				RecreateParams: &appsv1.RecreateDeploymentStrategyParams{TimeoutSeconds: &timeout}},
			Triggers: appsv1.DeploymentTriggerPolicies{{Type: appsv1.DeploymentTriggerOnConfigChange}},
			Template: &corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"deploymentconfig": "frontend"}},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "frontend", Image: image}}},
			},
		},
	}
}

// printer prints events as they are recorded.
type printer struct {
	mu  sync.Mutex
	out io.Writer
}

func (p *printer) recorder(component string) record.EventRecorder {
	return &eventLine{p: p, component: component}
}

type eventLine struct {
	p         *printer
	component string
}

// Event prints one event line.
func (e *eventLine) Event(obj runtime.Object, eventtype, reason, message string) {
	name := "?"
	if ref, ok := obj.(*corev1.ObjectReference); ok {
		name = ref.Kind + "/" + ref.Name
	}
	e.p.mu.Lock()
	defer e.p.mu.Unlock()
	fmt.Fprintf(e.p.out, "event %s %s %s %s: %s\n", e.component, name, eventtype, reason, message)
}

// Eventf prints one event line with a formatted message.
func (e *eventLine) Eventf(obj runtime.Object, eventtype, reason, format string, args ...any) {
	e.Event(obj, eventtype, reason, fmt.Sprintf(format, args...))
}

// AnnotatedEventf prints one event line; annotations are dropped.
func (e *eventLine) AnnotatedEventf(obj runtime.Object, _ map[string]string, eventtype, reason, format string, args ...any) {
	e.Eventf(obj, eventtype, reason, format, args...)
}

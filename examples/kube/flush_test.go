package kube_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan/examples/kube"
)

// slowEvents is a clientset whose event creates take delay (200 ms: a
// loaded API server), and call created after.
type slowEvents struct {
	kubernetes.Interface
	delay   time.Duration
	created func(*corev1.Event)
}

// IsWatchListSemanticsUnSupported tells client-go's informers, as the
// fake clientset does, to list and watch instead of streaming.
func (s slowEvents) IsWatchListSemanticsUnSupported() bool { return true }

func (s slowEvents) CoreV1() typedcorev1.CoreV1Interface {
	return slowCore{s.Interface.CoreV1(), s.delay, s.created}
}

type slowCore struct {
	typedcorev1.CoreV1Interface
	delay   time.Duration
	created func(*corev1.Event)
}

func (c slowCore) Events(namespace string) typedcorev1.EventInterface {
	return slowEventClient{c.CoreV1Interface.Events(namespace), c.delay, c.created}
}

type slowEventClient struct {
	typedcorev1.EventInterface
	delay   time.Duration
	created func(*corev1.Event)
}

// CreateWithEventNamespace is what client-go's EventSinkImpl calls.
func (e slowEventClient) CreateWithEventNamespace(ev *corev1.Event) (*corev1.Event, error) {
	time.Sleep(e.delay)
	out, err := e.EventInterface.CreateWithEventNamespaceWithContext(context.Background(), ev)
	if err == nil {
		e.created(out)
	}
	return out, err
}

// TestShutdownFlushesEvents: the events the pass in flight at SIGTERM
// records reach the API server before the lease is released, and before
// Run returns (the program exits right after). client-go's event
// broadcaster sends them on a goroutine of its own, and its Shutdown
// drops what it has not sent.
func TestShutdownFlushesEvents(t *testing.T) {
	c := newCluster(t)
	var mu sync.Mutex
	var order []string
	note := func(s string) {
		mu.Lock()
		defer mu.Unlock()
		order = append(order, s)
	}
	c.kube.PrependReactor("update", "leases", func(act clienttesting.Action) (bool, runtime.Object, error) {
		if l, ok := act.(clienttesting.UpdateAction).GetObject().(*coordinationv1.Lease); ok && l.Spec.HolderIdentity != nil && *l.Spec.HolderIdentity == "" {
			note("lease released")
		}
		return false, nil, nil
	})
	kc := slowEvents{Interface: c.kube, delay: 200 * time.Millisecond, created: func(e *corev1.Event) { note("event " + e.Reason) }}
	var b *blocking
	ctx, cancel := context.WithCancel(context.Background())
	ctrl := kube.New(kc, c.apps, kube.Options{Namespace: ns, Now: func() time.Time { return epoch }, // events to the server
		Logger: klog.NewKlogr().V(10), LeaderElection: testElection("a"), Wrap: blockConfig(&b)})
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	waitFor(t, "a to lead", func() bool { return c.holder(t) == "a" })
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	<-b.entered // the pass that creates frontend-1, and records DeploymentCreated

	cancel() // SIGTERM
	close(b.release)
	if err := <-done; err != nil {
		t.Fatalf("Run() = %v", err)
	}
	note("Run returned")
	done <- nil                        // for the cleanup
	time.Sleep(500 * time.Millisecond) // for an event sent late
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"event DeploymentCreated", "lease released", "Run returned"}; !slices.Equal(order, want) {
		t.Errorf("order = %q, want %q: the pass in flight's event sent, then the lease released, then Run returned", order, want)
	}
}

// TestShutdownEventsWithinTheDrain: events the server does not take in
// time hold the stop no longer than the drain timeout.
func TestShutdownEventsWithinTheDrain(t *testing.T) {
	c := newCluster(t)
	kc := slowEvents{Interface: c.kube, delay: 5 * time.Second, created: func(*corev1.Event) {}}
	var b *blocking
	ctx, cancel := context.WithCancel(context.Background())
	ctrl := kube.New(kc, c.apps, kube.Options{Namespace: ns, Now: func() time.Time { return epoch }, // events to the server
		Logger: klog.NewKlogr().V(10), Wrap: blockConfig(&b), DrainTimeout: 300 * time.Millisecond})
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	c.createDC(t, newDC("frontend", "registry/shop/frontend:v1", 2))
	<-b.entered
	cancel() // SIGTERM
	start := time.Now()
	close(b.release)
	if err := <-done; err != nil {
		t.Fatalf("Run() = %v", err)
	}
	done <- nil // for the cleanup
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Run returned %v after the signal, want about the drain timeout (300ms)", took)
	}
}

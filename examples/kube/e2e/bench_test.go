package e2e_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
	"github.com/dcplan/dcplan/wire"
)

// benchTick is the kubelets' tick in the benchmarks, the same for both
// backends: each deployer pod takes two ticks (Running, then Succeeded).
const benchTick = 5 * time.Millisecond

// benchWorld is a namespace with a controller and a kubelet running, on
// the real server or on kubetest's fake clientsets.
type benchWorld struct {
	b      *testing.B
	ns     string
	kube   kubernetes.Interface
	apps   appsclient.Interface
	passes atomic.Int64
}

func newBenchWorld(b *testing.B, backend string) *benchWorld {
	w := &benchWorld{b: b}
	opts := kube.Options{Settings: settings(), Logger: klog.NewKlogr().V(10),
		OnPass: func(string, string, wire.Pass) { w.passes.Add(1) }}
	if backend == "apiserver" {
		e := newEnvRole(b, "", benchTick)
		w.ns, w.kube, w.apps = e.ns, e.admin, e.apps
		e.controller(opts)
		return w
	}
	c := kubetest.NewCluster(time.Now())
	w.ns, w.kube, w.apps = "bench", c.Kube, c.Apps
	ctx, cancel := context.WithCancel(context.Background())
	k := kubetest.NewKubelet(c.Kube, w.ns, c.Clock)
	kdone := make(chan struct{})
	go func() { defer close(kdone); k.Run(ctx, benchTick) }()
	opts.Namespace, opts.Recorder = w.ns, kubetest.Discard
	ctrl := kube.New(c.Kube, c.Apps, opts)
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	b.Cleanup(func() {
		cancel()
		<-kdone
		if err := <-done; err != nil {
			b.Errorf("Run() = %v", err)
		}
	})
	return w
}

func (w *benchWorld) create(name string) {
	dc := newDC(name, "registry.example/shop/"+name+":v1", 1)
	dc.Namespace = w.ns
	if _, err := w.apps.AppsV1().DeploymentConfigs(w.ns).Create(context.Background(), dc, metav1.CreateOptions{}); err != nil {
		w.b.Fatal(err)
	}
}

func (w *benchWorld) setImage(name string, v int) {
	dcs := w.apps.AppsV1().DeploymentConfigs(w.ns)
	for range 100 {
		dc, err := dcs.Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			w.b.Fatal(err)
		}
		dc.Spec.Template.Spec.Containers[0].Image = fmt.Sprintf("registry.example/shop/%s:v%d", name, v)
		if _, err = dcs.Update(context.Background(), dc, metav1.UpdateOptions{}); err == nil {
			return
		}
	}
	w.b.Fatalf("update dc %s: conflicts", name)
}

// complete polls RC rc every millisecond until it is Complete (at most
// awaitTimeout).
func (w *benchWorld) complete(rc string) {
	deadline := time.Now().Add(awaitTimeout)
	for time.Now().Before(deadline) {
		r, err := w.kube.CoreV1().ReplicationControllers(w.ns).Get(context.Background(), rc, metav1.GetOptions{})
		if err == nil && r.Annotations[dcplan.AnnotationPhase] == "Complete" {
			return
		}
		time.Sleep(time.Millisecond)
	}
	w.b.Fatalf("rc %s not Complete within %v", rc, awaitTimeout)
}

// BenchmarkRollout measures the time from a DC create to its first RC
// Complete, and from a template edit to the new RC Complete, through
// kube.New(...).Run and a kubelet ticking every 5 ms, on the real
// kube-apiserver and on kubetest, side by side; passes/op counts both
// controllers' passes per rollout.
//
//	go test -run '^$' -bench Rollout -benchtime 20x
func BenchmarkRollout(b *testing.B) {
	for _, backend := range []string{"apiserver", "kubetest"} {
		b.Run(backend, func(b *testing.B) {
			b.Run("create-to-complete", func(b *testing.B) {
				w := newBenchWorld(b, backend)
				start := w.passes.Load()
				for i := 0; b.Loop(); i++ {
					name := fmt.Sprintf("c%d", i)
					w.create(name)
					w.complete(name + "-1")
				}
				b.ReportMetric(float64(w.passes.Load()-start)/float64(b.N), "passes/op")
			})
			b.Run("edit-to-complete", func(b *testing.B) {
				w := newBenchWorld(b, backend)
				w.create("edit")
				w.complete("edit-1")
				start := w.passes.Load()
				for v := 2; b.Loop(); v++ {
					w.setImage("edit", v)
					w.complete(fmt.Sprintf("edit-%d", v))
				}
				b.ReportMetric(float64(w.passes.Load()-start)/float64(b.N), "passes/op")
			})
		})
	}
}

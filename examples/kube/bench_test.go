package kube_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// restingWorld fills a cluster with a DC whose latest of n rollouts is
// complete, and returns a started controller (informers, no workers)
// whose DC pass over it plans nothing.
func restingWorld(b testing.TB, n int) (*cluster, *kube.Controller) {
	c := newCluster(b)
	ctx := context.Background()
	dc := newDC("frontend", "registry/shop/frontend:v1", 2)
	created, err := c.apps.AppsV1().DeploymentConfigs(ns).Create(ctx, dc, metav1.CreateOptions{})
	if err != nil {
		b.Fatal(err)
	}
	created.Kind, created.APIVersion = "DeploymentConfig", appsv1.GroupVersion.String()
	cfg, err := wire.DecodeConfig(mustJSON(b, created))
	if err != nil {
		b.Fatal(err)
	}
	for v := 1; v <= n; v++ {
		cfg.Status.LatestVersion = dcplan.Version(v)
		d, err := wire.NewDeployment(cfg)
		if err != nil {
			b.Fatal(err)
		}
		var rc corev1.ReplicationController
		if err := json.Unmarshal(d.Raw, &rc); err != nil {
			b.Fatal(err)
		}
		replicas := int32(0)
		if v == n {
			replicas = 2
		}
		rc.Annotations[dcplan.AnnotationPhase] = "Complete"
		rc.Spec.Replicas = &replicas
		rc.Status = corev1.ReplicationControllerStatus{Replicas: replicas, ReadyReplicas: replicas, AvailableReplicas: replicas}
		if _, err := c.kube.CoreV1().ReplicationControllers(ns).Create(ctx, &rc, metav1.CreateOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	c.editDC(b, "frontend", func(d *appsv1.DeploymentConfig) {}) // nothing: the DC as created
	st, err := c.apps.AppsV1().DeploymentConfigs(ns).Get(ctx, "frontend", metav1.GetOptions{})
	if err != nil {
		b.Fatal(err)
	}
	st.Status.LatestVersion = int64(n)
	if _, err := c.apps.AppsV1().DeploymentConfigs(ns).UpdateStatus(ctx, st, metav1.UpdateOptions{}); err != nil {
		b.Fatal(err)
	}
	ctrl := kube.New(c.kube, c.apps, kube.Options{Namespace: ns, Recorder: c.recorder, Now: func() time.Time { return epoch }})
	if err := ctrl.Start(b.Context()); err != nil {
		b.Fatal(err)
	}
	// Converge: the status and replica writes of the first passes.
	for i := 0; ; i++ {
		c.caughtUp(b, ctrl)
		pass, _, err := ctrl.SyncConfig(ctx, ns+"/frontend", 0)
		if err != nil {
			b.Fatal(err)
		}
		if pass.Plan.IsEmpty() {
			break
		}
		if i == 10 {
			b.Fatalf("no rest after 10 passes:\n%s", dcplan.Describe(pass.Plan))
		}
	}
	return c, ctrl
}

// BenchmarkConfigPassAtRest measures one DC controller pass with nothing
// to do through the adapter: snapshot from the informer caches with a warm
// decode cache, plan, no request. It reports decodes/op, which must be 0.
func BenchmarkConfigPassAtRest(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000} {
		b.Run("rcs="+strconv.Itoa(n), func(b *testing.B) {
			_, ctrl := restingWorld(b, n)
			ctx := context.Background()
			decodes := ctrl.Decoder().Decodes()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				pass, ok, err := ctrl.SyncConfig(ctx, ns+"/frontend", 0)
				if err != nil || !ok || !pass.Plan.IsEmpty() {
					b.Fatalf("pass: %v %v\n%s", ok, err, dcplan.Describe(pass.Plan))
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(ctrl.Decoder().Decodes()-decodes)/float64(b.N), "decodes/op")
			if d := ctrl.Decoder().Decodes() - decodes; d != 0 {
				b.Fatalf("%d decodes at rest", d)
			}
		})
	}
}

// TestPassAtRestDecodesNothing: a pass over unchanged objects decodes
// nothing, and a pass after one RC changed decodes that RC only.
func TestPassAtRestDecodesNothing(t *testing.T) {
	c, ctrl := restingWorld(t, 3)
	ctx := context.Background()
	before := ctrl.Decoder().Decodes()
	if _, _, err := ctrl.SyncConfig(ctx, ns+"/frontend", 0); err != nil {
		t.Fatal(err)
	}
	if d := ctrl.Decoder().Decodes() - before; d != 0 {
		t.Errorf("a pass at rest decoded %d objects", d)
	}
	c.patchRC(t, "frontend-2", `{"metadata":{"labels":{"team":"web"}}}`)
	c.caughtUp(t, ctrl)
	// The informer fills its store before it runs the event handler that
	// retires the DC's decoded RC list, so a pass right after caughtUp
	// may still reuse the list (and decode nothing): pass until it does
	// not.
	var pass wire.Pass
	waitFor(t, "a pass that reads the changed RC", func() bool {
		var err error
		if pass, _, err = ctrl.SyncConfig(ctx, ns+"/frontend", 0); err != nil {
			t.Fatal(err)
		}
		return ctrl.Decoder().Decodes() > before
	})
	if d := ctrl.Decoder().Decodes() - before; d != 1 {
		t.Errorf("a pass after one RC changed decoded %d objects, want 1", d)
	}
	if !pass.Plan.IsEmpty() {
		t.Errorf("a label change made a plan:\n%s", dcplan.Describe(pass.Plan))
	}
}

package kube

import (
	"context"
	"testing"
	"time"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
	"github.com/dcplan/dcplan/wire"
)

// afterDo is a wire.Client that sends through next, then calls after
// with each request and its answer.
type afterDo struct {
	wire.Client
	after func(ctx context.Context, r wire.Request, err error)
}

func (a afterDo) Do(ctx context.Context, r wire.Request) (wire.Written, error) {
	w, err := a.Client.Do(ctx, r)
	a.after(ctx, r, err)
	return w, err
}

// webDC is a DC of one container, rolled out by Recreate on a config
// change.
func webDC() *appsv1.DeploymentConfig {
	return &appsv1.DeploymentConfig{
		ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "shop"},
		Spec: appsv1.DeploymentConfigSpec{
			Replicas: 1,
			Selector: map[string]string{"deploymentconfig": "web"},
			Strategy: appsv1.DeploymentStrategy{Type: appsv1.DeploymentStrategyTypeRecreate,
				RecreateParams: &appsv1.RecreateDeploymentStrategyParams{}},
			Triggers: appsv1.DeploymentTriggerPolicies{{Type: appsv1.DeploymentTriggerOnConfigChange}},
			Template: &corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"deploymentconfig": "web"}},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "quay.io/shop/web:v1"}}},
			},
		},
	}
}

// deletingAfterCreate returns a started Controller over cl whose first
// successful create of resource (by either controller) is followed, before
// its pass goes on, by del and by the delete handler it causes: the
// handler's last step puts a DC key in the DC queue, which the test
// drains first. deleted tells whether that happened.
func deletingAfterCreate(t *testing.T, cl *kubetest.Cluster, resource string, del func(context.Context) error) (*Controller, *bool) {
	var c *Controller
	deleted := new(bool)
	c = New(cl.Kube, cl.Apps, Options{Namespace: "shop", Recorder: kubetest.Discard,
		Wrap: func(_ string, next wire.Client) wire.Client {
			return afterDo{next, func(ctx context.Context, r wire.Request, err error) {
				if r.Verb != wire.VerbCreate || r.Resource != resource || err != nil || *deleted {
					return
				}
				*deleted = true
				if err := del(ctx); err != nil {
					t.Fatal(err)
				}
				waitUntil(t, func() bool { return c.dcQueue.Len() == 1 }, "the delete handler")
			}}
		}})
	start(t, c)
	return c, deleted
}

// TestPassOfADeletedDCLeavesNothing: a DC deleted while its pass creates
// its RC has its delete handler run before the pass records the create;
// the pass then forgets what it kept for the DC, so that no expectation
// of the gone DC waits for a DC made again under its name.
func TestPassOfADeletedDCLeavesNothing(t *testing.T) {
	cl := kubetest.NewCluster(time.Now())
	dcs := cl.Apps.AppsV1().DeploymentConfigs("shop")
	c, deleted := deletingAfterCreate(t, cl, wire.ResourceRCs, func(ctx context.Context) error {
		return dcs.Delete(ctx, "web", metav1.DeleteOptions{})
	})
	dc, err := dcs.Create(t.Context(), webDC(), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dc.Status.LatestVersion = 1 // instantiated: the pass creates web-1
	if dc, err = dcs.UpdateStatus(t.Context(), dc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool {
		obj, ok, _ := c.dcs.GetIndexer().GetByKey("shop/web")
		return ok && obj.(*appsv1.DeploymentConfig).ResourceVersion == dc.ResourceVersion
	}, "the DC's status in the cache")
	waitUntil(t, func() bool { return c.dcQueue.Len() == 1 }, "the DC's events")
	key, _ := c.dcQueue.Get()
	c.dcQueue.Done(key)

	pass, ok, err := c.SyncConfig(t.Context(), key, 0)
	if err != nil || !ok || !*deleted {
		t.Fatalf("SyncConfig() = %v, %v; deleted %v; latest %d, rcs %d, sent %d; plan:\n%s", ok, err, *deleted, pass.Snapshot.Config.Status.LatestVersion, len(pass.Snapshot.Deployments), pass.Sent, dcplan.Describe(pass.Plan))
	}
	if got := readPass(&c.expectRCs, key, time.Now(), none); got != nil {
		t.Errorf("the gone DC's RC is still expected: %q", got)
	}
	if _, ok := c.lists.entries[key]; ok {
		t.Error("the gone DC's RC list is kept")
	}
	if _, ok := c.decoder.configs.get(dc.UID, dc.ResourceVersion); ok {
		t.Error("the gone DC is kept decoded")
	}
}

// TestPassOfADeletedRCLeavesNothing: an RC deleted while its deployer
// pass creates its deployer pod has its delete handler run before the
// pass records the create; the pass then forgets the expected pod, so
// that an RC made again under the name (a DC deleted and made again
// rolls out <dc>-1 again) does not wait for the old one's deployer pod.
func TestPassOfADeletedRCLeavesNothing(t *testing.T) {
	cl := kubetest.NewCluster(time.Now())
	dcs := cl.Apps.AppsV1().DeploymentConfigs("shop")
	c, deleted := deletingAfterCreate(t, cl, wire.ResourcePods, func(ctx context.Context) error {
		return cl.Kube.CoreV1().ReplicationControllers("shop").Delete(ctx, "web-1", metav1.DeleteOptions{})
	})
	// The DC pass creates web-1; then the caches catch up with the server.
	createWeb1(t, cl, c)
	caughtUp := func() bool {
		cur, err := dcs.Get(t.Context(), "web", metav1.GetOptions{})
		obj, ok, _ := c.dcs.GetIndexer().GetByKey("shop/web")
		_, rcCached, _ := c.rcs.GetIndexer().GetByKey("shop/web-1")
		return err == nil && ok && rcCached && obj.(*appsv1.DeploymentConfig).ResourceVersion == cur.ResourceVersion
	}
	waitUntil(t, caughtUp, "the caches to show the DC pass's writes")
	for c.dcQueue.Len() > 0 {
		key, _ := c.dcQueue.Get()
		c.dcQueue.Done(key)
	}

	pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if err != nil || !ok || !*deleted {
		t.Fatalf("SyncDeployment() = %v, %v; deleted %v; plan:\n%s", ok, err, *deleted, dcplan.Describe(pass.Plan))
	}
	if got := readPass(&c.expectPods, "shop/web-1", time.Now(), none); got != nil {
		t.Errorf("the gone RC's deployer pod is still expected: %q", got)
	}
}

// startedWithWeb1 starts a controller (namespace shop, events
// discarded) over a new cluster and creates web-1 (createWeb1).
func startedWithWeb1(t *testing.T) (*kubetest.Cluster, *Controller) {
	t.Helper()
	cl := kubetest.NewCluster(time.Now())
	c := New(cl.Kube, cl.Apps, Options{Namespace: "shop", Recorder: kubetest.Discard})
	start(t, c)
	createWeb1(t, cl, c)
	return cl, c
}

// createWeb1 creates webDC at latestVersion 1 through cl, waits for c's
// cache to show it, and runs c's DC pass, which creates web-1.
func createWeb1(t *testing.T, cl *kubetest.Cluster, c *Controller) {
	t.Helper()
	dcs := cl.Apps.AppsV1().DeploymentConfigs("shop")
	dc, err := dcs.Create(t.Context(), webDC(), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dc.Status.LatestVersion = 1
	if _, err = dcs.UpdateStatus(t.Context(), dc, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool {
		s, ok, _ := c.ConfigSnapshot("shop/web", 0)
		return ok && s.Config.Status.LatestVersion == 1
	}, "the DC's status in the cache")
	if _, _, err := c.SyncConfig(t.Context(), "shop/web", 0); err != nil {
		t.Fatal(err)
	}
}

// TestSweepDropsWhatDeletedObjectsLeft: what the decode and list caches
// hold for objects no informer cache holds goes at the first sweep, and
// then at most once per expectationsTTL; what they hold for live objects
// stays.
func TestSweepDropsWhatDeletedObjectsLeft(t *testing.T) {
	cl := kubetest.NewCluster(time.Now())
	c := started(t, cl, Options{})
	dc, err := cl.Apps.AppsV1().DeploymentConfigs("shop").Create(t.Context(), webDC(), metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool { _, ok, _ := c.dcs.GetIndexer().GetByKey("shop/web"); return ok }, "the DC in the cache")
	if _, ok, err := c.ConfigSnapshot("shop/web", 0); !ok || err != nil {
		t.Fatalf("ConfigSnapshot() = %v, %v", ok, err)
	}
	left := func(uid string) {
		c.decoder.deployments.put(types.UID(uid), entry[dcplan.Deployment]{rv: "1"})
		c.lists.put("shop/"+uid, listEntry{rv: "1", uid: types.UID(uid)})
	}
	kept := func(uid string) bool {
		_, decoded := c.decoder.deployments.get(types.UID(uid), "1")
		c.lists.mu.Lock()
		_, listed := c.lists.entries["shop/"+uid]
		c.lists.mu.Unlock()
		return decoded || listed
	}
	live := func() bool {
		_, decoded := c.decoder.configs.get(dc.UID, dc.ResourceVersion)
		_, listed := c.lists.entries["shop/web"]
		return decoded && listed
	}

	t0 := time.Now()
	left("gone-1")
	c.sweep(t0)
	if kept("gone-1") || !live() {
		t.Fatalf("first sweep: gone-1 kept %v, the live DC's entries kept %v", kept("gone-1"), live())
	}
	left("gone-2")
	c.sweep(t0.Add(time.Minute))
	if !kept("gone-2") {
		t.Error("a sweep within expectationsTTL of the last one ran")
	}
	c.sweep(t0.Add(expectationsTTL + time.Second))
	if kept("gone-2") || !live() {
		t.Errorf("sweep after expectationsTTL: gone-2 kept %v, the live DC's entries kept %v", kept("gone-2"), live())
	}
}

package kube

import (
	"errors"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestInvalidSnapshotIsAnError: a DC the planner refuses (here a Recreate
// DC without recreateParams, as a server that serves DCs as a custom
// resource keeps it undefaulted) makes SyncConfig fail with an error
// wrapping dcplan.ErrInvalidSnapshot and naming the field, and send
// nothing, where the planner alone plans nothing and says nothing of why.
func TestInvalidSnapshotIsAnError(t *testing.T) {
	cl := kubetest.NewCluster(time.Now())
	c := started(t, cl, Options{})
	dc := webDC()
	dc.Spec.Strategy.RecreateParams = nil
	if _, err := cl.Apps.AppsV1().DeploymentConfigs("shop").Create(t.Context(), dc, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool { _, ok, _ := c.dcs.GetIndexer().GetByKey("shop/web"); return ok }, "the DC in the cache")
	pass, ok, err := c.SyncConfig(t.Context(), "shop/web", 0)
	if !ok || !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Fatalf("SyncConfig() = %v, %v; want an error wrapping ErrInvalidSnapshot", ok, err)
	}
	const want = `kube: dc shop/web: dcplan: invalid snapshot: DeploymentConfig "web": spec.strategy.recreateParams: required for a Recreate strategy`
	if err.Error() != want {
		t.Errorf("SyncConfig() error = %q, want %q", err, want)
	}
	if pass.Sent != 0 || len(pass.Requests) != 0 {
		t.Errorf("an invalid snapshot sent %d of %d requests", pass.Sent, len(pass.Requests))
	}
}

// TestInvalidDeploymentSnapshotIsAnError pins SyncDeployment on a snapshot
// the planner refuses (here invalid Settings): it reports that it ran
// (true, as SyncConfig does: the RC is in the cache), with an error
// wrapping the planner's, and sends nothing.
func TestInvalidDeploymentSnapshotIsAnError(t *testing.T) {
	cl := kubetest.NewCluster(time.Now())
	c := started(t, cl, Options{Settings: dcplan.Settings{Environment: []dcplan.EnvVar{{Value: "x"}}}})
	if _, err := cl.Kube.CoreV1().ReplicationControllers("shop").Create(t.Context(), labelledRC("web", "web-1"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool { _, ok, _ := c.rcs.GetIndexer().GetByKey("shop/web-1"); return ok }, "the RC in the cache")
	pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if !ok || !errors.Is(err, dcplan.ErrInvalidSettings) {
		t.Fatalf("SyncDeployment() = %v, %v; want true and an error wrapping ErrInvalidSettings", ok, err)
	}
	const want = `kube: rc shop/web-1: dcplan: invalid settings: Settings: Environment[0].Name: must not be empty`
	if err.Error() != want {
		t.Errorf("SyncDeployment() error = %q, want %q", err, want)
	}
	if pass.Sent != 0 || len(pass.Requests) != 0 || len(pass.Snapshot.Deployments) != 1 {
		t.Errorf("an invalid snapshot sent %d of %d requests (snapshot of %d RCs, want 1)", pass.Sent, len(pass.Requests), len(pass.Snapshot.Deployments))
	}
}

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

package kube_test

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

// TestSeedRolloutCompletes: under the Origin presets (here Origin15) the
// RC phase follows the deployer pod through the seed deployer-pod controller
// (phase.DeployerPod, SPEC 7 row 29), not the deployer controller; the
// controller runs it, so a rollout (started by a latestVersion bump: the
// seeds evaluate no triggers in the DC controller) completes instead of
// staying Pending with its deployer pod Succeeded.
func TestSeedRolloutCompletes(t *testing.T) {
	c := newCluster(t)
	k := newKubelet(c)
	k.run(t)
	st := dcplan.Origin15.Settings()
	// The seeds fail a Pending RC whose deployer pod their cache does not
	// show yet (SPEC 7 row 24): a pod informer slower than the RC's has
	// it do so here too, which is not what this test is about.
	st.PendingMissingFailsAtOnce = false
	c.controller(t, kube.Options{Settings: st})
	dc := newDC("frontend", "registry/shop/frontend:v1", 2)
	dc.Spec.Triggers = nil
	c.createDC(t, dc)
	d := c.dc(t, "frontend")
	d.Status.LatestVersion = 1
	if _, err := c.apps.AppsV1().DeploymentConfigs(ns).UpdateStatus(context.Background(), d, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	c.await(t, "frontend", "frontend-1 Complete replicas=2\n"+
		"dc frontend latestVersion=1 replicas=2")
}

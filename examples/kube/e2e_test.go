package kube_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube"
)

// TestFirstRollout creates a DC and lets the controller and the kubelet
// run: one RC, its deployer pod, Complete with the DC's replicas.
func TestFirstRollout(t *testing.T) {
	c := newCluster(t)
	k := newKubelet(c)
	k.run(t)
	c.controller(t, kube.Options{})
	if _, err := c.apps.AppsV1().DeploymentConfigs(ns).Create(context.Background(), newDC("frontend", "registry/shop/frontend:v1", 2), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	wantEvents := []string{
		`deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`,
	}
	if d := cmp.Diff(wantEvents, c.Events()); d != "" {
		t.Errorf("events mismatch (-want +got):\n%s", d)
	}
}

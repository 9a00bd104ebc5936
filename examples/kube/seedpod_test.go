package kube_test

import (
	"context"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
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

// TestSeedPodsOfADeletedRCAreDeleted: under the Origin presets the
// deployer and hook pods of a deleted RC are deleted by the seed
// deployer-pod controller (PodControllerDeletesOrphans, SPEC 7 row 29):
// the seed deployer pods carry no owner reference, and a Failed RC's pods
// stay with it, so without that controller they outlive the RC for ever
// (no garbage collector follows them). The pod of an RC still there
// stays.
func TestSeedPodsOfADeletedRCAreDeleted(t *testing.T) {
	c := newCluster(t)
	ctx := context.Background()
	ctrl, _ := c.controller(t, kube.Options{Settings: dcplan.Origin15.Settings()})
	_, rcs, pods := ctrl.Informers()
	// Watching (kubetest's watches start at the list and replay nothing).
	waitFor(t, "the caches", func() bool { return rcs.HasSynced() && pods.HasSynced() })
	for _, name := range []string{"web-1", "web-2"} {
		rc := &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns,
			Labels: map[string]string{dcplan.LabelConfigName: "web"},
			Annotations: map[string]string{dcplan.AnnotationConfigName: "web", dcplan.AnnotationLatestVersion: name[len("web-"):],
				dcplan.AnnotationPhase: "Failed"}}}
		if _, err := c.kube.CoreV1().ReplicationControllers(ns).Create(ctx, rc, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range [][2]string{{"web-1-deploy", "web-1"}, {"web-1-hook-pre", "web-1"}, {"web-2-deploy", "web-2"}} {
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: p[0], Namespace: ns,
			Labels:      map[string]string{dcplan.LabelDeployerPodFor: p[1]},
			Annotations: map[string]string{dcplan.AnnotationDeploymentName: p[1]}},
			Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "deployment", Image: "deployer"}}}}
		if _, err := c.kube.CoreV1().Pods(ns).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	c.caughtUp(t, ctrl)
	if err := c.kube.CoreV1().ReplicationControllers(ns).Delete(ctx, "web-1", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the pods of web-1 deleted", func() bool {
		var names []string
		for _, p := range c.pods(t) {
			names = append(names, p.Name)
		}
		return slices.Equal(names, []string{"web-2-deploy"})
	})
}

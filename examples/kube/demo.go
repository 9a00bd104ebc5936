package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	dynamicfake "k8s.io/client-go/dynamic/fake"

	"github.com/dcplan/dcplan"
)

//go:embed testdata/dc-frontend.json
var frontendDC []byte

// demoStart is the virtual time of the demo's first pass.
var demoStart = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// newDemoClient returns an in-memory API server holding objs.
func newDemoClient(objs ...runtime.Object) *dynamicfake.FakeDynamicClient {
	return dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(), map[schema.GroupVersionResource]string{
		dcResource:    "DeploymentConfigList",
		rcResource:    "ReplicationControllerList",
		podResource:   "PodList",
		eventResource: "EventList",
	}, objs...)
}

// runDemo rolls the fixture DC out on the in-memory API server, one pass
// every ten virtual seconds, until a pass has nothing to do.
func runDemo(ctx context.Context, w io.Writer, st dcplan.Settings) error {
	dc, err := objectOf(frontendDC)
	if err != nil {
		return err
	}
	client := newDemoClient(dc)
	ns, name := dc.GetNamespace(), dc.GetName()
	for i := range 20 {
		now := demoStart.Add(time.Duration(i) * 10 * time.Second)
		fmt.Fprintf(w, "pass %d at %s\n", i+1, now.Format("15:04:05"))
		p, err := pass(ctx, w, client, ns, name, now, st, true)
		if err != nil {
			return err
		}
		if p.IsEmpty() {
			return nil
		}
		if err := playCluster(ctx, client, ns); err != nil {
			return err
		}
	}
	return fmt.Errorf("dc %s/%s did not come to rest in 20 passes", ns, name)
}

// playCluster does what the rest of a cluster would between two passes,
// crudely: a Pending deployer pod starts running; a running one scales its
// RC up to the desired count and succeeds; every RC's pods are ready.
func playCluster(ctx context.Context, client dynamic.Interface, ns string) error {
	pods := client.Resource(podResource).Namespace(ns)
	list, err := pods.List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	for i := range list.Items {
		pod := &list.Items[i]
		phase, _, _ := unstructured.NestedString(pod.Object, "status", "phase")
		switch phase {
		case "", "Pending":
			phase = "Running"
		case "Running":
			rc := pod.GetAnnotations()[dcplan.AnnotationDeploymentName]
			if err := scaleToDesired(ctx, client, ns, rc); err != nil {
				return err
			}
			phase = "Succeeded"
		default:
			continue
		}
		if err := unstructured.SetNestedField(pod.Object, phase, "status", "phase"); err != nil {
			return err
		}
		if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	rcs := client.Resource(rcResource).Namespace(ns)
	rcList, err := rcs.List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	for i := range rcList.Items {
		rc := &rcList.Items[i]
		replicas, _, _ := unstructured.NestedInt64(rc.Object, "spec", "replicas")
		for _, field := range []string{"replicas", "readyReplicas", "availableReplicas"} {
			if err := unstructured.SetNestedField(rc.Object, replicas, "status", field); err != nil {
				return err
			}
		}
		if _, err := rcs.Update(ctx, rc, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// scaleToDesired sets RC name's spec.replicas to its desired-replicas
// annotation, as the deployer pod's strategy does.
func scaleToDesired(ctx context.Context, client dynamic.Interface, ns, name string) error {
	rcs := client.Resource(rcResource).Namespace(ns)
	rc, err := rcs.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	desired, err := strconv.ParseInt(rc.GetAnnotations()[dcplan.AnnotationDesiredReplicas], 10, 64)
	if err != nil {
		return fmt.Errorf("rc %s/%s: desired replicas: %w", ns, name, err)
	}
	if err := unstructured.SetNestedField(rc.Object, desired, "spec", "replicas"); err != nil {
		return err
	}
	_, err = rcs.Update(ctx, rc, metav1.UpdateOptions{})
	return err
}

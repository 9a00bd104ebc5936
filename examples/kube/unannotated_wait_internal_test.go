package kube

import (
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestOwnWriteSeenRequeuesAnUnannotatedRC (SPEC 4.2.expect, 4.7): a
// deployer pass that waits for its own write of an RC to reach its cache
// comes back, with no other event, only after the expectations' TTL; the
// RC update that shows the write ends the wait and puts the RC back in
// the queue. An annotated RC's update queues it anyway; one whose
// config-name annotation a user removed is queued by nothing else, so
// that it waited five minutes (examples/kube's
// TestUnannotatedRCCompletesOnItsPod timed out on it under load: the
// deployer's write Pending -> Running, then the pod's success read before
// that write was in the cache).
func TestOwnWriteSeenRequeuesAnUnannotatedRC(t *testing.T) {
	cl, c := startedWithWeb1(t)
	rcs := cl.Kube.CoreV1().ReplicationControllers("shop")
	patch := []byte(`{"metadata":{"annotations":{"` + dcplan.AnnotationConfigName + `":null}}}`)
	unannotated, err := rcs.Patch(t.Context(), "web-1", types.MergePatchType, patch, metav1.PatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool {
		s, ok, _ := c.DeploymentSnapshot("shop/web-1", 0)
		d, _ := s.Deployment("web-1")
		return ok && d.ResourceVersion == unannotated.ResourceVersion
	}, "web-1 without its annotation in the cache")
	// A write of this controller replaced the version the cache shows.
	read := unannotated.ResourceVersion
	c.expectWrites.record("shop/web-1", "shop", "web-1", read, wire.Pass{Requests: []wire.Request{{Verb: wire.VerbUpdate,
		Resource: wire.ResourceRCs, Namespace: "shop", Name: "web-1", Body: []byte(`{"metadata":{"resourceVersion":"` + read + `"}}`)}},
		Sent: 1, Errs: []error{nil}}, time.Now())
	pass, ok, err := c.SyncDeployment(t.Context(), "shop/web-1", 0)
	if err != nil || !ok || pass.Plan.Wait != dcplan.WaitStaleCache {
		t.Fatalf("SyncDeployment() = %s, %v, %v; want a wait for the cache", dcplan.Describe(pass.Plan), ok, err)
	}
	for c.rcQueue.Len() > 0 { // what the passes before left queued
		key, _ := c.rcQueue.Get()
		c.rcQueue.Done(key)
		c.rcQueue.Forget(key)
	}
	// The write reaches the cache (here: an update of the RC by anyone).
	unannotated.Labels["touched"] = "yes"
	if _, err := rcs.Update(t.Context(), unannotated, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, func() bool { return c.rcQueue.Len() > 0 }, "web-1 back in the deployer's queue")
	if key, _ := c.rcQueue.Get(); key != "shop/web-1" {
		t.Errorf("queued %q, want shop/web-1", key)
	}
}

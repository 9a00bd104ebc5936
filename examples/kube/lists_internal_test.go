package kube

import (
	"fmt"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// labelledRC is an RC that names the DC dc by label only.
func labelledRC(dc, name string) *corev1.ReplicationController {
	return &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop",
		Labels: map[string]string{dcplan.LabelConfigName: dc}}}
}

// TestListsNeverReuseAStaleList: a list built while no RC had its key,
// stored after an RC came and went again, is not reused (the key's
// generation never returns to an old value, also once forgotten); a list
// built after that is.
func TestListsNeverReuseAStaleList(t *testing.T) {
	var l lists
	const key, uidKey = "shop/frontend", "uid:u1"
	cached := map[string]bool{}
	has := func(k string) bool { return cached[k] }
	rc := labelledRC("frontend", "frontend-1")

	genName, genUID := l.gen(key), l.gen(uidKey) // the build starts
	cached[key] = true
	l.touch(has, rc) // the RC arrives
	cached[key] = false
	l.touch(has, rc) // and is gone again
	l.put(key, listEntry{rv: "1", byName: key, byUID: uidKey, genName: genName, genUID: genUID,
		deployments: []dcplan.Deployment{{Name: "frontend-1"}}}) // the build ends, with the RC
	if _, ok := l.get(key, "1", ""); ok {
		t.Error("a list built before its key was forgotten is reused")
	}
	if len(l.gens) != 0 {
		t.Errorf("gens holds %v, want no key: no RC is cached", l.gens)
	}
	l.put(key, listEntry{rv: "1", byName: key, byUID: uidKey, genName: l.gen(key), genUID: l.gen(uidKey)})
	if _, ok := l.get(key, "1", ""); !ok {
		t.Error("a list built after the last change is not reused")
	}
}

// TestListsForgetDeletedRCs: once every RC is deleted, the controller's
// lists keep no generation (they held every key ever seen).
func TestListsForgetDeletedRCs(t *testing.T) {
	cl := kubetest.NewCluster(time.Now())
	c := started(t, cl, Options{})
	rcs := cl.Kube.CoreV1().ReplicationControllers("shop")
	const n = 50
	for i := range n {
		if _, err := rcs.Create(t.Context(), labelledRC(fmt.Sprint("dc", i), fmt.Sprint("dc", i, "-1")), metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	gens := func() int {
		c.lists.mu.Lock()
		defer c.lists.mu.Unlock()
		return len(c.lists.gens)
	}
	waitUntil(t, func() bool { return gens() == n }, "a generation per DC named")
	for i := range n {
		if err := rcs.Delete(t.Context(), fmt.Sprint("dc", i, "-1"), metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(t, func() bool { return gens() == 0 }, "no generation left")
}

// started returns a Controller of opts over cl, in namespace "shop" with
// events discarded unless opts says otherwise, started (informers synced,
// no workers) and closed when the test ends.
func started(t *testing.T, cl *kubetest.Cluster, opts Options) *Controller {
	t.Helper()
	if opts.Namespace == "" {
		opts.Namespace = "shop"
	}
	if opts.Recorder == nil {
		opts.Recorder = kubetest.Discard
	}
	c := New(cl.Kube, cl.Apps, opts)
	start(t, c)
	return c
}

// start starts c and closes it when the test ends.
func start(t *testing.T, c *Controller) {
	t.Helper()
	t.Cleanup(c.Close)
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// waitUntil polls cond for up to 5 s.
func waitUntil(t *testing.T, cond func() bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

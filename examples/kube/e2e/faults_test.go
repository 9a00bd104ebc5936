package e2e_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// controllerAudit returns the audit events of the test's controller
// ServiceAccount in its namespace with verb (any verb for "").
func (e *env) controllerAudit(verb string) []e2e.AuditEvent {
	e.t.Helper()
	user := "system:serviceaccount:" + e.ns + ":dcplan-controller"
	evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
		return ev.User.Username == user && ev.ObjectRef != nil && ev.ObjectRef.Namespace == e.ns && (verb == "" || ev.Verb == verb)
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return evs
}

// conflicts counts the controller's requests the server answered 409.
func (e *env) conflicts() int {
	n := 0
	for _, ev := range e.controllerAudit("") {
		if ev.ResponseStatus != nil && ev.ResponseStatus.Code == 409 {
			n++
		}
	}
	return n
}

// writer keeps bumping an annotation of the DC and of its RCs as the
// admin (a merge patch, so the writer itself never conflicts) until stop
// is called, at most 5000 writes.
func (e *env) writer(dc string, rcs ...string) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; i < 5000 && ctx.Err() == nil; i++ {
			patch := []byte(fmt.Sprintf(`{"metadata":{"annotations":{"e2e.dcplan/writer":"%d"}}}`, i))
			_, _ = e.apps.AppsV1().DeploymentConfigs(e.ns).Patch(ctx, dc, types.MergePatchType, patch, metav1.PatchOptions{})
			for _, rc := range rcs {
				_, _ = e.admin.CoreV1().ReplicationControllers(e.ns).Patch(ctx, rc, types.MergePatchType, patch, metav1.PatchOptions{})
			}
		}
	})
	return func() { cancel(); wg.Wait() }
}

// TestConcurrentWriterConflictsRetried: while another client keeps
// writing the DC and its RCs, rollouts complete; the controller met real
// 409 Conflicts (from the server, not injected) and recovered. Whether a
// given rollout meets one is timing: the test rolls out again, up to five
// times, until the audit log shows a conflict.
func TestConcurrentWriterConflictsRetried(t *testing.T) {
	t.Parallel()
	e := rolledOut(t)
	for v := 2; v <= 6; v++ {
		rcs := []string{}
		for i := 1; i < v; i++ {
			rcs = append(rcs, fmt.Sprintf("frontend-%d", i))
		}
		stop := e.writer("frontend", rcs...)
		e.setImage("frontend", fmt.Sprintf("registry.example/shop/frontend:v%d", v))
		e.awaitPhase(fmt.Sprintf("frontend-%d", v), "Complete")
		e.waitFor("the DC status to catch up", func() (bool, error) {
			d := e.dc("frontend")
			return d.Status.ObservedGeneration == d.Generation && d.Status.UpdatedReplicas == 2, nil
		})
		stop()
		if n := e.conflicts(); n > 0 {
			t.Logf("%d conflicts after %d rollouts under a concurrent writer", n, v-1)
			return
		}
	}
	t.Fatal("no 409 Conflict in five rollouts under a concurrent writer")
}

// TestFinalizerHeldRC: history cleanup deletes an old RC that a finalizer
// holds; the RC stays with its deletionTimestamp, and the controller
// neither deletes it again nor counts it against revisionHistoryLimit
// (SPEC 3.7, Modern). Once the finalizer is gone, so is the RC.
func TestFinalizerHeldRC(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	dc := newDC("frontend", "registry.example/shop/frontend:v1", 1)
	limit := int32(1)
	dc.Spec.RevisionHistoryLimit = &limit
	e.createDC(dc)
	e.awaitPhase("frontend-1", "Complete")
	e.patchRC("frontend-1", `{"metadata":{"finalizers":["e2e.dcplan/hold"]}}`)
	for v := 2; v <= 4; v++ {
		e.setImage("frontend", fmt.Sprintf("registry.example/shop/frontend:v%d", v))
		e.awaitPhase(fmt.Sprintf("frontend-%d", v), "Complete")
	}
	e.waitFor("frontend-2 pruned", func() (bool, error) {
		_, err := e.admin.CoreV1().ReplicationControllers(e.ns).Get(context.Background(), "frontend-2", metav1.GetOptions{})
		return err != nil, nil
	})
	if e.rc("frontend-1").DeletionTimestamp == nil {
		t.Fatal("frontend-1 not deleted")
	}
	deletes := map[string]int{}
	for _, ev := range e.controllerAudit("delete") {
		deletes[ev.ObjectRef.Name]++
	}
	if deletes["frontend-1"] != 1 {
		t.Errorf("frontend-1 was deleted %d times, want once: %v", deletes["frontend-1"], deletes)
	}
	e.patchRC("frontend-1", `{"metadata":{"finalizers":null}}`)
	e.await("frontend", "frontend-3 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-4 Complete replicas=1 reason=\"config change\"\n"+
		"dc frontend latestVersion=4 replicas=1")
}

// TestTwoControllers runs two controllers on one namespace, as two
// processes without leader election would: rollouts still end as with
// one (the server's resourceVersion checks and AlreadyExists keep them
// from doubling a write), never with two deployer pods at once; the test
// logs how many conflicts that cost.
func TestTwoControllers(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	e.await("frontend", firstRollout)
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.await("frontend", "frontend-1 Complete replicas=0 reason=\"config change\"\n"+
		"frontend-2 Complete replicas=2 reason=\"config change\"\n"+
		"dc frontend latestVersion=2 replicas=2")
	creates := map[string]int{}
	failed := 0
	for _, ev := range e.controllerAudit("create") {
		if ev.ObjectRef.Resource == "events" {
			continue
		}
		creates[ev.ObjectRef.Resource]++
		if ev.ResponseStatus != nil && ev.ResponseStatus.Code >= 300 {
			failed++
		}
	}
	t.Logf("two controllers: creates %v (%d refused), %d conflicts", creates, failed, e.conflicts())
}

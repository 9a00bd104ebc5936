package e2e_test

import (
	"context"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// TestDCDeletedWithRCs: a DC deleted while its RCs stay (no garbage
// collector runs here, as with `--cascade=orphan` on a cluster) leaves
// them untouched; a DC created again under the same name is a new object
// (a new uid) that does not own them.
func TestDCDeletedWithRCs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.awaitPhase("frontend-1", "Complete")
	if err := e.apps.AppsV1().DeploymentConfigs(e.ns).Delete(context.Background(), "frontend", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	// Another DC rolled out after the delete shows the controller went on.
	e.createDC(newDC("marker", "registry.example/shop/marker:v1", 1))
	e.awaitPhase("marker-1", "Complete")
	var after []string
	e.waitFor("the DC delete in the audit log", func() (bool, error) {
		evs, deleted, err := e.writesAfterConfigDelete()
		after = nil
		for _, ev := range evs {
			if ev.ObjectRef.Name == "frontend-1" {
				after = append(after, ev.Verb+" "+ev.RequestURI)
			}
		}
		return deleted, err
	})
	if len(after) > 0 {
		t.Errorf("the controller wrote frontend-1 after its DC was deleted: %v", after)
	}

	// The RC's owner reference names the deleted DC's uid: the new DC
	// cannot adopt it, and its first rollout cannot create frontend-1.
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v2", 1))
	want := "deploymentconfig-controller DeploymentConfig/frontend Warning DeploymentCreationFailed: Couldn't deploy version 1: deployment " +
		e.ns + "/frontend-1 already exists and it couldn't be adopted"
	e.waitFor("DeploymentCreationFailed", func() (bool, error) { return slices.Contains(e.events(), want), nil })
	// The controller retries and records the same warning again, which
	// client-go's recorder sends as a patch of the event's count: the
	// suite's one use of the role's "patch events" (checkEveryVerbUsed),
	// waited for here rather than left to timing.
	e.waitFor("the warning counted twice", func() (bool, error) {
		l, err := e.admin.CoreV1().Events(e.ns).List(context.Background(), metav1.ListOptions{})
		if err != nil {
			return false, err
		}
		return slices.ContainsFunc(l.Items, func(ev corev1.Event) bool {
			return ev.Reason == "DeploymentCreationFailed" && ev.Count >= 2
		}), nil
	})
	if got := e.rc("frontend-1").Spec.Template.Spec.Containers[0].Image; got != "registry.example/shop/frontend:v1" {
		t.Errorf("frontend-1 image = %q: the old RC was overwritten", got)
	}
}

// TestDCBeingDeleted: a DC deleted while a finalizer holds it stays,
// being deleted (a deletionTimestamp), until the finalizer goes. A config
// change of it meanwhile starts no rollout: the controller writes its
// status alone, observedGeneration caught up (SPEC 3.2.4, Modern), and
// nothing else of the DC's after the delete.
func TestDCBeingDeleted(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 1))
	e.awaitPhase("frontend-1", "Complete")
	dcs := e.apps.AppsV1().DeploymentConfigs(e.ns)
	ctx := context.Background()
	if _, err := dcs.Patch(ctx, "frontend", types.MergePatchType, []byte(`{"metadata":{"finalizers":["e2e.dcplan/hold"]}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := dcs.Delete(ctx, "frontend", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if e.dc("frontend").DeletionTimestamp == nil {
		t.Fatal("the held DC has no deletionTimestamp after its delete")
	}
	e.setImage("frontend", "registry.example/shop/frontend:v2")
	e.waitFor("the change observed", func() (bool, error) {
		d := e.dc("frontend")
		return d.Status.ObservedGeneration == d.Generation, nil
	})
	// Another DC rolled out after the change shows the controller went
	// on: had it planned a rollout of frontend, it would have by now.
	e.createDC(newDC("marker", "registry.example/shop/marker:v1", 1))
	e.awaitPhase("marker-1", "Complete")
	if _, err := e.admin.CoreV1().ReplicationControllers(e.ns).Get(ctx, "frontend-2", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("frontend-2 of the DC being deleted: %v, want NotFound", err)
	}
	evs, _, err := e.writesAfterConfigDelete()
	if err != nil {
		t.Fatal(err)
	}
	statusWrites := 0
	for _, ev := range evs {
		r := ev.ObjectRef
		switch {
		case r.Resource == "events" || r.Resource == "leases" || r.Name == "marker" || r.Name == "marker-1" || r.Name == "marker-1-deploy":
		case r.Resource == "deploymentconfigs" && r.Name == "frontend" && r.Subresource == "status":
			statusWrites++
		default:
			t.Errorf("the controller sent %s %s after the DC's delete; want only its status", ev.Verb, ev.RequestURI)
		}
	}
	if statusWrites == 0 {
		t.Error("no status write of the DC being deleted in the audit log")
	}
	if _, err := dcs.Patch(ctx, "frontend", types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
	e.waitFor("the DC gone", func() (bool, error) {
		_, err := dcs.Get(ctx, "frontend", metav1.GetOptions{})
		return apierrors.IsNotFound(err), nil
	})
}

// writesAfterConfigDelete returns the requests of the test's controller
// other than reads (get, list, watch) that the audit log shows after the
// first delete of a DC in the test's namespace, and whether it shows one.
func (e *env) writesAfterConfigDelete() ([]e2e.AuditEvent, bool, error) {
	user := "system:serviceaccount:" + e.ns + ":dcplan-controller"
	evs, err := e2e.ReadAudit(cp.APIServer.AuditLog, func(ev *e2e.AuditEvent) bool {
		return ev.ObjectRef != nil && ev.ObjectRef.Namespace == e.ns
	})
	var out []e2e.AuditEvent
	deleted := false
	for _, ev := range evs {
		switch {
		case ev.Verb == "delete" && ev.ObjectRef.Resource == "deploymentconfigs" && !deleted:
			deleted = true
		case deleted && ev.User.Username == user && ev.Verb != "get" && ev.Verb != "list" && ev.Verb != "watch":
			out = append(out, ev)
		}
	}
	return out, deleted, err
}

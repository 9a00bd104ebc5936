package e2e_test

import (
	"context"
	"errors"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestServerAnswersTheFakeCopies holds two answers of fake's server
// (TestServerCreateOverAMarkedName, TestServerPatchKeepsTheName) to the
// real server's: a create of a name whose RC a finalizer holds is
// AlreadyExists with the registry's "object is being deleted: " prefix,
// and a patch that would rename the RC is BadRequest, the RC unchanged.
func TestServerAnswersTheFakeCopies(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	rcs := e.admin.CoreV1().ReplicationControllers(e.ns)
	if _, err := rcs.Create(ctx, plainRC("web-1", "example.com/hold"), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	c := e.userClient()
	_, err := c.Do(ctx, wire.Request{Verb: wire.VerbPatch, Resource: wire.ResourceRCs, Namespace: e.ns, Name: "web-1",
		PatchType: wire.PatchStrategicMerge, Patch: []byte(`{"metadata":{"name":"other"}}`)})
	var st *wire.StatusError
	const rename = "the name of the object (other) does not match the name on the URL (web-1)"
	if !errors.As(err, &st) || st.Code != 400 || st.Message != rename {
		t.Errorf("patch renaming web-1: %v, want BadRequest %q", err, rename)
	}

	if err := rcs.Delete(ctx, "web-1", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web-1"},` +
		`"spec":{"replicas":0,"selector":{"app":"web"},"template":{"metadata":{"labels":{"app":"web"}},` +
		`"spec":{"containers":[{"name":"web","image":"registry.example/web:1"}]}}}}`)
	_, err = c.Do(ctx, wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourceRCs, Namespace: e.ns, Name: "web-1", Body: body})
	const exists = `object is being deleted: replicationcontrollers "web-1" already exists`
	if !errors.As(err, &st) || st.Reason != dcplan.StatusAlreadyExists || st.Message != exists {
		t.Errorf("create over the marked web-1: %v, want AlreadyExists %q", err, exists)
	}
	if _, err := rcs.Patch(ctx, "web-1", types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{}); err != nil {
		t.Fatal(err)
	}
}

package e2e_test

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube"
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
	before := e.rc("frontend-1")
	if err := e.apps.AppsV1().DeploymentConfigs(e.ns).Delete(context.Background(), "frontend", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	// Another DC rolled out after the delete shows the controller went on.
	e.createDC(newDC("marker", "registry.example/shop/marker:v1", 1))
	e.awaitPhase("marker-1", "Complete")
	if after := e.rc("frontend-1"); after.ResourceVersion != before.ResourceVersion {
		t.Errorf("frontend-1 changed after its DC was deleted: %v -> %v", before.ObjectMeta, after.ObjectMeta)
	}

	e.createDC(newDC("frontend", "registry.example/shop/frontend:v2", 1))
	e.waitFor("the new DC's status", func() (bool, error) { return e.dc("frontend").Status.ObservedGeneration > 0, nil })
	t.Logf("recreated: %s\nevents: %v", mustSummary(e, "frontend"), e.events())
}

func mustSummary(e *env, dc string) string {
	s, err := e.summary(dc)
	if err != nil {
		return err.Error()
	}
	return s
}

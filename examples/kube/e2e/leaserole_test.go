package e2e_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// TestLeaseRoleNeeded runs the controller binary with the shipped
// ClusterRole but without the shipped Lease Role (its Lease in the test's
// namespace, where the ServiceAccount has only the ClusterRole): what the
// code does then is stay ready, standing by, retrying the Lease (refused
// 403) every retry period, and never act: after three refusals there is
// no Lease and no RC. Once the test applies 03-leader-election.yaml's
// Role and RoleBinding, moved to that namespace (parsed, not copied), the
// same process takes the Lease and rolls the DC out.
func TestLeaseRoleNeeded(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	const lease = "dcplan-controller"
	tok := saToken(t, e.ns, "dcplan-controller")
	b := startBinary(t, "no-lease-role", "--kubeconfig="+kubeconfig(t, tok.Token), "--namespace="+e.ns,
		"--leader-elect-namespace="+e.ns, "--leader-elect-name="+lease, "--leader-elect-identity=replica-a",
		"--leader-elect-lease-duration="+leaseDuration.String(), "--leader-elect-renew-deadline="+renewDeadline.String(),
		"--leader-elect-retry-period="+retryPeriod.String())
	b.awaitReady()
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	refused := `leases.coordination.k8s.io \"` + lease + `\" is forbidden`
	e.waitFor("three refusals of the Lease in the log", func() (bool, error) {
		return strings.Count(b.log(), refused) >= 3, nil
	})
	ctx := context.Background()
	if _, err := e.admin.CoordinationV1().Leases(e.ns).Get(ctx, lease, metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("without the Lease Role: get the Lease = %v, want NotFound", err)
	}
	if rcs, err := e.admin.CoreV1().ReplicationControllers(e.ns).List(ctx, metav1.ListOptions{}); err != nil || len(rcs.Items) > 0 {
		t.Errorf("without the Lease Role: %v RCs (%v), want none", len(rcs.Items), err)
	}
	if code, body, err := b.readyz(); code != http.StatusOK {
		t.Errorf("without the Lease Role: /readyz %d %q (%v), want 200: the process stands by", code, body, err)
	}
	if b.Exited() {
		t.Fatalf("without the Lease Role the binary exited %d, want it standing by", b.ExitCode())
	}

	applyLeaseRole(t, e.ns)
	if err := e2e.Poll(ctx, awaitTimeout, "the Lease held", func() (bool, error) {
		l, err := e.admin.CoordinationV1().Leases(e.ns).Get(ctx, lease, metav1.GetOptions{})
		return err == nil && val(l.Spec.HolderIdentity) == "replica-a", nil
	}); err != nil {
		t.Fatal(err)
	}
	e.await("frontend", firstRollout)
}

// applyLeaseRole applies 03-leader-election.yaml's Role and RoleBinding
// moved to namespace ns: the Lease Role for ns's dcplan-controller
// ServiceAccount.
func applyLeaseRole(t testing.TB, ns string) {
	t.Helper()
	a := newApplier(t, cp.APIServer.Config(cp.APIServer.AdminToken))
	n := 0
	for _, m := range readManifests(t) {
		if m.File != "03-leader-election.yaml" {
			continue
		}
		obj := m.Obj.DeepCopy()
		obj.SetNamespace(ns)
		if obj.GetKind() == "RoleBinding" {
			subjects, _, _ := unstructured.NestedSlice(obj.Object, "subjects")
			for _, s := range subjects {
				s.(map[string]any)["namespace"] = ns
			}
			if err := unstructured.SetNestedSlice(obj.Object, subjects, "subjects"); err != nil {
				t.Fatal(err)
			}
		}
		if err := a.apply(context.Background(), obj, false); err != nil {
			t.Fatalf("apply %s %s in %s: %v", m.File, obj.GetKind(), ns, err)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("03-leader-election.yaml holds %d objects, want a Role and a RoleBinding", n)
	}
}

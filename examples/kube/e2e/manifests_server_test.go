package e2e_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/kubernetes"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// warnings collects the warning headers of a client's responses.
type warnings struct {
	mu   sync.Mutex
	list []string
}

// HandleWarningHeader implements rest.WarningHandler.
func (w *warnings) HandleWarningHeader(_ int, _ string, text string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.list = append(w.list, text)
}

func (w *warnings) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.list
	w.list = nil
	return out
}

// TestManifestsDryRun applies every shipped manifest, the Deployment and
// the CRD included, as a server-side dry run once the objects it needs
// exist (applyManifests): the server admits each without a warning (the
// Namespace enforces the restricted Pod Security Standard, which warns on
// a Deployment whose pods it would refuse). A Deployment made invalid (a
// memory limit under its request) is refused: the dry run validates.
func TestManifestsDryRun(t *testing.T) {
	t.Parallel()
	applyManifests(t)
	ms := readManifests(t)
	cfg := cp.APIServer.Config(cp.APIServer.AdminToken)
	var w warnings
	cfg.WarningHandler = &w
	a := newApplier(t, cfg)
	ctx := context.Background()
	kinds := map[string]bool{}
	for _, m := range ms {
		what := fmt.Sprintf("%s: %s %s/%s", m.File, m.Obj.GetKind(), m.Obj.GetNamespace(), m.Obj.GetName())
		if err := a.apply(ctx, m.Obj, true); err != nil {
			t.Errorf("%s: dry run: %v", what, err)
		}
		if ws := w.take(); len(ws) > 0 {
			t.Errorf("%s: warnings: %q", what, ws)
		}
		kinds[m.Obj.GetKind()] = true
	}
	for _, k := range []string{"Namespace", "ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding", "Deployment", "CustomResourceDefinition"} {
		if !kinds[k] {
			t.Errorf("the manifests have no %s", k)
		}
	}

	bad := manifestOf(t, ms, "Deployment").DeepCopy()
	containers, _, _ := unstructured.NestedSlice(bad.Object, "spec", "template", "spec", "containers")
	c := containers[0].(map[string]any)
	if err := unstructured.SetNestedField(c, "1Mi", "resources", "limits", "memory"); err != nil {
		t.Fatal(err)
	}
	if err := unstructured.SetNestedSlice(bad.Object, containers, "spec", "template", "spec", "containers"); err != nil {
		t.Fatal(err)
	}
	if err := a.apply(ctx, bad, true); !apierrors.IsInvalid(err) {
		t.Errorf("dry run of the Deployment with a 1Mi memory limit = %v, want Invalid", err)
	} else {
		t.Logf("refused as it should be: %.200v", err)
	}
}

// deploymentArgs returns the args of the Deployment's container with
// $(VAR) expanded from the container's env as the kubelet would (field
// references to metadata.namespace: the Deployment's namespace).
func deploymentArgs(t testing.TB, d *appsv1.Deployment) []string {
	t.Helper()
	c := d.Spec.Template.Spec.Containers[0]
	vars := map[string]string{}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			vars[e.Name] = e.Value
		case e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.namespace":
			vars[e.Name] = d.Namespace
		default:
			t.Fatalf("the Deployment's env %s: the test cannot expand it", e.Name)
		}
	}
	ref := regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)
	var out []string
	for _, a := range c.Args {
		out = append(out, ref.ReplaceAllStringFunc(a, func(m string) string {
			v, ok := vars[m[2:len(m)-1]]
			if !ok {
				t.Fatalf("the Deployment's arg %q: no env %s", a, m)
			}
			return v
		}))
	}
	return out
}

// TestManifestsRunController runs the controller binary as the shipped
// Deployment runs it (its args, the Lease in its namespace under the
// default name) with a token of the shipped ServiceAccount, bound by the
// shipped ClusterRoleBinding and Lease RoleBinding only, on a namespace
// of ten DCs rolled out twice: it takes the Lease, every rollout
// completes. The binary's peak RSS (VmHWM) stays under the Deployment's
// memory limit; the test logs it with the request.
func TestManifestsRunController(t *testing.T) {
	t.Parallel()
	s := applyManifests(t)
	d := shippedDeployment(t, readManifests(t))
	if d.Spec.Template.Spec.ServiceAccountName != s.ServiceAccount || d.Namespace != s.Namespace {
		t.Fatalf("the Deployment runs as %s/%s, the manifests' ServiceAccount is %s/%s",
			d.Namespace, d.Spec.Template.Spec.ServiceAccountName, s.Namespace, s.ServiceAccount)
	}
	e := newEnv(t)
	tok := saToken(t, s.Namespace, s.ServiceAccount)
	args := append(deploymentArgs(t, d), "--kubeconfig="+kubeconfig(t, tok.Token), "--namespace="+e.ns)
	t.Logf("dcplan-controller %s", strings.Join(args, " "))
	b := startBinary(t, "deployed", args...)
	b.awaitReady()

	const n = 10
	for i := range n {
		e.createDC(newDC(fmt.Sprintf("app%d", i), "registry.example/shop/app:v1", 2))
	}
	for i := range n {
		e.awaitPhase(fmt.Sprintf("app%d-1", i), "Complete")
	}
	for i := range n {
		e.setImage(fmt.Sprintf("app%d", i), "registry.example/shop/app:v2")
	}
	for i := range n {
		e.awaitPhase(fmt.Sprintf("app%d-2", i), "Complete")
	}
	hwm, err := b.vmHWM()
	if err != nil {
		t.Fatal(err)
	}

	admin := kubernetes.NewForConfigOrDie(cp.APIServer.Config(cp.APIServer.AdminToken))
	lease, err := admin.CoordinationV1().Leases(d.Namespace).Get(context.Background(), "dcplan-controller", metav1.GetOptions{})
	if err != nil {
		t.Fatalf("the Lease: %v", err)
	}
	if h := val(lease.Spec.HolderIdentity); !strings.Contains(b.log(), h) || h == "" {
		t.Errorf("the Lease's holder is %q, not named in the binary's log", h)
	}
	res := d.Spec.Template.Spec.Containers[0].Resources
	limit, request := res.Limits[corev1.ResourceMemory], res.Requests[corev1.ResourceMemory]
	t.Logf("peak RSS (VmHWM) %.1f MiB after %d DCs rolled out twice; the Deployment requests %s, limits %s",
		float64(hwm)/(1<<20), n, request.String(), limit.String())
	if limit.IsZero() || hwm >= limit.Value() {
		t.Errorf("peak RSS %d bytes, the Deployment's memory limit %s", hwm, limit.String())
	}
	if request.Cmp(*resource.NewQuantity(hwm, resource.BinarySI)) < 0 {
		t.Logf("note: the peak RSS is above the memory request %s", request.String())
	}
	if err := b.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := b.awaitExit(30 * time.Second); code != 0 {
		t.Errorf("after SIGTERM the binary exited %d, want 0", code)
	}
}

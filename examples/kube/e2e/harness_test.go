package e2e_test

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
	appsv1 "github.com/openshift/api/apps/v1"
	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	authenticationv1 "k8s.io/api/authentication/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	"sigs.k8s.io/yaml"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/e2e"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// env is one test's world: a namespace of its own on the shared control
// plane, the admin's clients (the user, and the test's eyes), the
// controller's ServiceAccount, bound to the shipped ClusterRole (or a
// variant), and a kubelet.
type env struct {
	t       testing.TB
	ns      string
	admin   kubernetes.Interface
	apps    appsclient.Interface
	kubelet *kubetest.Kubelet
	// role is the ClusterRole the controller's ServiceAccount is bound to
	// in ns.
	role string
	// wrapConfig, when set, edits the controller's client configuration
	// (the audit test wraps its transport).
	wrapConfig func(*rest.Config)
}

var nsSeq atomic.Int64

// newEnv makes a namespace for t with the ServiceAccounts pods need
// (default, deployer) and the controller's, bound to the shipped
// ClusterRole, and starts a kubelet in it that ticks every 20 ms.
func newEnv(t testing.TB) *env { return newEnvRole(t, "", 20*time.Millisecond) }

// rolledOut is newEnv with one controller started (default options) and
// DC frontend (2 replicas) through its first rollout (firstRollout).
func rolledOut(t testing.TB) *env {
	t.Helper()
	e := newEnv(t)
	e.controller(kube.Options{})
	e.createDC(newDC("frontend", "registry.example/shop/frontend:v1", 2))
	e.await("frontend", firstRollout)
	return e
}

// newEnvRole is newEnv with the controller bound to ClusterRole role (""
// = the shipped one) and a kubelet ticking every tick.
func newEnvRole(t testing.TB, role string, tick time.Duration) *env {
	t.Helper()
	if role == "" {
		role = installRole(t, nil)
	}
	cfg := cp.APIServer.Config(cp.APIServer.AdminToken)
	e := &env{t: t, admin: kubernetes.NewForConfigOrDie(cfg), apps: appsclient.NewForConfigOrDie(cfg), role: role}
	name := strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(t.Name(), "-"))
	e.ns = fmt.Sprintf("%.40s-%d", strings.Trim(name, "-"), nsSeq.Add(1))
	ctx := context.Background()
	if _, err := e.admin.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: e.ns}}, metav1.CreateOptions{}); err != nil {
		t.Fatalf("create namespace: %v", err)
	}
	for _, sa := range []string{"default", "deployer", "dcplan-controller"} {
		if _, err := e.admin.CoreV1().ServiceAccounts(e.ns).Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: sa}}, metav1.CreateOptions{}); err != nil {
			t.Fatalf("create service account %s: %v", sa, err)
		}
	}
	rb := &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{Name: "dcplan-controller"},
		RoleRef:  rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role},
		Subjects: []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: "dcplan-controller", Namespace: e.ns}}}
	if _, err := e.admin.RbacV1().RoleBindings(e.ns).Create(ctx, rb, metav1.CreateOptions{}); err != nil {
		t.Fatalf("create role binding: %v", err)
	}
	e.kubelet = kubetest.NewKubelet(kubernetes.NewForConfigOrDie(cp.APIServer.Config(cp.APIServer.KubeletToken)), e.ns, time.Now)
	kctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); e.kubelet.Run(kctx, tick) }()
	t.Cleanup(func() {
		cancel()
		<-done
		for _, v := range e.kubelet.Violations() {
			t.Errorf("kubelet: %s", v)
		}
	})
	return e
}

var roles struct {
	sync.Mutex
	made map[string]bool
}

// installRole creates the shipped ClusterRole, less the rule with index
// drop (when drop is not nil), once per variant, and returns its name.
func installRole(t testing.TB, drop *int) string {
	t.Helper()
	role := shippedRole(t)
	if drop != nil {
		role.Name = fmt.Sprintf("%s-without-%d", role.Name, *drop)
		role.Rules = slices.Delete(slices.Clone(role.Rules), *drop, *drop+1)
	}
	roles.Lock()
	defer roles.Unlock()
	if roles.made[role.Name] {
		return role.Name
	}
	admin := kubernetes.NewForConfigOrDie(cp.APIServer.Config(cp.APIServer.AdminToken))
	// AlreadyExists: applyManifests applied the shipped role itself.
	if _, err := admin.RbacV1().ClusterRoles().Create(context.Background(), role, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatalf("create cluster role %s: %v", role.Name, err)
	}
	if roles.made == nil {
		roles.made = map[string]bool{}
	}
	roles.made[role.Name] = true
	return role.Name
}

// shippedRole reads the ClusterRole of rbacFile.
func shippedRole(t testing.TB) *rbacv1.ClusterRole {
	t.Helper()
	role, err := readShippedRole()
	if err != nil {
		t.Fatal(err)
	}
	return role
}

// readShippedRole is shippedRole outside a test (TestMain).
func readShippedRole() (*rbacv1.ClusterRole, error) {
	data, err := os.ReadFile(rbacFile)
	if err != nil {
		return nil, err
	}
	for _, doc := range strings.Split(string(data), "\n---\n") {
		var role rbacv1.ClusterRole
		if err := yaml.Unmarshal([]byte(doc), &role); err != nil {
			return nil, fmt.Errorf("%s: %w", rbacFile, err)
		}
		if role.Kind == "ClusterRole" {
			return &role, nil
		}
	}
	return nil, fmt.Errorf("%s has no ClusterRole", rbacFile)
}

// controllerConfig is a client configuration with a token of the
// controller's ServiceAccount.
func (e *env) controllerConfig() *rest.Config {
	e.t.Helper()
	exp := int64(3600)
	tr, err := e.admin.CoreV1().ServiceAccounts(e.ns).CreateToken(context.Background(), "dcplan-controller",
		&authenticationv1.TokenRequest{Spec: authenticationv1.TokenRequestSpec{ExpirationSeconds: &exp}}, metav1.CreateOptions{})
	if err != nil {
		e.t.Fatalf("token request: %v", err)
	}
	return cp.APIServer.Config(tr.Status.Token)
}

// settings are the planners' settings of the tests: Modern, with a
// deployer image and service account.
func settings() dcplan.Settings {
	s := dcplan.Modern.Settings()
	s.DeployerImage = "registry.example/openshift/origin-deployer:v4"
	s.ServiceAccount = "deployer"
	return s
}

// controller runs kube.New(...).Run for the namespace with the
// controller's token until the returned stop is called or the test ends.
func (e *env) controller(opts kube.Options) (stop func()) {
	e.t.Helper()
	cfg := e.controllerConfig()
	if e.wrapConfig != nil {
		e.wrapConfig(cfg)
	}
	opts.Namespace = e.ns
	if opts.Settings.DeployerImage == "" {
		opts.Settings = settings()
	}
	opts.Logger = klog.NewKlogr().V(10) // only errors reach the log
	ctrl := kube.New(kubernetes.NewForConfigOrDie(cfg), appsclient.NewForConfigOrDie(cfg), opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	drain := opts.DrainTimeout
	if drain <= 0 {
		drain = kube.DefaultDrainTimeout
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := awaitRun(done, drain+stopMargin); err != nil {
				e.t.Error(err)
			}
		})
	}
	e.t.Cleanup(stop)
	return stop
}

// stopMargin is how long, past its DrainTimeout, the controller's Run may
// take to return once its context ended.
const stopMargin = 20 * time.Second

// awaitRun waits up to timeout for the controller's Run to send its
// result on done, and returns that result (as "Run() = err"), or, when Run
// hangs on shutdown, an error with the stacks of the controller's
// goroutines: the test fails then, instead of go test's -timeout after
// every other test (the goroutine cannot be killed; its context is
// already cancelled).
func awaitRun(done <-chan error, timeout time.Duration) error {
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("Run() = %w", err)
		}
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("the controller's Run did not return within %v of its context's end: it hangs on shutdown; its goroutines:\n%s", timeout, controllerStacks())
	}
}

// controllerStacks returns the stacks of the goroutines in
// examples/kube's Controller or started by env.controller, but for the
// caller's.
func controllerStacks() string {
	stacks := kubetest.Stacks()
	var out []string
	for g := range strings.SplitSeq(stacks, "\n\n") {
		if strings.Contains(g, "controllerStacks") { // this goroutine's
			continue
		}
		if strings.Contains(g, "examples/kube.(*Controller)") || strings.Contains(g, "(*env).controller") {
			out = append(out, g)
		}
	}
	return strings.Join(out, "\n\n")
}

// summary is the world in one line per RC (name, phase, replicas, status
// reason when set) and a last line for the DC (latestVersion, replicas).
func (e *env) summary(dc string) (string, error) {
	ctx := context.Background()
	rcs, err := e.admin.CoreV1().ReplicationControllers(e.ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		return "", err
	}
	slices.SortFunc(rcs.Items, func(a, b corev1.ReplicationController) int { return strings.Compare(a.Name, b.Name) })
	var b strings.Builder
	for _, rc := range rcs.Items {
		fmt.Fprintf(&b, "%s %s replicas=%d", rc.Name, rc.Annotations[dcplan.AnnotationPhase], val(rc.Spec.Replicas))
		if r := rc.Annotations[dcplan.AnnotationStatusReason]; r != "" {
			fmt.Fprintf(&b, " reason=%q", r)
		}
		b.WriteString("\n")
	}
	d, err := e.apps.AppsV1().DeploymentConfigs(e.ns).Get(ctx, dc, metav1.GetOptions{})
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "dc %s latestVersion=%d replicas=%d", dc, d.Status.LatestVersion, d.Spec.Replicas)
	return b.String(), nil
}

func val[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// awaitTimeout bounds every wait of the tests.
const awaitTimeout = 60 * time.Second

// await waits until the summary is want (and still is on a second read),
// and fails the test with the difference and the namespace's events when
// it is not within awaitTimeout.
func (e *env) await(dc, want string) {
	e.t.Helper()
	if err := e.awaitErr(dc, want, awaitTimeout); err != nil {
		e.t.Fatal(err)
	}
}

// awaitErr is await returning its failure.
func (e *env) awaitErr(dc, want string, timeout time.Duration) error {
	var got string
	err := e2e.Poll(context.Background(), timeout, "the world", func() (bool, error) {
		var err error
		if got, err = e.summary(dc); err != nil || got != want {
			return false, err
		}
		got, err = e.summary(dc)
		return got == want, err
	})
	if err != nil {
		return fmt.Errorf("%w\nworld mismatch (-want +got):\n%s\nevents:\n%s", err, gocmp.Diff(want, got), strings.Join(e.events(), "\n"))
	}
	return nil
}

// waitFor polls cond for at most awaitTimeout.
func (e *env) waitFor(what string, cond func() (bool, error)) {
	e.t.Helper()
	if err := e2e.Poll(context.Background(), awaitTimeout, what, cond); err != nil {
		e.t.Fatal(err)
	}
}

// events returns the namespace's events on the server, oldest first, as
// "<component> <kind>/<name> <type> <reason>: <message>".
func (e *env) events() []string {
	l, err := e.admin.CoreV1().Events(e.ns).List(context.Background(), metav1.ListOptions{})
	if err != nil {
		return []string{err.Error()}
	}
	slices.SortStableFunc(l.Items, func(a, b corev1.Event) int {
		ra, _ := strconv.ParseInt(a.ResourceVersion, 10, 64)
		rb, _ := strconv.ParseInt(b.ResourceVersion, 10, 64)
		return cmp.Compare(ra, rb)
	})
	var out []string
	for _, ev := range l.Items {
		out = append(out, fmt.Sprintf("%s %s/%s %s %s: %s", ev.Source.Component, ev.InvolvedObject.Kind, ev.InvolvedObject.Name, ev.Type, ev.Reason, ev.Message))
	}
	return out
}

// dc reads a DC.
func (e *env) dc(name string) *appsv1.DeploymentConfig {
	e.t.Helper()
	d, err := e.apps.AppsV1().DeploymentConfigs(e.ns).Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		e.t.Fatalf("get dc %s: %v", name, err)
	}
	return d
}

// rc reads an RC.
func (e *env) rc(name string) *corev1.ReplicationController {
	e.t.Helper()
	r, err := e.admin.CoreV1().ReplicationControllers(e.ns).Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		e.t.Fatalf("get rc %s: %v", name, err)
	}
	return r
}

// awaitPhase waits until RC rc exists with the phase annotation phase.
func (e *env) awaitPhase(rc, phase string) {
	e.t.Helper()
	e.waitFor("rc "+rc+" "+phase, func() (bool, error) {
		r, err := e.admin.CoreV1().ReplicationControllers(e.ns).Get(context.Background(), rc, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		return err == nil && r.Annotations[dcplan.AnnotationPhase] == phase, err
	})
}

package kube_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/klog/v2"
	"sigs.k8s.io/yaml"

	"github.com/dcplan/dcplan/examples/kube"
)

// manifests are the objects of deploy/, parsed into their typed structs.
type manifests struct {
	namespace      *corev1.Namespace
	serviceAccount *corev1.ServiceAccount
	clusterRole    *rbacv1.ClusterRole
	clusterBinding *rbacv1.ClusterRoleBinding
	role           *rbacv1.Role
	roleBinding    *rbacv1.RoleBinding
	deployment     *appsv1.Deployment
}

// loadManifests parses every YAML document of deploy/ strictly (unknown
// or duplicate fields are errors) into the typed object of its kind; a
// kind it does not expect, or one twice, fails the test.
func loadManifests(t testing.TB) manifests {
	t.Helper()
	files, err := filepath.Glob("deploy/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in deploy/: %v", err)
	}
	var m manifests
	seen := map[string]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
			if strings.TrimSpace(regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(doc, "")) == "" {
				continue
			}
			var tm metav1.TypeMeta
			if err := yaml.Unmarshal([]byte(doc), &tm); err != nil {
				t.Fatalf("%s document %d: %v", file, i, err)
			}
			var obj any
			switch tm.APIVersion + " " + tm.Kind {
			case "v1 Namespace":
				m.namespace = &corev1.Namespace{}
				obj = m.namespace
			case "v1 ServiceAccount":
				m.serviceAccount = &corev1.ServiceAccount{}
				obj = m.serviceAccount
			case "rbac.authorization.k8s.io/v1 ClusterRole":
				m.clusterRole = &rbacv1.ClusterRole{}
				obj = m.clusterRole
			case "rbac.authorization.k8s.io/v1 ClusterRoleBinding":
				m.clusterBinding = &rbacv1.ClusterRoleBinding{}
				obj = m.clusterBinding
			case "rbac.authorization.k8s.io/v1 Role":
				m.role = &rbacv1.Role{}
				obj = m.role
			case "rbac.authorization.k8s.io/v1 RoleBinding":
				m.roleBinding = &rbacv1.RoleBinding{}
				obj = m.roleBinding
			case "apps/v1 Deployment":
				m.deployment = &appsv1.Deployment{}
				obj = m.deployment
			default:
				t.Fatalf("%s document %d: unexpected %s %s", file, i, tm.APIVersion, tm.Kind)
			}
			if prev, dup := seen[tm.Kind]; dup {
				t.Fatalf("%s document %d: a second %s (the first in %s)", file, i, tm.Kind, prev)
			}
			seen[tm.Kind] = file
			if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
				t.Fatalf("%s document %d (%s): %v", file, i, tm.Kind, err)
			}
		}
	}
	if len(seen) != 7 {
		t.Fatalf("deploy/ holds %v, want a Namespace, ServiceAccount, ClusterRole, ClusterRoleBinding, Role, RoleBinding and Deployment", seen)
	}
	return m
}

// TestManifests: the objects of deploy/ parse, refer to one another
// consistently, and run the controller as the issue asks: 2 replicas,
// probes on the health address, resource requests, a read-only root
// filesystem, a non-root user, the Lease in the controller's namespace.
func TestManifests(t *testing.T) {
	m := loadManifests(t)
	ns, sa := m.namespace.Name, m.serviceAccount.Name
	subject := []rbacv1.Subject{{Kind: "ServiceAccount", Name: sa, Namespace: ns}}
	for _, tc := range []struct {
		what      string
		got, want any
	}{
		{"service account namespace", m.serviceAccount.Namespace, ns},
		{"role namespace", m.role.Namespace, ns},
		{"role binding namespace", m.roleBinding.Namespace, ns},
		{"deployment namespace", m.deployment.Namespace, ns},
		{"cluster role binding subjects", m.clusterBinding.Subjects, subject},
		{"cluster role binding role", m.clusterBinding.RoleRef, rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: m.clusterRole.Name}},
		{"role binding subjects", m.roleBinding.Subjects, subject},
		{"role binding role", m.roleBinding.RoleRef, rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: m.role.Name}},
		{"replicas", ptrVal(m.deployment.Spec.Replicas), int32(2)},
		{"service account", m.deployment.Spec.Template.Spec.ServiceAccountName, sa},
		{"containers", len(m.deployment.Spec.Template.Spec.Containers), 1},
	} {
		if d := cmp.Diff(tc.want, tc.got); d != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", tc.what, d)
		}
	}
	pod := m.deployment.Spec.Template.Spec
	c := pod.Containers[0]
	if psc := pod.SecurityContext; psc == nil || !ptrVal(psc.RunAsNonRoot) || ptrVal(psc.RunAsUser) == 0 {
		t.Errorf("the pod must run as a non-root user: %+v", psc)
	}
	if sc := c.SecurityContext; sc == nil || !ptrVal(sc.ReadOnlyRootFilesystem) || ptrVal(sc.AllowPrivilegeEscalation) {
		t.Errorf("the container must have a read-only root filesystem and no privilege escalation: %+v", sc)
	}
	if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() {
		t.Errorf("the container must request cpu and memory: %v", c.Resources.Requests)
	}
	if grace := ptrVal(pod.TerminationGracePeriodSeconds); time.Duration(grace)*time.Second <= kube.DefaultDrainTimeout {
		t.Errorf("terminationGracePeriodSeconds %d leaves no time past the drain timeout (%v) to release the lease", grace, kube.DefaultDrainTimeout)
	}
	ports := map[string]int32{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
	}
	args := strings.Join(c.Args, " ")
	for _, probe := range []struct {
		what string
		p    *corev1.Probe
		path string
	}{{"liveness", c.LivenessProbe, "/healthz"}, {"readiness", c.ReadinessProbe, "/readyz"}} {
		if probe.p == nil || probe.p.HTTPGet == nil {
			t.Errorf("no %s probe", probe.what)
			continue
		}
		port := probe.p.HTTPGet.Port.IntVal
		if probe.p.HTTPGet.Port.StrVal != "" {
			port = ports[probe.p.HTTPGet.Port.StrVal]
		}
		if probe.p.HTTPGet.Path != probe.path || !strings.Contains(args, fmt.Sprintf("--health-address=:%d", port)) {
			t.Errorf("%s probe GET %s on port %d; want %s on the --health-address of %q", probe.what, probe.p.HTTPGet.Path, port, probe.path, args)
		}
	}
	if !strings.Contains(args, "--leader-elect-namespace=$(POD_NAMESPACE)") ||
		!slices.ContainsFunc(c.Env, func(e corev1.EnvVar) bool {
			return e.Name == "POD_NAMESPACE" && e.ValueFrom != nil && e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.namespace"
		}) {
		t.Errorf("the Lease must be in the pod's namespace, where the Role grants it: args %q, env %v", args, c.Env)
	}
}

// TestDockerfile: the image's user is the one the Deployment runs as, and
// it builds the command that is in this module.
func TestDockerfile(t *testing.T) {
	m := loadManifests(t)
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	psc := m.deployment.Spec.Template.Spec.SecurityContext
	user := fmt.Sprintf("\nUSER %d:%d\n", ptrVal(psc.RunAsUser), ptrVal(psc.RunAsGroup))
	if !bytes.Contains(data, []byte(user)) {
		t.Errorf("the Dockerfile lacks %q, the Deployment's user", strings.TrimSpace(user))
	}
	build := regexp.MustCompile(`(?m)^RUN cd examples/kube && go build .* (\./cmd/[a-z-]+)$`).FindSubmatch(data)
	if build == nil {
		t.Fatal("the Dockerfile has no `RUN cd examples/kube && go build ... ./cmd/...` line")
	}
	if _, err := os.Stat(filepath.Join(string(build[1]), "main.go")); err != nil {
		t.Errorf("the Dockerfile builds %s: %v", build[1], err)
	}
	if !bytes.Contains(data, []byte("FROM gcr.io/distroless/static-debian12:nonroot")) {
		t.Errorf("the last stage is not the distroless nonroot image")
	}
}

// grant is one verb on one resource ("pods", "deploymentconfigs/status")
// of one API group.
type grant struct{ group, resource, verb string }

func (g grant) String() string { return fmt.Sprintf("%s %s.%s", g.verb, g.resource, g.group) }

// grants expands RBAC rules into their grants; a wildcard is kept as
// written, so that the least-privilege check sees it.
func grants(rules []rbacv1.PolicyRule) []grant {
	var out []grant
	for _, r := range rules {
		for _, g := range r.APIGroups {
			for _, res := range r.Resources {
				for _, v := range r.Verbs {
					out = append(out, grant{g, res, v})
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b grant) int { return strings.Compare(a.String(), b.String()) })
	return out
}

// needed is every request the controller can send with the Modern and
// Exact presets, each with the code that sends it; the Lease requests are
// granted by the Role, the others by the ClusterRole. Read from the code:
// the informers (kube.New), wire.RunPass's reads, the requests wire
// renders for the actions reconcile.Config and phase.Step plan (Client.Do
// sends them), record.EventBroadcaster's sink and client-go's LeaseLock.
// The seeds' replica sync (update deploymentconfigs), Origin10's cancel by
// deadline (update pods, SetPodDeadline) and oc's requests
// (instantiate, patching a DC, cancelling by patch) are not the
// controller's under these presets.
var needed = []struct {
	grant
	why string
}{
	{grant{"apps.openshift.io", "deploymentconfigs", "list"}, "the DC informer"},
	{grant{"apps.openshift.io", "deploymentconfigs", "watch"}, "the DC informer"},
	{grant{"apps.openshift.io", "deploymentconfigs", "get"}, "wire.RunPass's adoption recheck (SPEC 3.3.2)"},
	{grant{"apps.openshift.io", "deploymentconfigs/status", "update"}, "the DC status write (Plan.Status)"},
	{grant{"", "replicationcontrollers", "list"}, "the RC informer"},
	{grant{"", "replicationcontrollers", "watch"}, "the RC informer"},
	{grant{"", "replicationcontrollers", "get"}, "wire.RunPass's read of the live RC after AlreadyExists"},
	{grant{"", "replicationcontrollers", "create"}, "CreateRC"},
	{grant{"", "replicationcontrollers", "update"}, "Scale, Cancel, Transition"},
	{grant{"", "replicationcontrollers", "patch"}, "Adopt, Release"},
	{grant{"", "replicationcontrollers", "delete"}, "DeleteRC (history cleanup)"},
	{grant{"", "pods", "list"}, "the pod informer"},
	{grant{"", "pods", "watch"}, "the pod informer"},
	{grant{"", "pods", "create"}, "CreatePod (deployer and hook pods)"},
	{grant{"", "pods", "patch"}, "SetPodOwner"},
	{grant{"", "pods", "delete"}, "DeletePod"},
	{grant{"", "events", "create"}, "the event recorder"},
	{grant{"", "events", "patch"}, "the event recorder, a repeated event"},
	{grant{"coordination.k8s.io", "leases", "get"}, "leader election"},
	{grant{"coordination.k8s.io", "leases", "create"}, "leader election, the first leader"},
	{grant{"coordination.k8s.io", "leases", "update"}, "leader election, renew and release"},
}

// TestRBACIsLeastPrivilege: the ClusterRole and the Role grant exactly
// the requests the controller can send (needed), no other verb, resource
// or wildcard; the Lease only in the controller's namespace.
func TestRBACIsLeastPrivilege(t *testing.T) {
	m := loadManifests(t)
	var wantCluster, wantRole []grant
	for _, n := range needed {
		if n.resource == "leases" {
			wantRole = append(wantRole, n.grant)
		} else {
			wantCluster = append(wantCluster, n.grant)
		}
	}
	sorted := func(g []grant) []grant {
		return slices.SortedFunc(slices.Values(g), func(a, b grant) int { return strings.Compare(a.String(), b.String()) })
	}
	opt := cmp.Transformer("text", grant.String)
	if d := cmp.Diff(sorted(wantCluster), grants(m.clusterRole.Rules), opt); d != "" {
		t.Errorf("ClusterRole grants mismatch (-needed +granted):\n%s", d)
	}
	if d := cmp.Diff(sorted(wantRole), grants(m.role.Rules), opt); d != "" {
		t.Errorf("Role grants mismatch (-needed +granted):\n%s", d)
	}
	for _, r := range slices.Concat(m.clusterRole.Rules, m.role.Rules) {
		if len(r.ResourceNames) > 0 || len(r.NonResourceURLs) > 0 {
			t.Errorf("rule %+v: resourceNames and nonResourceURLs are not expected", r)
		}
	}
}

// allows reports whether rules grant g.
func allows(rules []rbacv1.PolicyRule, g grant) bool {
	has := func(list []string, s string) bool { return slices.Contains(list, s) || slices.Contains(list, "*") }
	return slices.ContainsFunc(rules, func(r rbacv1.PolicyRule) bool {
		return has(r.APIGroups, g.group) && has(r.Resources, g.resource) && has(r.Verbs, g.verb)
	})
}

// TestRBACCoversRequests runs the controller as deployed (leader
// election, events to the API server) through observed clientsets while
// DCs roll out, fail, are cancelled and have their history cleaned up,
// and checks every request it sent against the manifests' rules: the
// ClusterRole's anywhere, the Role's in the controller's namespace only.
func TestRBACCoversRequests(t *testing.T) {
	m := loadManifests(t)
	c := newCluster(t)
	var mu sync.Mutex
	sent := map[grant][]string{} // the namespaces of each grant's requests
	kubeClient, appsClient := c.kc.Observed(func(a clienttesting.Action) {
		gvr := a.GetResource()
		if gvr.Resource == "resource" && gvr.Group == "" && gvr.Version == "" {
			return // discovery: a non-resource URL, granted to every user by system:discovery
		}
		res := gvr.Resource
		if a.GetSubresource() != "" {
			res += "/" + a.GetSubresource()
		}
		g := grant{gvr.Group, res, a.GetVerb()}
		mu.Lock()
		defer mu.Unlock()
		if !slices.Contains(sent[g], a.GetNamespace()) {
			sent[g] = append(sent[g], a.GetNamespace())
		}
	})
	k := newKubelet(c)
	k.run(t)
	ctx, cancel := context.WithCancel(context.Background())
	ctrl := kube.New(kubeClient, appsClient, kube.Options{Namespace: ns, Now: func() time.Time { return epoch },
		Logger:         klog.NewKlogr().V(10),
		LeaderElection: &kube.LeaderElection{Namespace: m.namespace.Name, Name: "dcplan-controller", RetryPeriod: 100 * time.Millisecond}})
	done := make(chan error, 1)
	go func() { done <- ctrl.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	dc := newDC("frontend", "registry/shop/frontend:v1", 2)
	limit := int32(1)
	dc.Spec.RevisionHistoryLimit = &limit
	c.createDC(t, dc)
	c.await(t, "frontend", "frontend-1 Complete replicas=2 reason=\"config change\"\ndc frontend latestVersion=1 replicas=2")
	k.Fail("frontend-2", true)
	c.setImage(t, "frontend", "registry/shop/frontend:v2")
	waitFor(t, "frontend-2 failed", func() bool {
		return slices.ContainsFunc(c.rcs(t), func(rc corev1.ReplicationController) bool {
			return rc.Name == "frontend-2" && rc.Annotations["openshift.io/deployment.phase"] == "Failed"
		})
	})
	k.Hold("frontend-3", true)
	c.setImage(t, "frontend", "registry/shop/frontend:v3")
	waitFor(t, "frontend-3 running", func() bool { return slices.Contains(c.deployerPods(t), "frontend-3-deploy Running") })
	c.cancel(t, "frontend-3")
	c.setImage(t, "frontend", "registry/shop/frontend:v4")
	waitFor(t, "frontend-4 complete, the history cleaned up", func() bool {
		names := []string{}
		for _, rc := range c.rcs(t) {
			names = append(names, rc.Name+" "+rc.Annotations["openshift.io/deployment.phase"])
		}
		return slices.Equal(names, []string{"frontend-3 Failed", "frontend-4 Complete"})
	})
	waitFor(t, "an event to reach the API server", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(sent[grant{"", "events", "create"}]) > 0
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run() = %v", err)
	}
	done <- nil // for the cleanup

	mu.Lock()
	defer mu.Unlock()
	var lines []string
	for g, namespaces := range sent {
		for _, n := range namespaces {
			ok := allows(m.clusterRole.Rules, g) || n == m.role.Namespace && allows(m.role.Rules, g)
			lines = append(lines, fmt.Sprintf("%s in %q: allowed %v", g, n, ok))
			if !ok {
				t.Errorf("the controller sent %s in namespace %q, which the manifests do not grant", g, n)
			}
		}
	}
	slices.Sort(lines)
	t.Logf("requests sent:\n%s", strings.Join(lines, "\n"))
	var unexercised bytes.Buffer
	for _, n := range needed {
		if _, ok := sent[n.grant]; !ok {
			fmt.Fprintf(&unexercised, "\n%s (%s)", n.grant, n.why)
		}
	}
	if unexercised.Len() > 0 {
		t.Logf("granted, not exercised by this rollout:%s", unexercised.String())
	}
	for _, g := range []grant{{"", "replicationcontrollers", "create"}, {"", "replicationcontrollers", "delete"},
		{"", "pods", "create"}, {"apps.openshift.io", "deploymentconfigs/status", "update"}, {"coordination.k8s.io", "leases", "update"}} {
		if _, ok := sent[g]; !ok {
			t.Errorf("the rollout never sent %s: the test no longer exercises what it claims", g)
		}
	}
}

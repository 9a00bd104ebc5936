package e2e_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// exitTimeout bounds how long a binary that must exit may take.
const exitTimeout = 60 * time.Second

// awaitExitStatus waits for b's exit and checks its status and that its
// log names the cause (every pattern, as regular expressions).
func awaitExitStatus(t *testing.T, b *binary, want int, patterns ...string) {
	t.Helper()
	code := b.awaitExit(exitTimeout)
	log := b.log()
	if code != want {
		t.Fatalf("exit status %d, want %d; log:\n%s", code, want, log)
	}
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(log) {
			t.Errorf("the log does not match %q:\n%s", p, log)
		}
	}
	lines := strings.Split(strings.TrimSpace(log), "\n")
	t.Logf("exit %d: %s", code, lines[len(lines)-1])
}

// TestExitStatuses runs the binary where it must give up, on the real
// server where there is one, and checks main.go's exit status and that
// the message names the cause.
func TestExitStatuses(t *testing.T) {
	t.Parallel()
	t.Run("3 no configuration", func(t *testing.T) {
		t.Parallel()
		var env []string
		for _, kv := range os.Environ() {
			if k, _, _ := strings.Cut(kv, "="); !slices.Contains([]string{"KUBECONFIG", "HOME", "KUBERNETES_SERVICE_HOST", "KUBERNETES_SERVICE_PORT"}, k) {
				env = append(env, kv)
			}
		}
		env = append(env, "HOME="+t.TempDir())
		b := startBinaryEnv(t, "no-config", env)
		awaitExitStatus(t, b, 3, `no client configuration`, `--kubeconfig FILE`)
	})
	t.Run("4 kubeconfig missing", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "absent", "kubeconfig")
		b := startBinary(t, "kubeconfig-missing", "--kubeconfig="+path)
		awaitExitStatus(t, b, 4, regexp.QuoteMeta(path), `no such file or directory`)
	})
	t.Run("5 closed port", func(t *testing.T) {
		t.Parallel()
		port, err := e2e.FreePort()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "kubeconfig")
		url := "https://127.0.0.1:" + strconv.Itoa(port)
		if err := e2e.WriteKubeconfig(path, url, filepath.Join(cp.APIServer.Dir, "certs", "apiserver.crt"), "token"); err != nil {
			t.Fatal(err)
		}
		b := startBinary(t, "closed-port", "--kubeconfig="+path)
		awaitExitStatus(t, b, 5, `API server is unreachable`, regexp.QuoteMeta("127.0.0.1:"+strconv.Itoa(port)), `connection refused`)
	})
	t.Run("6 refused token", func(t *testing.T) {
		t.Parallel()
		b := startBinary(t, "refused-token", "--kubeconfig="+kubeconfig(t, "not-a-token-the-server-knows"))
		awaitExitStatus(t, b, 6, `refused the credentials`, `Unauthorized`)
	})
	t.Run("7 no DeploymentConfig API", func(t *testing.T) {
		t.Parallel()
		// A second kube-apiserver on the shared etcd with a keyspace of
		// its own: a cluster without the CRD, while the other tests keep
		// theirs. No compaction: etcd's is global.
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		start := time.Now()
		s, err := e2e.StartAPIServer(ctx, apiserverBin, t.TempDir(), cp.Etcd, "--etcd-prefix=/dcplan-e2e-no-crd", "--etcd-compaction-interval=0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := s.Proc.Stop(10 * time.Second); err != nil {
				t.Error(err)
			}
		})
		t.Logf("a second kube-apiserver without the CRD ready in %v", time.Since(start).Round(100*time.Millisecond))
		path := filepath.Join(t.TempDir(), "kubeconfig")
		if err := s.WriteKubeconfig(path, s.AdminToken); err != nil {
			t.Fatal(err)
		}
		b := startBinary(t, "no-crd", "--kubeconfig="+path)
		awaitExitStatus(t, b, 7, `does not serve deploymentconfigs\.apps\.openshift\.io/v1`, `apps\.openshift\.io/v1 is not served`)
	})
	t.Run("8 lease lost", func(t *testing.T) {
		t.Parallel()
		// The leader's Lease Role is taken away: its renewals are
		// refused until the renew deadline, then it exits.
		e := newEnv(t)
		applyLeaseRole(t, e.ns)
		tok := saToken(t, e.ns, "dcplan-controller")
		b := startBinary(t, "lease-lost", "--kubeconfig="+kubeconfig(t, tok.Token), "--namespace="+e.ns,
			"--leader-elect-namespace="+e.ns, "--leader-elect-identity=replica-a",
			"--leader-elect-lease-duration="+leaseDuration.String(), "--leader-elect-renew-deadline="+renewDeadline.String(),
			"--leader-elect-retry-period="+retryPeriod.String())
		e.waitFor("the Lease held", func() (bool, error) {
			return strings.Contains(b.log(), `"Leading"`), nil
		})
		binding := manifestOf(t, readManifests(t), "RoleBinding").GetName()
		revoked := time.Now()
		if err := e.admin.RbacV1().RoleBindings(e.ns).Delete(context.Background(), binding, metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		awaitExitStatus(t, b, 8, `lost the leader lease`, regexp.QuoteMeta(e.ns+"/dcplan-controller"))
		t.Logf("exited %v after the Lease RoleBinding was deleted (renew deadline %v)", time.Since(revoked).Round(10*time.Millisecond), renewDeadline)
	})
}

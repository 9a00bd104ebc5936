package e2e_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	authenticationv1 "k8s.io/api/authentication/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// ctrlBin is the dcplan-controller binary, built once per test binary.
var ctrlBin struct {
	once sync.Once
	path string
	err  error
}

// controllerBinary builds cmd/dcplan-controller of the examples/kube
// module (its own go.mod, as the Dockerfile builds it) under cp.Dir, once.
func controllerBinary(t testing.TB) string {
	t.Helper()
	ctrlBin.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		start := time.Now()
		ctrlBin.path, ctrlBin.err = e2e.BuildController(ctx, "..", filepath.Join(cp.Dir, "bin"))
		t.Logf("built %s in %v", ctrlBin.path, time.Since(start).Round(100*time.Millisecond))
	})
	if ctrlBin.err != nil {
		t.Fatal(ctrlBin.err)
	}
	return ctrlBin.path
}

// binary is a dcplan-controller process a test started.
type binary struct {
	*e2e.Process
	t testing.TB
	// health is the host:port of its /healthz and /readyz.
	health string
	// started is when the test started it.
	started time.Time
}

// token is a ServiceAccount token and the credential id the server's
// audit events carry for it.
type token struct {
	Token string
	// CredentialID is "JTI=<the token's jti>", the audit events'
	// user.extra["authentication.kubernetes.io/credential-id"].
	CredentialID string
}

// credentialIDKey is the user extra that names a ServiceAccount token.
const credentialIDKey = "authentication.kubernetes.io/credential-id"

// saToken requests a token of ServiceAccount ns/name for an hour.
func saToken(t testing.TB, ns, name string) token {
	t.Helper()
	admin := kubernetes.NewForConfigOrDie(cp.APIServer.Config(cp.APIServer.AdminToken))
	exp := int64(3600)
	tr, err := admin.CoreV1().ServiceAccounts(ns).CreateToken(context.Background(), name,
		&authenticationv1.TokenRequest{Spec: authenticationv1.TokenRequestSpec{ExpirationSeconds: &exp}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("token request for %s/%s: %v", ns, name, err)
	}
	parts := strings.Split(tr.Status.Token, ".")
	if len(parts) != 3 {
		t.Fatalf("token of %s/%s is not a JWT", ns, name)
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatalf("token of %s/%s: %v", ns, name, err)
	}
	var claims struct {
		JTI string `json:"jti"`
	}
	if err := json.Unmarshal(payload, &claims); err != nil || claims.JTI == "" {
		t.Fatalf("token of %s/%s has no jti (%v): %s", ns, name, err, payload)
	}
	return token{Token: tr.Status.Token, CredentialID: "JTI=" + claims.JTI}
}

// kubeconfig writes a kubeconfig for the shared server with tok into a
// temporary directory of t and returns its path.
func kubeconfig(t testing.TB, tok string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kubeconfig")
	if err := cp.APIServer.WriteKubeconfig(path, tok); err != nil {
		t.Fatal(err)
	}
	return path
}

// startBinary runs the controller binary with args, then /healthz and
// /readyz on a free loopback port and no metrics server (the last flag
// wins over args'), and its log under t's temporary directory. The test's
// cleanup kills it (SIGTERM, SIGKILL after 15 s) and checks that nothing
// of its process group is left; when the test failed, it logs the
// binary's log.
func startBinary(t testing.TB, name string, args ...string) *binary {
	t.Helper()
	return startBinaryEnv(t, name, nil, args...)
}

// startBinaryEnv is startBinary with the environment env (nil: the test
// binary's).
func startBinaryEnv(t testing.TB, name string, env []string, args ...string) *binary {
	t.Helper()
	port, err := e2e.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	return startBinaryAt(t, name, "127.0.0.1:"+strconv.Itoa(port), env, args...)
}

// startBinaryAt is startBinaryEnv with /healthz and /readyz on health.
func startBinaryAt(t testing.TB, name, health string, env []string, args ...string) *binary {
	t.Helper()
	argv := append(append([]string{controllerBinary(t)}, args...), "--health-address="+health, "--metrics-address=")
	log := filepath.Join(t.TempDir(), name+".log")
	p, err := e2e.StartProcessEnv("dcplan-controller "+name, log, env, argv...)
	if err != nil {
		t.Fatal(err)
	}
	b := &binary{Process: p, t: t, health: health, started: time.Now()}
	t.Cleanup(func() {
		if err := p.Stop(15 * time.Second); err != nil {
			t.Error(err)
		}
		if t.Failed() {
			t.Logf("%s's log ends:\n%s", p.Name, p.LogTail(40))
		}
	})
	return b
}

// readyz returns the status code and body of the binary's /readyz.
func (b *binary) readyz() (int, string, error) {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get("http://" + b.health + "/readyz")
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body)), err
}

// awaitReady waits until /readyz answers 200 (caches synced, taking part
// in the election) from the binary (it holds the listener), failing the
// test when the binary exits first.
func (b *binary) awaitReady() {
	b.t.Helper()
	if err := b.awaitReadyErr(awaitTimeout); err != nil {
		b.t.Fatalf("%v\n%s's log ends:\n%s", err, b.Name, b.LogTail(20))
	}
}

// awaitReadyErr is awaitReady returning its failure, waiting up to
// timeout.
func (b *binary) awaitReadyErr(timeout time.Duration) error {
	return e2e.Poll(context.Background(), timeout, b.Name+" ready", func() (bool, error) {
		if b.Exited() {
			return false, e2e.Final(fmt.Errorf("%s exited with status %d", b.Name, b.ExitCode()))
		}
		code, _, err := b.readyz()
		if code != http.StatusOK || err != nil {
			return false, err
		}
		// Another process may have taken the port between FreePort
		// and the binary's listen: the answer is ours only when the
		// binary holds the listener.
		ours, err := e2e.ListensOn(b.Pid(), b.health)
		if err == nil && !ours {
			err = fmt.Errorf("another process answers /readyz on %s", b.health)
		}
		return ours, err
	})
}

// awaitExit waits up to timeout for the binary to exit and returns its
// exit status.
func (b *binary) awaitExit(timeout time.Duration) int {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := b.WaitExit(ctx); err != nil {
		b.t.Fatalf("%v\n%s's log ends:\n%s", err, b.Name, b.LogTail(20))
	}
	return b.ExitCode()
}

// log returns the binary's whole log.
func (b *binary) log() string {
	data, err := os.ReadFile(b.Log)
	if err != nil {
		return err.Error()
	}
	return string(data)
}

// vmHWM returns the peak resident set size of the running binary, in
// bytes: VmHWM of /proc/<pid>/status.
func (b *binary) vmHWM() (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", b.Pid()))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", b.Pid())
}

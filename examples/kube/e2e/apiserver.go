package e2e

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// APIServer is a kube-apiserver on loopback over an Etcd: serving
// certificates it made itself (--cert-dir), a service-account signing key
// made by StartAPIServer, RBAC authorization, a static token for the
// admin (group system:masters), and an audit log of every request to a
// namespaced resource at level RequestResponse.
type APIServer struct {
	// URL is https://127.0.0.1:<port>.
	URL string
	// Dir holds the certificates, keys, token file, audit policy, audit
	// log and server log.
	Dir string
	// AdminToken is the bearer token of user "admin" (system:masters).
	AdminToken string
	// KubeletToken is the bearer token of user "e2e-kubelet"
	// (system:masters), whose requests the audit log leaves out.
	KubeletToken string
	// AuditLog is the audit log file (JSON lines of audit.k8s.io/v1 Event).
	AuditLog string
	// Proc is the running server.
	Proc *Process

	bin  string
	args []string
}

// auditPolicy records every write to a resource at RequestResponse
// (request and response bodies) and every read at Metadata, but for the
// tests' own setup (namespaces, service accounts and tokens, RBAC, the
// CRD), leases, and the test kubelet's requests.
const auditPolicy = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
- level: None
  nonResourceURLs: ["*"]
- level: None
  resources:
  - group: "coordination.k8s.io"
  - group: ""
    resources: ["namespaces", "serviceaccounts", "serviceaccounts/token"]
  - group: "rbac.authorization.k8s.io"
  - group: "apiextensions.k8s.io"
- level: None
  users: ["e2e-kubelet"]
- level: Metadata
  verbs: ["get", "list", "watch"]
- level: RequestResponse
`

// StartAPIServer starts the kube-apiserver binary bin over etcd with its
// files under dir, and waits up to 3 minutes for /readyz. The extra flags
// come after the usual ones (a second server on the same etcd takes
// "--etcd-prefix", "/other": its own keyspace, its own cluster).
func StartAPIServer(ctx context.Context, bin, dir string, etcd *Etcd, extra ...string) (*APIServer, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("e2e: apiserver dir: %w", err)
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("e2e: service-account key: %w", err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("e2e: service-account key: %w", err)
	}
	token, err := newToken()
	if err != nil {
		return nil, err
	}
	kubeletToken, err := newToken()
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{
		"sa.key":     pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}),
		"sa.pub":     pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}),
		"tokens.csv": []byte(token + ",admin,admin,system:masters\n" + kubeletToken + ",e2e-kubelet,e2e-kubelet,system:masters\n"),
		"audit.yaml": []byte(auditPolicy),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			return nil, fmt.Errorf("e2e: apiserver %s: %w", name, err)
		}
	}
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	s := &APIServer{URL: "https://127.0.0.1:" + strconv.Itoa(port), Dir: dir, AdminToken: token, KubeletToken: kubeletToken,
		AuditLog: filepath.Join(dir, "audit.log"), bin: bin}
	s.args = []string{
		"--etcd-servers", etcd.URL,
		"--bind-address", "127.0.0.1",
		"--advertise-address", "127.0.0.1",
		"--endpoint-reconciler-type", "none", // a loopback address has no endpoints
		"--secure-port", strconv.Itoa(port),
		"--cert-dir", filepath.Join(dir, "certs"),
		"--service-cluster-ip-range", "10.0.0.0/24",
		"--service-account-issuer", "https://kubernetes.default.svc",
		"--service-account-key-file", filepath.Join(dir, "sa.pub"),
		"--service-account-signing-key-file", filepath.Join(dir, "sa.key"),
		"--token-auth-file", filepath.Join(dir, "tokens.csv"),
		"--authorization-mode", "RBAC",
		"--audit-policy-file", filepath.Join(dir, "audit.yaml"),
		"--audit-log-path", s.AuditLog,
		"--audit-log-format", "json",
		"--audit-log-mode", "blocking",
		"--audit-log-maxsize", "0",
		"--enable-priority-and-fairness=false",
		"--watch-cache=true",
		"--v", "1",
	}
	s.args = append(s.args, extra...)
	if err := s.start(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Restart stops the server (SIGTERM, then SIGKILL after 10 s), calls
// whileDown (when not nil), and starts the server again with the same
// flags, port and files, then waits for /readyz.
func (s *APIServer) Restart(ctx context.Context, whileDown func() error) error {
	if err := s.Proc.Stop(10 * time.Second); err != nil {
		return err
	}
	if whileDown != nil {
		if err := whileDown(); err != nil {
			return err
		}
	}
	return s.start(ctx)
}

func (s *APIServer) start(ctx context.Context) error {
	p, err := StartProcess("kube-apiserver", filepath.Join(s.Dir, "kube-apiserver.log"), append([]string{s.bin}, s.args...)...)
	if err != nil {
		return err
	}
	s.Proc = p
	if err := s.waitReady(ctx, 3*time.Minute); err != nil {
		_ = p.Kill()
		return err
	}
	return nil
}

// Config returns a client configuration for the server with bearer token
// (AdminToken for the admin), trusting the server's own certificate.
func (s *APIServer) Config(token string) *rest.Config {
	return &rest.Config{
		Host:            s.URL,
		BearerToken:     token,
		TLSClientConfig: rest.TLSClientConfig{CAFile: filepath.Join(s.Dir, "certs", "apiserver.crt")},
		QPS:             -1, // no client-side rate limit: the tests measure the server
	}
}

// ErrNotReady reports a server that did not become ready.
var ErrNotReady = errors.New("e2e: kube-apiserver not ready")

// waitReady polls /readyz until it answers ok, the process exits, or the
// timeout passes.
func (s *APIServer) waitReady(ctx context.Context, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last error
	for {
		if _, err := os.Stat(filepath.Join(s.Dir, "certs", "apiserver.crt")); err == nil {
			last = s.readyz(ctx)
			if last == nil {
				return nil
			}
		}
		if s.Proc.Exited() {
			return fmt.Errorf("%w: it exited; its log ends:\n%s", ErrNotReady, s.Proc.LogTail(30))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w: %v: %w; its log ends:\n%s", ErrNotReady, last, ctx.Err(), s.Proc.LogTail(30))
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (s *APIServer) readyz(ctx context.Context) error {
	cs, err := kubernetes.NewForConfig(s.Config(s.AdminToken))
	if err != nil {
		return fmt.Errorf("e2e: client: %w", err)
	}
	body, err := cs.Discovery().RESTClient().Get().AbsPath("/readyz").DoRaw(ctx)
	if err != nil {
		return fmt.Errorf("e2e: readyz: %w", err)
	}
	if string(body) != "ok" {
		return fmt.Errorf("e2e: readyz: %q", body)
	}
	return nil
}

// newToken returns 32 random hex digits.
func newToken() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("e2e: token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

package e2e_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestAwaitReadyIsOurs: another process answers /readyz 200 on the
// health address the binary was given (it took the port between
// FreePort and the binary's listen): the binary cannot listen there and
// exits, and awaitReady must not take the other's answer for its own.
func TestAwaitReadyIsOurs(t *testing.T) {
	t.Parallel()
	other := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("ok"))
	}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	other.Listener = ln
	other.Start()
	defer other.Close()
	e := newEnv(t)
	applyLeaseRole(t, e.ns)
	tok := saToken(t, e.ns, "dcplan-controller")
	b := startBinaryAt(t, "port-taken", ln.Addr().String(), nil, "--kubeconfig="+kubeconfig(t, tok.Token), "--namespace="+e.ns,
		"--leader-elect-namespace="+e.ns)
	err = b.awaitReadyErr(15 * time.Second)
	if err == nil {
		status := b.awaitExit(30 * time.Second)
		t.Fatalf("awaitReady accepted the /readyz of another process on %s; the binary exited with status %d:\n%s", ln.Addr(), status, b.LogTail(3))
	}
	t.Logf("awaitReady: %v", err)
}

package e2e

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestEtcdHealthyIsItsOwn: an etcd that lost its client port to another
// etcd between FreePort and its bind (another test binary's, say) exits,
// and the other one answers /health on that URL: StartEtcd must not take
// that answer for its own server's.
func TestEtcdHealthyIsItsOwn(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	other, err := StartEtcd(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Proc.Stop(5 * time.Second)
	bin, err := exec.LookPath("etcd")
	if err != nil {
		t.Fatal(err)
	}
	peer, err := FreePort()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	peerURL := fmt.Sprintf("http://127.0.0.1:%d", peer)
	p, err := StartProcess("etcd", filepath.Join(dir, "etcd.log"), bin, "--name", "e2e",
		"--data-dir", filepath.Join(dir, "etcd-data"),
		"--listen-client-urls", other.URL, "--advertise-client-urls", other.URL,
		"--listen-peer-urls", peerURL, "--initial-advertise-peer-urls", peerURL,
		"--initial-cluster", "e2e="+peerURL, "--logger", "zap", "--log-outputs", "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(5 * time.Second)
	e := &Etcd{URL: other.URL, Proc: p, name: "e2e"}
	if err := e.waitHealthy(ctx, 30*time.Second); err == nil {
		<-p.Done()
		t.Fatalf("waitHealthy = nil for an etcd that exited (status %d); its log ends:\n%s", p.ExitCode(), p.LogTail(3))
	} else {
		t.Logf("waitHealthy: %.300v", err)
	}
}

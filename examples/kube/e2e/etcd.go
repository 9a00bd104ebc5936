package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Etcd is an etcd server on loopback with its data in a directory of its
// own.
type Etcd struct {
	// URL is the client URL (http://127.0.0.1:<port>).
	URL string
	// Proc is the running server.
	Proc *Process
}

// StartEtcd starts the etcd binary found on PATH (Debian's etcd-server
// package installs /usr/bin/etcd) with its data and log under dir, on two
// free loopback ports, and waits up to 30 s for its /health to answer.
func StartEtcd(ctx context.Context, dir string) (*Etcd, error) {
	bin, err := exec.LookPath("etcd")
	if err != nil {
		return nil, fmt.Errorf("e2e: etcd is not installed (apt-get install etcd-server): %w", err)
	}
	client, err := FreePort()
	if err != nil {
		return nil, err
	}
	peer, err := FreePort()
	if err != nil {
		return nil, err
	}
	clientURL := fmt.Sprintf("http://127.0.0.1:%d", client)
	peerURL := fmt.Sprintf("http://127.0.0.1:%d", peer)
	p, err := StartProcess("etcd", filepath.Join(dir, "etcd.log"), bin,
		"--name", "e2e",
		"--data-dir", filepath.Join(dir, "etcd-data"),
		"--listen-client-urls", clientURL,
		"--advertise-client-urls", clientURL,
		"--listen-peer-urls", peerURL,
		"--initial-advertise-peer-urls", peerURL,
		"--initial-cluster", "e2e="+peerURL,
		"--logger", "zap", "--log-outputs", "stderr",
	)
	if err != nil {
		return nil, err
	}
	e := &Etcd{URL: clientURL, Proc: p}
	if err := e.waitHealthy(ctx, 30*time.Second); err != nil {
		_ = p.Kill()
		return nil, err
	}
	return e, nil
}

// waitHealthy polls /health until it reports true, the process exits, or
// the timeout passes.
func (e *Etcd) waitHealthy(ctx context.Context, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last string
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, e.URL+"/health", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if strings.Contains(string(body), `"true"`) {
				return nil
			}
			last = string(body)
		} else {
			last = err.Error()
		}
		if e.Proc.Exited() {
			return fmt.Errorf("e2e: etcd exited before it was healthy (log %s)", e.Proc.Log)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("e2e: etcd not healthy (%s): %w", last, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

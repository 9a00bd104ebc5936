package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
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

	// name is the member name it was started with, its own: another
	// etcd on URL answers /health too.
	name string
}

// StartEtcd starts the etcd binary found on PATH (Debian's etcd-server
// package installs /usr/bin/etcd) with its data and log under dir, on two
// free loopback ports, and waits up to 30 s for its /health to answer
// (from the member of its own name, not another etcd on the port).
func StartEtcd(ctx context.Context, dir string) (*Etcd, error) {
	id, err := newToken()
	if err != nil {
		return nil, err
	}
	name := "e2e-" + id
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
		"--name", name,
		"--data-dir", filepath.Join(dir, "etcd-data"),
		"--listen-client-urls", clientURL,
		"--advertise-client-urls", clientURL,
		"--listen-peer-urls", peerURL,
		"--initial-advertise-peer-urls", peerURL,
		"--initial-cluster", name+"="+peerURL,
		"--logger", "zap", "--log-outputs", "stderr",
	)
	if err != nil {
		return nil, err
	}
	e := &Etcd{URL: clientURL, Proc: p, name: name}
	if err := e.waitHealthy(ctx, 30*time.Second); err != nil {
		_ = p.Kill()
		return nil, err
	}
	return e, nil
}

// waitHealthy polls /health until it reports true and the member list
// names e's own member, the process exits, or the timeout passes.
func (e *Etcd) waitHealthy(ctx context.Context, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last string
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, e.URL+"/health", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			last = string(body)
			if strings.Contains(last, `"true"`) {
				ours, err := e.isMember(ctx)
				if ours {
					return nil
				}
				last = fmt.Sprintf("another etcd answers at %s (%v)", e.URL, err)
			}
		} else {
			last = err.Error()
		}
		if e.Proc.Exited() {
			return fmt.Errorf("e2e: etcd exited before it was healthy; its log ends:\n%s", e.Proc.LogTail(30))
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("e2e: etcd not healthy (%s): %w", last, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Compact writes a key of its own (so that the store's revision moves past
// every revision a client has seen) and compacts the store at that
// revision, through etcd's JSON gateway: a watch from any older
// resourceVersion then answers 410 Gone. It returns the compacted
// revision.
func (e *Etcd) Compact(ctx context.Context) (int64, error) {
	var put struct {
		Header struct {
			Revision string `json:"revision"`
		} `json:"header"`
	}
	// "/e2e/compact" and "x", base64.
	if err := e.post(ctx, "/v3/kv/put", `{"key":"L2UyZS9jb21wYWN0","value":"eA=="}`, &put); err != nil {
		return 0, err
	}
	rev, err := strconv.ParseInt(put.Header.Revision, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("e2e: etcd put: revision %q: %w", put.Header.Revision, err)
	}
	if err := e.post(ctx, "/v3/kv/compaction", fmt.Sprintf(`{"revision":%d,"physical":true}`, rev), nil); err != nil {
		return 0, err
	}
	return rev, nil
}

func (e *Etcd) post(ctx context.Context, path, body string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.URL+path, strings.NewReader(body))
	if err != nil {
		return fmt.Errorf("e2e: etcd %s: %w", path, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("e2e: etcd %s: %w", path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("e2e: etcd %s: %w", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("e2e: etcd %s: %s: %s", path, resp.Status, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("e2e: etcd %s: %w", path, err)
		}
	}
	return nil
}

// isMember reports whether the etcd answering at e.URL has a member named
// e.name.
func (e *Etcd) isMember(ctx context.Context) (bool, error) {
	var list struct {
		Members []struct {
			Name string `json:"name"`
		} `json:"members"`
	}
	if err := e.post(ctx, "/v3/cluster/member/list", `{}`, &list); err != nil {
		return false, err
	}
	for _, m := range list.Members {
		if m.Name == e.name {
			return true, nil
		}
	}
	return false, nil
}

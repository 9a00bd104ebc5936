package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemo runs the demo: two rollouts, their events, the final RCs.
func TestDemo(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--demo"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		`event deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`,
		`event deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-2" for version 2`,
		"rc/frontend-1 Complete replicas=0 image=registry.example.com/shop/frontend:1.0\nrc/frontend-2 Complete replicas=3 image=registry.example.com/shop/frontend:1.1\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestExitCodes: usage errors exit 2, a configuration that cannot be
// loaded exits 1 without running the demo.
func TestExitCodes(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-kubeconfig")
	broken := filepath.Join(t.TempDir(), "kubeconfig")
	if err := os.WriteFile(broken, []byte("apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, why string
		args      []string
		code      int
		stderr    string
	}{
		{"bad profile", "presets are parsed before anything runs", []string{"--profile", "Newest"}, 2, "--profile"},
		{"argument", "the command takes flags only", []string{"extra"}, 2, "unexpected arguments"},
		{"missing kubeconfig", "an explicit kubeconfig must exist", []string{"--kubeconfig", missing}, 1, "client configuration"},
		{"no context", "a kubeconfig without a context configures nothing", []string{"--kubeconfig", broken}, 1, "client configuration"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), tc.args, &out, &errOut)
			if code != tc.code || !strings.Contains(errOut.String(), tc.stderr) {
				t.Errorf("%s: exit %d stderr %q, want exit %d with %q", tc.why, code, errOut.String(), tc.code, tc.stderr)
			}
		})
	}
}

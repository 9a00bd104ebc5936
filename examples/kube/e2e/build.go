package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// APIServerPackage is the package BuildAPIServer builds.
const APIServerPackage = "k8s.io/kubernetes/cmd/kube-apiserver"

// BuildAPIServer returns the path of a kube-apiserver binary built from
// the k8s.io/kubernetes version this module requires, with the running
// Go toolchain, under cacheDir: when the binary of that version and
// toolchain is there it is used as it is, else `go build` makes it (about
// 12 CPU-minutes from an empty build cache) in moduleDir. The binary is
// written beside its final name and renamed, so an interrupted build
// leaves no half binary.
func BuildAPIServer(ctx context.Context, moduleDir, cacheDir string) (string, error) {
	out, err := goCmd(ctx, moduleDir, "list", "-m", "-f", "{{.Version}}", "k8s.io/kubernetes")
	if err != nil {
		return "", err
	}
	key := strings.TrimSpace(out) + "-" + runtime.Version() + "-" + runtime.GOOS + "-" + runtime.GOARCH
	bin := filepath.Join(cacheDir, "kube-apiserver-"+key)
	if fi, err := os.Stat(bin); err == nil && fi.Mode().IsRegular() {
		return bin, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("e2e: build cache: %w", err)
	}
	tmp := fmt.Sprintf("%s.tmp%d", bin, os.Getpid())
	if _, err := goCmd(ctx, moduleDir, "build", "-o", tmp, APIServerPackage); err != nil {
		os.Remove(tmp)
		return "", err
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", fmt.Errorf("e2e: build: %w", err)
	}
	return bin, nil
}

// goCmd runs the go command of the running toolchain in dir.
func goCmd(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("e2e: go %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

package e2e_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// cp is the control plane every test shares; each test works in a
// namespace of its own.
var cp *e2e.ControlPlane

// apiserverBin is the kube-apiserver binary, for a test that starts a
// server of its own.
var apiserverBin string

// cpDir is cp.Dir once the control plane runs, for the signal handler,
// which removes it as cp.Stop would (the servers' files, etcd's data in
// /dev/shm among them).
var cpDir atomic.Pointer[string]

// crdFile and rbacFile are the manifests the tests install, shipped with
// examples/kube.
const (
	crdFile  = "../deploy/crd/deploymentconfigs.yaml"
	rbacFile = "../deploy/02-clusterrole.yaml"
)

// TestMain builds kube-apiserver (cached under the user cache directory,
// keyed by version and toolchain), starts etcd and kube-apiserver, runs
// the tests, and kills both at the end: also on SIGINT or SIGTERM, and,
// through the processes' parent-death signal, when go test's -timeout
// kills the binary.
func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

func run(m *testing.M) int {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		s := <-sigs
		fmt.Fprintf(os.Stderr, "e2e: %v: killing the control plane\n", s)
		_ = e2e.KillAll()
		if dir := cpDir.Load(); dir != nil && os.Getenv("E2E_KEEP") == "" {
			_ = os.RemoveAll(*dir)
		}
		os.Exit(2)
	}()

	// The directories of test binaries that -timeout killed before
	// their cleanup (etcd's data in /dev/shm, in memory).
	removed, err := e2e.RemoveStale()
	for _, dir := range removed {
		fmt.Printf("e2e: removed %s, left by a test binary that is gone\n", dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: removing stale control plane dirs:", err)
	}

	cacheDir, err := os.UserCacheDir()
	if err != nil {
		cacheDir = os.TempDir()
	}
	start := time.Now()
	bin, err := e2e.BuildAPIServer(ctx, ".", filepath.Join(cacheDir, "dcplan-e2e"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	apiserverBin = bin
	fmt.Printf("e2e: kube-apiserver %s (%v)\n", bin, time.Since(start).Round(time.Second))
	start = time.Now()
	cp, err = e2e.StartControlPlane(ctx, bin, crdFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cpDir.Store(&cp.Dir)
	fmt.Printf("e2e: control plane ready at %s (%v), files in %s\n", cp.APIServer.URL, time.Since(start).Round(time.Second), cp.Dir)
	fmt.Printf("e2e: pids etcd=%d kube-apiserver=%d\n", cp.Etcd.Proc.Pid(), cp.APIServer.Proc.Pid())
	code := m.Run()
	if code == 0 && wholeSuite() {
		if err := checkEveryVerbUsed(cp.APIServer.AuditLog); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	if err := cp.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: stopping the control plane:", err)
		code = 1
	}
	if err := e2e.KillAll(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	return code
}

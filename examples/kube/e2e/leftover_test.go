package e2e_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// childEnv marks a run of this test binary started by TestNoLeftoverProcess.
const childEnv = "DCPLAN_E2E_CHILD"

// TestChildHangs is the child's test: it blocks until go test's -timeout
// kills the binary with a panic, past every deferred call and cleanup.
// Outside TestNoLeftoverProcess it is skipped.
func TestChildHangs(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("the child of TestNoLeftoverProcess, run by it alone")
	}
	<-context.Background().Done()
}

// TestNoLeftoverProcess runs this test binary again with a test that
// hangs and a 20 s -timeout: the child starts its own etcd and
// kube-apiserver, then dies of the timeout's panic, and both servers must
// be gone within 10 s (their parent-death signal), without anyone
// cleaning up after the child.
func TestNoLeftoverProcess(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		return
	}
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestChildHangs$", "-test.timeout=20s")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("child: %v, want it to fail of its timeout\n%s", err, out)
	}
	m := regexp.MustCompile(`e2e: pids etcd=(\d+) kube-apiserver=(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("child printed no pids:\n%s", out)
	}
	if !regexp.MustCompile(`panic: test timed out`).Match(out) {
		t.Fatalf("child did not die of its timeout:\n%s", out)
	}
	if dir := regexp.MustCompile(`files in (\S+)`).FindSubmatch(out); dir != nil {
		defer os.RemoveAll(string(dir[1]))
	}
	for _, s := range m[1:] {
		pid, _ := strconv.Atoi(string(s))
		if err := e2e.Poll(ctx, 10*time.Second, "pid "+string(s)+" gone", func() (bool, error) { return gone(pid), nil }); err != nil {
			_ = syscall.Kill(-pid, syscall.SIGKILL)
			t.Errorf("the child's server %d outlived it: %v", pid, err)
		}
	}
}

// gone reports whether process pid has ended: no such process, or a
// zombie not yet reaped by whoever inherited it.
func gone(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	_, rest, ok := strings.Cut(string(stat), ") ")
	return ok && strings.HasPrefix(rest, "Z")
}

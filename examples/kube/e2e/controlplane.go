package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ControlPlane is an etcd and a kube-apiserver started for the tests,
// with the DeploymentConfig CRD installed.
type ControlPlane struct {
	// Dir is the temporary directory of both servers' files.
	Dir string
	// Etcd and APIServer are the servers.
	Etcd      *Etcd
	APIServer *APIServer
}

// StartControlPlane starts etcd and the kube-apiserver binary bin with
// their files in a new temporary directory (under /dev/shm when there is
// one, for etcd's fsyncs), then creates the CRD read from crdFile and
// waits until DeploymentConfigs are served. On an error everything it
// started is stopped again.
func StartControlPlane(ctx context.Context, bin, crdFile string) (*ControlPlane, error) {
	dir, err := os.MkdirTemp(dirBase(), dirPrefix)
	if err != nil {
		return nil, fmt.Errorf("e2e: control plane dir: %w", err)
	}
	cp := &ControlPlane{Dir: dir}
	owner, err := selfOwner()
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, ownerFile), []byte(owner), 0o644)
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("e2e: control plane dir owner: %w", err), cp.Stop())
	}
	if cp.Etcd, err = StartEtcd(ctx, dir); err != nil {
		return nil, errors.Join(err, cp.Stop())
	}
	if cp.APIServer, err = StartAPIServer(ctx, bin, filepath.Join(dir, "apiserver"), cp.Etcd); err != nil {
		return nil, errors.Join(err, cp.Stop())
	}
	if err := InstallCRD(ctx, cp.APIServer.Config(cp.APIServer.AdminToken), crdFile, time.Minute); err != nil {
		return nil, errors.Join(err, cp.Stop())
	}
	return cp, nil
}

// Stop stops both servers (the API server first), checks that no process
// of their groups is left, and removes Dir, unless E2E_KEEP is set in the
// environment (to look at the logs and the audit log afterwards).
func (cp *ControlPlane) Stop() error {
	var errs []error
	if cp.APIServer != nil && cp.APIServer.Proc != nil {
		errs = append(errs, cp.APIServer.Proc.Stop(5*time.Second))
	}
	if cp.Etcd != nil {
		errs = append(errs, cp.Etcd.Proc.Stop(5*time.Second))
	}
	if os.Getenv("E2E_KEEP") == "" {
		errs = append(errs, os.RemoveAll(cp.Dir))
	}
	return errors.Join(errs...)
}

// dirPrefix begins the name of a control plane's directory.
const dirPrefix = "dcplan-e2e-"

// ownerFile, in a control plane's directory, names the process that made
// it: "<pid> <start time> <pid namespace>", so that RemoveStale can tell
// a directory whose test binary is gone.
const ownerFile = "owner"

// dirBase is where control plane directories are made: /dev/shm when
// there is one, else the temporary directory.
func dirBase() string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		return "/dev/shm"
	}
	return os.TempDir()
}

// RemoveStale removes the control plane directories that a test binary
// which is gone left behind (killed by go test's -timeout, say, past
// every cleanup: etcd's data stays in /dev/shm, in memory), and returns
// their paths. A directory is stale when its owner file names a process
// of this pid namespace that no longer runs (no such pid, or a pid
// reused by a process started at another time). A directory without an
// owner file (one being made, or older than owner files) is left alone.
func RemoveStale() ([]string, error) { return removeStale(dirBase()) }

func removeStale(base string) ([]string, error) {
	dirs, err := filepath.Glob(filepath.Join(base, dirPrefix+"*"))
	if err != nil {
		return nil, fmt.Errorf("e2e: stale dirs: %w", err)
	}
	ns, err := os.Readlink("/proc/self/ns/pid")
	if err != nil {
		return nil, fmt.Errorf("e2e: stale dirs: %w", err)
	}
	var removed []string
	var errs []error
	for _, dir := range dirs {
		data, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		var pid int
		var start, ownerNS string
		if _, err := fmt.Sscanf(string(data), "%d %s %s", &pid, &start, &ownerNS); err != nil || ownerNS != ns {
			continue
		}
		if now, err := procStart(pid); err == nil && now == start {
			continue // its owner runs
		}
		if err := os.RemoveAll(dir); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, dir)
	}
	return removed, errors.Join(errs...)
}

// selfOwner is the owner file's line for this process.
func selfOwner() (string, error) {
	start, err := procStart(os.Getpid())
	if err != nil {
		return "", err
	}
	ns, err := os.Readlink("/proc/self/ns/pid")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d %s %s\n", os.Getpid(), start, ns), nil
}

// procStart returns process pid's start time (clock ticks after boot,
// field 22 of /proc/<pid>/stat).
func procStart(pid int) (string, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", err
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses.
	i := strings.LastIndexByte(string(stat), ')')
	fields := strings.Fields(string(stat[i+1:]))
	if i < 0 || len(fields) < 20 {
		return "", fmt.Errorf("e2e: /proc/%d/stat: %q", pid, stat)
	}
	return fields[19], nil
}

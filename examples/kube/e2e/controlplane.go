package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
	base := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		base = "/dev/shm"
	}
	dir, err := os.MkdirTemp(base, "dcplan-e2e-")
	if err != nil {
		return nil, fmt.Errorf("e2e: control plane dir: %w", err)
	}
	cp := &ControlPlane{Dir: dir}
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

// Package e2e runs examples/kube's controller end to end on a real
// kube-apiserver and etcd that its tests start, and holds what those
// tests need:
//
//   - [BuildAPIServer]: kube-apiserver built from the k8s.io/kubernetes
//     version this module requires, cached by version and toolchain;
//   - [StartControlPlane]: etcd ([StartEtcd], Debian's etcd-server) and
//     kube-apiserver ([StartAPIServer]) on loopback, random ports, a
//     temporary directory, with the DeploymentConfig CRD ([InstallCRD]);
//   - [Process] ([StartProcess], [StartProcessEnv]): each server in a
//     process group of its own, killed with the test binary ([KillAll],
//     and a parent-death signal), on ports [FreePort] finds;
//   - [BuildController] and [WriteKubeconfig]: the dcplan-controller
//     binary of examples/kube, and a kubeconfig for it;
//   - [ReadAudit]: the server's audit log, to compare with what the plans
//     said to send;
//   - [NewConfig]: a DeploymentConfig the tests roll out;
//   - [Poll]: bounded waits.
//
// The tests run kubetest.Kubelet, the node agent and deployer process
// the controller expects, over the real API.
//
// Usage (see main_test.go):
//
//	bin, err := e2e.BuildAPIServer(ctx, ".", cacheDir)
//	cp, err := e2e.StartControlPlane(ctx, bin, "../deploy/crd/deploymentconfigs.yaml")
//	defer cp.Stop()
//	cfg := cp.APIServer.Config(cp.APIServer.AdminToken)
package e2e

// Package kube runs dcplan's DeploymentConfig controllers against a
// Kubernetes (OpenShift) API server with client-go: the DC controller
// (reconcile.Config) and the deployer controller (phase.Step), each with a
// rate-limited work queue fed by shared informers, the way upstream's
// openshift-controller-manager runs them.
//
// The package decides nothing: every decision is a dcplan planner's, and
// every plan is applied with wire.RunPass, the one way to apply a plan.
// What lives here is what an adapter owns (the adapter contract in package
// dcplan's documentation): typed objects to snapshots, requests to
// client-go calls, API answers to outcomes, retries and rate limits,
// events, logs, metrics and leader election.
//
// Usage:
//
//	c := kube.New(kubeClient, appsClient, kube.Options{Namespace: "shop",
//		LeaderElection: &kube.LeaderElection{Namespace: "dcplan-system", Name: "dcplan-controller"}})
//	prometheus.MustRegister(c.Metrics())
//	http.Handle("/readyz", c.Readyz())
//	err := c.Run(ctx) // until ctx is cancelled, or the lease is lost
//
// Entry points:
//   - [New] and [Controller.Run]: the controller; [Controller.Start] and
//     [Controller.Close] start and stop its informers apart from Run;
//     [Controller.Informers] and [Controller.Decoder] are its caches.
//   - [Controller.SyncConfig], [Controller.SyncDeployment]: one pass of
//     either controller for one key, for tests and tools;
//     [Controller.ConfigSnapshot] and [Controller.DeploymentSnapshot]: the snapshots they plan
//     from.
//   - [Decoder]: typed objects to dcplan values through wire, cached by
//     (uid, resourceVersion).
//   - [Client]: a wire.Client over the typed clientsets and an event
//     recorder; [StatusError] turns client-go errors into wire's.
//   - [CheckAPI]: a clear error when the server is unreachable
//     ([ErrUnreachable]), refuses the credentials ([ErrUnauthorized]) or
//     lacks apps.openshift.io/v1 ([ErrNoDeploymentConfigs]); [WaitForAPI]
//     asks an unreachable server again, as Run does at startup.
//   - [LeaderElection] (Options.LeaderElection): act only while holding a
//     coordination.k8s.io Lease; [ErrLeaseLost] when it is lost.
//   - [Controller.Metrics]: the Prometheus metrics ([Metrics] lists them);
//     [Controller.Healthz] and [Controller.Readyz]: the probe handlers.
package kube

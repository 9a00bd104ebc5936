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
// events and logs.
//
// Usage:
//
//	c := kube.New(kubeClient, appsClient, kube.Options{Namespace: "shop"})
//	err := c.Run(ctx) // until ctx is cancelled
//
// Entry points:
//   - [New] and [Controller.Run]: the controller.
//   - [Controller.SyncConfig], [Controller.SyncDeployment]: one pass of
//     either controller for one key, for tests and tools.
//   - [Decoder]: typed objects to dcplan values through wire, cached by
//     (uid, resourceVersion).
//   - [Client]: a wire.Client over the typed clientsets and an event
//     recorder; [StatusError] turns client-go errors into wire's.
//   - [CheckAPI]: a clear error when the server lacks apps.openshift.io/v1.
package kube

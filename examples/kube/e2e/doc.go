// Package e2e holds end-to-end tests of the examples/kube controller on a
// real kube-apiserver and etcd, both started by the tests.
package e2e

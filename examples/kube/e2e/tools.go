//go:build tools

package e2e

import _ "k8s.io/kubernetes/cmd/kube-apiserver"

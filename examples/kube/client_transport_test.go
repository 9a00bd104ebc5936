package kube_test

import (
	"context"
	"errors"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	clienttesting "k8s.io/client-go/testing"

	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/wire"
)

// TestClientTransportErrorUnwrapped: a transport error (no API status)
// comes back from Client.Do as client-go returned it, text unchanged and
// not wrapped in another error: wire reports its text as the failure's
// message (SPEC 13), and upstream's events and returned errors carry
// client-go's text alone (FailedCreate's `Error creating deployer pod:
// <err>`).
func TestClientTransportErrorUnwrapped(t *testing.T) {
	c := newCluster(t)
	refused := errors.New("dial tcp 10.0.0.1:6443: connect: connection refused")
	c.kube.PrependReactor("create", "pods", func(clienttesting.Action) (bool, runtime.Object, error) { return true, nil, refused })
	cl := &kube.Client{Kube: c.kube, Apps: c.apps}
	_, err := cl.Do(context.Background(), wire.Request{Verb: wire.VerbCreate, Resource: wire.ResourcePods, Namespace: ns, Name: "web-1-deploy",
		Body: []byte(`{"metadata":{"name":"web-1-deploy"}}`)})
	if err != refused { // the very error, not one wrapping it
		t.Errorf("Do() = %v (%T), want client-go's error itself, %v", err, err, refused)
	}
}

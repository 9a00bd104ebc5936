package main

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// ExampleBackend plans the DC controller's pass for the fixture DC, read
// from an API server, and applies it there with Backend.
func ExampleBackend() {
	ctx := context.Background()
	dc, _ := objectOf(frontendDC)
	client := newDemoClient(dc)
	s, err := Snapshot(ctx, client, "shop", "frontend", demoStart, dcplan.Settings{})
	if err != nil {
		panic(err)
	}
	p := reconcile.Config(s)
	b := &Backend{Client: client, Namespace: "shop", Component: "deploymentconfig-controller"}
	n, err := dcplan.Apply(ctx, b, p)
	fmt.Println(n, "actions applied, error:", err)
	rc, err := client.Resource(rcResource).Namespace("shop").Get(ctx, "frontend-3", metav1.GetOptions{})
	fmt.Println(rc.GetName(), rc.GetAnnotations()[dcplan.AnnotationPhase], err)
	// Output:
	// 3 actions applied, error: <nil>
	// frontend-3 New <nil>
}

package wire_test

import (
	"context"
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// An adapter's pass: RunPass plans over the snapshot, sends the requests
// through a Client (here the in-memory API server of package fake; in a
// controller, one over client-go) and answers the work queue with the
// last plan. A DC at latestVersion 1 without its RC gets it created, and
// its status and event written.
func ExampleRunPass() {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	w := fake.NewWorld(now)
	cfg := fake.NewConfig("shop", "web", 2)
	cfg.Status.LatestVersion = 1
	if err := w.CreateConfig(cfg); err != nil {
		panic(err)
	}
	s, err := w.Snapshot("shop", "web", now, dcplan.Modern.Settings())
	if err != nil {
		panic(err)
	}
	pass, err := wire.RunPass(context.Background(), w.Client(), s, reconcile.Config)
	if err != nil {
		panic(err)
	}
	for _, r := range pass.Requests[:pass.Sent] {
		if r.Verb == wire.VerbEvent {
			fmt.Println("event", r.Event.Reason+":", r.Event.Message)
			continue
		}
		fmt.Println(r.Method(), r.Path())
	}
	fmt.Println("failed:", pass.Failed())
	rc, _ := w.Deployment("shop", "web-1")
	fmt.Println(rc.Name, rc.Phase)
	// Output:
	// POST /api/v1/namespaces/shop/replicationcontrollers
	// event DeploymentCreated: Created new replication controller "web-1" for version 1
	// PUT /apis/apps.openshift.io/v1/namespaces/shop/deploymentconfigs/web/status
	// failed: <nil>
	// web-1 New
}

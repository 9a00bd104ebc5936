package dcplan_test

import (
	"fmt"
	"os"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// Decode what `oc get dc,rc,pods -o json` prints, plan one pass of both
// controllers, and read the plan. examples/quickstart (the README's quick
// start) does the same and then applies the plans through a Backend.
func Example_quickStart() {
	data, err := os.ReadFile("testdata/fixtures/list-dc-rc-pods.json")
	if err != nil {
		panic(err)
	}
	settings := dcplan.Settings{
		DeployerImage:  "registry.example/openshift/origin-deployer:v4",
		ServiceAccount: "deployer",
	}
	now := time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)
	snap, err := wire.DecodeSnapshot(data, "shop", "frontend", now, settings)
	if err != nil {
		panic(err)
	}
	plan := reconcile.All(snap) // the DC controller, then every RC's deployer step
	fmt.Print(dcplan.Describe(plan))

	// The deployer pod of frontend-3 finishes: plan the next pass.
	for i, p := range snap.Pods {
		if p.Name == "frontend-3-deploy" {
			snap.Pods[i].Phase = dcplan.PodSucceeded
		}
	}
	plan = reconcile.All(snap)
	fmt.Print(dcplan.Describe(plan))

	// Apply it (here to the snapshot; an adapter would call dcplan.Apply
	// with its Backend) and plan once more: the DC controller takes over.
	snap = snap.After(plan)
	fmt.Print(dcplan.Describe(reconcile.All(snap)))
	// Output:
	// <empty plan>
	// transition rc/frontend-3 v=3 phase=Running->Complete commitDesired=3 rule=2.2
	// scale rc/frontend-3 v=3 replicas=2->3 rule=3.6.3
	// scale rc/frontend-1 v=1 replicas=1->0 rule=3.6.3
	// status dc/frontend rule=3.6.5
	//   condition Progressing status=True reason=NewReplicationControllerAvailable message="replication controller \"frontend-3\" successfully rolled out" transition=2026-11-01T11:58:30Z update=2026-11-01T11:59:00Z
	// event dc/frontend type=Normal reason=ReplicationControllerScaled message="Scaled replication controller \"frontend-3\" from 2 to 3" rule=3.6.3
	// event dc/frontend type=Normal reason=ReplicationControllerScaled message="Scaled replication controller \"frontend-1\" from 1 to 0" rule=3.6.3
}

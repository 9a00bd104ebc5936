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
// controllers, and read the plan. The body of this function is the
// README's quick start, byte for byte (TestReadmeQuickStart);
// examples/quickstart goes on to send the requests to an in-memory API
// server until the DC is at rest.
func Example_quickStart() {
	data, err := os.ReadFile("testdata/fixtures/list-dc-rc-pods.json")
	if err != nil {
		panic(err)
	}
	settings := dcplan.Modern.Settings() // the default preset; see dcplan.Exact
	settings.DeployerImage = "registry.example/openshift/origin-deployer:v4"
	settings.ServiceAccount = "deployer"
	now := time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC) // an adapter passes time.Now()
	snap, err := wire.DecodeSnapshot(data, "shop", "frontend", now, settings)
	if err != nil {
		panic(err) // typed: errors.Is(err, dcplan.ErrMalformed), *dcplan.FieldError
	}
	// frontend-3 is rolling out and its deployer pod runs: nothing to do.
	fmt.Print(dcplan.Describe(reconcile.All(snap)))

	for i, p := range snap.Pods { // the deployer pod succeeds
		if p.Name == "frontend-3-deploy" {
			snap.Pods[i].Phase = dcplan.PodSucceeded
		}
	}
	plan := reconcile.All(snap) // the deployer step completes frontend-3
	fmt.Print(dcplan.Describe(plan))
	// Applied (an adapter sends wire.Requests(snap, plan)), the DC controller scales.
	fmt.Print(dcplan.Describe(reconcile.All(snap.After(plan))))
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

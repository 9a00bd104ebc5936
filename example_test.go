package dcplan_test

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// Describe renders a plan one action per line, each with the SPEC rule
// that produced it.
func ExampleDescribe() {
	plan := dcplan.Plan{
		Cancels: []dcplan.Cancel{{Rule: "3.4.3", RC: "web-2", Version: 2, Phase: dcplan.PhaseRunning,
			Reason: dcplan.ReasonCancelledByNewer}},
		Wait:    dcplan.WaitCancellation,
		Message: "found previous inflight deployment for shop/web - requeuing",
	}
	fmt.Print(dcplan.Describe(plan))
	fmt.Print(dcplan.Describe(dcplan.Plan{}))
	// Output:
	// cancel rc/web-2 v=2 phase=Running reason="newer deployment was found running" rule=3.4.3
	// wait cancellation "found previous inflight deployment for shop/web - requeuing"
	// <empty plan>
}

// DeployerPodName keeps "<rc>-deploy" while it fits in 253 characters.
func ExampleDeployerPodName() {
	fmt.Println(dcplan.DeployerPodName(dcplan.DeploymentName("frontend", 3)))
	// Output: frontend-3-deploy
}

// Validate names the object and the field at fault.
func ExampleSnapshot_Validate() {
	s := dcplan.Snapshot{Config: dcplan.Config{Name: "web", Replicas: -1}}
	fmt.Println(s.Validate())
	// Output: dcplan: invalid snapshot: DeploymentConfig "web": spec.replicas: must not be negative, got -1
}

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

// An RC's encoded DC: decoded (as package wire's decoders fill it, or as
// NewDeployment gives it), absent, or present and undecodable.
func ExampleDeployment_HasEncoded() {
	cfg := dcplan.Config{Name: "frontend", Status: dcplan.ConfigStatus{LatestVersion: 3}}
	for _, d := range []dcplan.Deployment{
		{Encoded: &cfg},
		{},
		{EncodedProblem: "couldn't get version/kind; json parse error: unexpected end of JSON input"},
	} {
		if c := d.Encoded; c != nil {
			fmt.Printf("DC %s at version %d\n", c.Name, c.Status.LatestVersion)
			continue
		}
		fmt.Printf("present %v, problem %q\n", d.HasEncoded(), d.EncodedProblem)
	}
	// Output:
	// DC frontend at version 3
	// present false, problem ""
	// present true, problem "couldn't get version/kind; json parse error: unexpected end of JSON input"
}

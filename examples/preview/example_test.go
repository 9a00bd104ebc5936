package main

import (
	"fmt"
	"os"
	"strings"
)

// Example_stuckPending previews the user operations on a DC whose third
// rollout is stuck in Pending, as `preview -f testdata/stuck-pending.json
// -now 2026-11-01T12:40:00Z` does, and shows two of the sections it
// prints: cancel would cancel the Pending RC (rule 6m.1.3.5), and retry
// is refused because only a failed rollout can be retried (rule 6m.2.3).
func Example_stuckPending() {
	data, err := os.ReadFile("testdata/stuck-pending.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := preview(data, options{Now: at("2026-11-01T12:40:00Z")})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out strings.Builder
	if err := r.writeText(&out); err != nil {
		fmt.Println(err)
		return
	}
	for _, section := range strings.Split(out.String(), "\n$ ") {
		if strings.HasPrefix(section, "oc rollout cancel") || strings.HasPrefix(section, "oc rollout retry") {
			fmt.Println("$ " + strings.TrimSuffix(section, "\n"))
		}
	}
	// Output:
	// $ oc rollout cancel dc/frontend
	// plan:
	//   cancel rc/frontend-3 v=3 phase=Pending reason="cancelled by the user" by=user write=patch rule=6m.1.3.5
	// oc would print:
	//   deploymentconfig.apps.openshift.io/frontend cancelling
	// $ oc rollout retry dc/frontend
	// plan:
	//   <empty plan>
	// oc would fail with:
	//   error: rollout #3 is pending; only failed deployments can be retried.
	//   Optionally, you can cancel this deployment with 'oc rollout cancel dc/frontend'.
}

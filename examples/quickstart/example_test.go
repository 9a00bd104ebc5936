package main

import (
	"fmt"
	"strings"
)

// Example_passes runs the quick start's adapter loop on the README's
// fixture and prints its passes with the updates each sent (events
// left out): the deployer completes frontend-3, the DC controller scales
// it up and frontend-1 down and writes the status, and the third pass
// finds the DC at rest.
func Example_passes() {
	var out strings.Builder
	if err := run(&out, "../../testdata/fixtures/list-dc-rc-pods.json"); err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "pass ") || strings.HasPrefix(l, "  sent: update") {
			fmt.Println(l)
		}
	}
	// Output:
	// pass 1:
	//   sent: update replicationcontrollers shop/frontend-3
	// pass 2:
	//   sent: update replicationcontrollers shop/frontend-3 budget=4
	//   sent: update replicationcontrollers shop/frontend-1 budget=4
	//   sent: update deploymentconfigs/status shop/frontend
	// pass 3: at rest
}

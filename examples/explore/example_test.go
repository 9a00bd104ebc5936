package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Example_small explores a small world from the command line, as
// `explore -preset Exact -replicas 1 -limits 1 -faults 0 -stale 0 -hooks 0
// -clock 0` does: one DC at one replica with revisionHistoryLimit 1, one
// oc command per trace and no other perturbation. Exact breaks no
// property there, so the summary line is all it prints (its wall time
// left out here) and the exit status is 0.
func Example_small() {
	var out strings.Builder
	code := run([]string{"-preset", "Exact", "-replicas", "1", "-limits", "1",
		"-faults", "0", "-stale", "0", "-hooks", "0", "-clock", "0"}, &out, io.Discard)
	fmt.Print(regexp.MustCompile(` in [0-9.]+[µnm]?s `).ReplaceAllString(out.String(), " "))
	fmt.Println("exit status", code)
	// Output:
	// Exact: 2130 states, 7176 transitions (versions<=3 replicas=[1] limits=[1] users=1 faults=0 stale=0 hooks=0 clock=0 kinds=2 max=0 truncated=false)
	// exit status 0
}

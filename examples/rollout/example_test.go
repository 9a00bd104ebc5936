package main

import (
	"fmt"
	"io"
	"strings"
)

// Example_story prints the first rollout of the story `go run
// ./examples/rollout` tells (seed 1, no faults), in virtual time, and
// the line it ends on.
func Example_story() {
	var out strings.Builder
	if code := run(nil, &out, io.Discard); code != 0 {
		fmt.Println("exit status", code)
		return
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for _, l := range lines[:9] {
		fmt.Println(l)
	}
	fmt.Println("...")
	fmt.Println(lines[len(lines)-1])
	// Output:
	// seed 1, faults none
	// 00:00  $ oc create dc/frontend (3 replicas, image registry.example/app:1)
	// 00:20  frontend-1: created Pending; cause: config change
	// 00:20  replicas (available/spec): frontend-1=0/0
	// 00:20  event Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1
	// 00:40  frontend-1: Pending -> Running
	// 00:50  replicas (available/spec): frontend-1=0/3
	// 01:00  replicas (available/spec): frontend-1=3/3
	// 01:10  frontend-1: Running -> Complete
	// ...
	// 12:00  at rest: latestVersion 5, 4 RCs kept (revisionHistoryLimit 3), image registry.example/app:2
}

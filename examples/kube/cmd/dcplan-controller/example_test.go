package main

import (
	"context"
	"fmt"
	"io"
	"os"
)

// Example_demo runs the command with --demo: an in-memory cluster, one DC
// rolled out and then rolled out again after an image change, by the
// same controllers a real cluster gets. Each step prints before it is
// taken and the events print as the controllers record them (here the DC
// controller's two DeploymentCreated, each before the wait for its
// rollout ends), so the output does not depend on timing.
func Example_demo() {
	code := run(context.Background(), []string{"--demo"}, os.Stdout, io.Discard)
	fmt.Println("exit status", code)
	// Output:
	// create dc/frontend (image 1.0, 3 replicas)
	// event deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1
	// change the image to 1.1
	// event deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-2" for version 2
	// rc/frontend-1 Complete replicas=0 image=registry.example.com/shop/frontend:1.0
	// rc/frontend-2 Complete replicas=3 image=registry.example.com/shop/frontend:1.1
	// exit status 0
}

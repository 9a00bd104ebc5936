// Command quickstart takes the README's quick start (Example_quickStart in
// the repository's root) on: it decodes what `oc get dc,rc,pods -o json`
// prints, plans one pass of both rollout controllers, then runs an
// adapter's loop (snapshot, plan, send the requests) against an in-memory
// API server until nothing is left to do.
// Run it from the repository's root: go run ./examples/quickstart
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

func main() { os.Exit(command(os.Args[1:], os.Stdout, os.Stderr)) }

// command is the program with its arguments: it takes none, and returns
// the exit status: 0, 1 when run fails, 2 for a usage error (any
// argument; -h, -help and --help print the usage and exit 0).
func command(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: go run ./examples/quickstart (from the repository's root; it takes no arguments)")
		if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			return 0
		}
		fmt.Fprintf(stderr, "quickstart: unexpected arguments %q\n", args)
		return 2
	}
	if err := run(stdout, "testdata/fixtures/list-dc-rc-pods.json"); err != nil {
		fmt.Fprintln(stderr, "quickstart:", err)
		return 1
	}
	return 0
}

func run(out io.Writer, file string) error {
	// What `oc get dc,rc,pods -o json` prints: DC shop/frontend rolling out
	// version 3, its deployer pod running.
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	settings := dcplan.Modern.Settings() // the default preset; see dcplan.Exact
	settings.DeployerImage = "registry.example/openshift/origin-deployer:v4"
	settings.ServiceAccount = "deployer"
	now := time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC) // an adapter passes time.Now()
	snap, err := wire.DecodeSnapshot(data, "shop", "frontend", now, settings)
	if err != nil {
		return err // typed: errors.Is(err, dcplan.ErrMalformed), *dcplan.FieldError
	}
	plan := reconcile.All(snap) // the DC controller, then every RC's deployer step
	// The deployer pod is running, so this prints <empty plan>.
	fmt.Fprint(out, dcplan.Describe(plan))

	// An adapter sends a plan's requests (wire.Requests) to an API server
	// and reports failures back (wire.RunPass). Here the server is package
	// fake's in-memory one, holding the same objects.
	srv := fake.NewServer(now)
	objs, err := wire.DecodeList(data)
	if err != nil {
		return err
	}
	for _, c := range objs.Configs {
		if err := srv.Put(wire.ResourceConfigs, c.Raw); err != nil {
			return err
		}
	}
	for _, d := range objs.Deployments {
		if err := srv.Put(wire.ResourceRCs, d.Raw); err != nil {
			return err
		}
	}
	for _, p := range objs.Pods {
		if p.Name == "frontend-3-deploy" {
			p.Phase = dcplan.PodSucceeded // the deployer pod of frontend-3 succeeds
		}
		b, err := wire.EncodePodObject(p)
		if err != nil {
			return err
		}
		if err := srv.Put(wire.ResourcePods, b); err != nil {
			return err
		}
	}

	// The adapter's loop: snapshot, then one pass (wire.RunPass sends the
	// requests in order, retries conflicts and feeds failures back to the
	// planner). A real adapter requeues the DC while Plan.Wait is set and
	// after Plan.RecheckAfter.
	ctx := context.Background()
	for n := 1; n <= 10; n++ {
		snap, err := srv.Snapshot("shop", "frontend", now, settings)
		if err != nil {
			return err
		}
		pass, err := wire.RunPass(ctx, srv, snap, reconcile.All)
		if err != nil {
			return err
		}
		if pass.Plan.IsEmpty() {
			fmt.Fprintf(out, "pass %d: at rest\n", n)
			return nil
		}
		fmt.Fprintf(out, "pass %d:\n%s", n, dcplan.Describe(pass.Plan))
		for _, r := range pass.Requests[:pass.Sent] {
			fmt.Fprintf(out, "  sent: %s\n", sentLine(r))
		}
	}
	return fmt.Errorf("frontend did not come to rest in 10 passes")
}

// sentLine is r as wire.Request.String prints it, but with its retry
// budget as budget=N rather than attempts=N: Attempts is how many times
// wire.RunPass may send r while the answer is Conflict, not how many
// times it was sent (once each, on this fault-free server).
func sentLine(r wire.Request) string {
	budget := r.Attempts
	r.Attempts = 1
	if budget > 1 {
		return r.String() + " budget=" + strconv.Itoa(budget)
	}
	return r.String()
}

// Command quickstart is the README's quick start: it decodes what
// `oc get dc,rc,pods -o json` prints, plans one pass of both rollout
// controllers, then runs an adapter's loop (snapshot, plan, apply) against
// an in-memory API server until nothing is left to do. Run it from the
// repository's root: go run ./examples/quickstart
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

func main() {
	if err := run(os.Stdout, "testdata/fixtures/list-dc-rc-pods.json"); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer, file string) error {
	// What `oc get dc,rc,pods -o json` prints: DC shop/frontend rolling out
	// version 3, its deployer pod running.
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	settings := dcplan.Settings{
		DeployerImage:  "registry.example/openshift/origin-deployer:v4",
		ServiceAccount: "deployer",
	}
	now := time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC) // an adapter passes time.Now()
	snap, err := wire.DecodeSnapshot(data, "frontend", now, settings)
	if err != nil {
		return err // typed: errors.Is(err, dcplan.ErrMalformed), *dcplan.FieldError
	}
	plan := reconcile.All(snap) // the DC controller, then every RC's deployer step
	// The deployer pod is running, so this prints <empty plan>.
	fmt.Fprint(out, dcplan.Describe(plan))

	// An adapter applies plans through a dcplan.Backend. Here the backend
	// is package fake's in-memory API server, holding the same objects.
	w := fake.NewWorld(now)
	if err := w.CreateConfig(snap.Config); err != nil {
		return err
	}
	for _, d := range snap.Deployments {
		if err := w.CreateDeployment(d); err != nil {
			return err
		}
	}
	for _, p := range snap.Pods {
		if err := w.CreatePodObject(p); err != nil {
			return err
		}
	}
	// The deployer pod of frontend-3 succeeds.
	err = w.UpdatePod("shop", "frontend-3-deploy", func(p *dcplan.Pod) error {
		p.Phase = dcplan.PodSucceeded
		return nil
	})
	if err != nil {
		return err
	}

	// The adapter's loop: snapshot, plan, apply; on a failed write, plan
	// again from a fresh snapshot. A real adapter requeues the DC while
	// Plan.Wait is set and after Plan.RecheckAfter.
	ctx := context.Background()
	for pass := 1; pass <= 10; pass++ {
		snap, err := w.Snapshot("shop", "frontend", now, settings)
		if err != nil {
			return err
		}
		plan := reconcile.All(snap)
		if plan.IsEmpty() {
			fmt.Fprintf(out, "pass %d: at rest\n", pass)
			return nil
		}
		fmt.Fprintf(out, "pass %d:\n%s", pass, dcplan.Describe(plan))
		if _, err := dcplan.Apply(ctx, w.Backend("shop"), plan); err != nil {
			fmt.Fprintf(out, "  %v\n", err)
		}
	}
	return fmt.Errorf("frontend did not come to rest in 10 passes")
}

// Command kube is a dcplan adapter for a real cluster, written against
// client-go's dynamic client: it snapshots a DeploymentConfig with its RCs
// and pods, plans one pass of the DC controller and the deployer controller
// (reconcile.All), prints the plan, and applies it with Backend.
//
//	go run .                                        # a demo on an in-memory API server
//	go run . -kubeconfig ~/.kube/config -n shop -dc frontend           # plan one pass, dry run
//	go run . -kubeconfig ~/.kube/config -n shop -dc frontend -apply    # and apply it
//
// It lives in its own module so that importers of dcplan never download
// the Kubernetes client libraries. The demo seeds client-go's fake dynamic
// client with the DeploymentConfig of testdata/dc-frontend.json (version 3,
// no RC yet) and plays the rest of the cluster itself, crudely: it runs
// each deployer pod to success after scaling its RC up to the desired
// count, and reports every RC's pods as ready. The planner passes do the
// rest, until the plan is empty.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "kubeconfig of a real cluster; without it, run the in-memory demo")
	namespace := flag.String("n", "shop", "namespace of the DeploymentConfig")
	dc := flag.String("dc", "frontend", "name of the DeploymentConfig")
	apply := flag.Bool("apply", false, "with -kubeconfig: apply the plan (default: print it only)")
	image := flag.String("deployer-image", "quay.io/openshift/origin-deployer:latest", "image of the deployer pods")
	flag.Parse()
	settings := dcplan.Settings{DeployerImage: *image, ServiceAccount: "deployer"}
	ctx := context.Background()
	var err error
	if *kubeconfig == "" {
		err = runDemo(ctx, os.Stdout, settings)
	} else {
		err = runCluster(ctx, os.Stdout, *kubeconfig, *namespace, *dc, settings, *apply)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "kube:", err)
		os.Exit(1)
	}
}

// runCluster plans one pass for a DC of a real cluster, and applies it
// when apply is set.
func runCluster(ctx context.Context, w io.Writer, kubeconfig, ns, dc string, st dcplan.Settings, apply bool) error {
	rest, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		return err
	}
	client, err := dynamic.NewForConfig(rest)
	if err != nil {
		return err
	}
	_, err = pass(ctx, w, client, ns, dc, time.Now(), st, apply)
	return err
}

// pass takes a snapshot, plans one pass of both controllers, prints the
// plan, and applies it when apply is set. It returns the plan.
func pass(ctx context.Context, w io.Writer, client dynamic.Interface, ns, dc string, now time.Time, st dcplan.Settings, apply bool) (dcplan.Plan, error) {
	s, err := Snapshot(ctx, client, ns, dc, now, st)
	if err != nil {
		return dcplan.Plan{}, err
	}
	if err := s.Validate(); err != nil {
		return dcplan.Plan{}, fmt.Errorf("the cluster's objects do not make a valid snapshot: %w", err)
	}
	p := reconcile.All(s)
	if p.IsEmpty() {
		fmt.Fprintln(w, "  nothing to do")
		return p, nil
	}
	fmt.Fprint(w, indent(dcplan.Describe(p)))
	if !apply {
		return p, nil
	}
	b := &Backend{Client: client, Namespace: ns, Component: "deploymentconfig-controller", Now: func() time.Time { return now }}
	n, err := dcplan.Apply(ctx, b, p)
	if err != nil {
		fmt.Fprintf(w, "  applied %d of %d actions: %v\n", n, p.Actions(), err)
	}
	return p, nil
}

// indent prefixes every line of text with two spaces.
func indent(text string) string {
	out := make([]byte, 0, len(text)+32)
	start := true
	for i := 0; i < len(text); i++ {
		if start {
			out = append(out, ' ', ' ')
		}
		out = append(out, text[i])
		start = text[i] == '\n'
	}
	return string(out)
}

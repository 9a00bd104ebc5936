// Command dcplan-controller runs dcplan's DeploymentConfig controllers (the
// DC controller and the deployer controller) against an OpenShift cluster:
//
//	dcplan-controller [--kubeconfig FILE] [--context NAME] [--namespace NS]
//	                  [--profile Modern|Exact|Origin10|Origin13|Origin15]
//	                  [--deployer-image IMAGE] [--service-account NAME]
//	                  [--workers N]
//
// The client configuration follows clientcmd's default loading rules:
// --kubeconfig, else $KUBECONFIG, else ~/.kube/config, else the in-cluster
// service account. --namespace "" watches every namespace. The process
// stops on SIGINT or SIGTERM and exits 1 when the controller cannot run
// (no configuration, no DeploymentConfig API, ...).
//
// With --demo it instead runs an in-memory cluster (kubetest) with one DC,
// rolls it out twice and prints the events and the result; nothing
// contacts a server.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run runs the command with args and returns its exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dcplan-controller", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kubeconfig := fs.String("kubeconfig", "", "path to a kubeconfig file (default: $KUBECONFIG, ~/.kube/config, in-cluster)")
	kubeContext := fs.String("context", "", "kubeconfig context to use (default: the current context)")
	namespace := fs.String("namespace", "", "namespace to watch (default: all namespaces)")
	profile := fs.String("profile", "Modern", "behaviour preset: Modern, Exact, Origin10, Origin13 or Origin15")
	image := fs.String("deployer-image", "quay.io/openshift/origin-deployer:latest", "image of the deployer pods")
	sa := fs.String("service-account", "deployer", "service account of the deployer pods")
	workers := fs.Int("workers", 2, "workers per queue")
	demo := fs.Bool("demo", false, "run the in-memory demo instead of connecting to a cluster")
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	klogFlags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "dcplan-controller: unexpected arguments %q\n", fs.Args())
		return 2
	}
	preset, err := dcplan.ParsePreset(*profile)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: --profile: %v\n", err)
		return 2
	}
	settings := preset.Settings()
	settings.DeployerImage, settings.ServiceAccount = *image, *sa
	if *demo {
		if err := runDemo(ctx, stdout, settings); err != nil {
			fmt.Fprintf(stderr, "dcplan-controller: demo: %v\n", err)
			return 1
		}
		return 0
	}
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = *kubeconfig
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: *kubeContext}).ClientConfig()
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: client configuration: %v\n", err)
		return 1
	}
	kc, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return 1
	}
	ac, err := appsclient.NewForConfig(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return 1
	}
	c := kube.New(kc, ac, kube.Options{Namespace: *namespace, Settings: settings, Workers: *workers})
	klog.InfoS("Starting dcplan-controller", "host", cfg.Host, "namespace", *namespace, "profile", preset.String())
	if err := c.Run(ctx); err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return 1
	}
	return 0
}

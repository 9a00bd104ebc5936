// Command dcplan-controller runs dcplan's DeploymentConfig controllers (the
// DC controller and the deployer controller) against an OpenShift cluster,
// as a Deployment of several replicas would run them: leader election on
// a Lease, Prometheus metrics on /metrics, /healthz and /readyz probes,
// and a graceful stop on SIGTERM.
//
//	dcplan-controller [--kubeconfig FILE] [--context NAME] [--namespace NS]
//	                  [--profile Modern|Exact|Origin10|Origin13|Origin15|Origin]
//	                  [--leader-elect=false] [--metrics-address ADDR] [--health-address ADDR] ...
//	dcplan-controller --demo
//
// The client configuration follows clientcmd's default loading rules:
// --kubeconfig, else $KUBECONFIG, else ~/.kube/config, else the in-cluster
// service account. --namespace "" watches every namespace. On SIGINT or
// SIGTERM the process stops taking work, lets the passes in flight finish,
// releases the lease and exits 0. Run with -h for every flag and the exit
// statuses (exitCodes).
//
// With --demo it instead runs an in-memory cluster (kubetest) with one DC,
// rolls it out twice and prints the events and the result; nothing
// contacts a server, and there is no leader election, metrics or probe
// server unless their flags are given.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal, the next one kills the process (the
	// signals' default), however long the stop takes.
	context.AfterFunc(ctx, stop)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// The exit statuses of the command, as -h lists them.
const (
	exitOK          = 0
	exitFailed      = 1
	exitUsage       = 2
	exitNoConfig    = 3
	exitKubeconfig  = 4
	exitUnreachable = 5
	exitRefused     = 6
	exitNoDCs       = 7
	exitLeaseLost   = 8
)

// exitCodes documents the exit statuses in -h.
const exitCodes = `Exit status:
  0  stopped by SIGINT or SIGTERM (the passes in flight finished, the lease released), or --demo done
  1  the controller failed while running
  2  a usage error: an unknown flag or preset, an invalid duration, count, rate or address, a cluster flag or an Origin preset with --demo
  3  no client configuration: no --kubeconfig, $KUBECONFIG or ~/.kube/config, and not in a pod
  4  the kubeconfig cannot be used: a missing file, no or an unknown context, invalid contents
  5  the API server is unreachable (refused, timed out, TLS, 5xx) for --api-check-timeout
  6  the API server refused the credentials (401 Unauthorized, 403 Forbidden)
  7  the server does not serve deploymentconfigs.apps.openshift.io/v1 (not OpenShift)
  8  the leader lease was lost, also during the drain after SIGINT or SIGTERM (the process stopped acting at once: the passes in flight were cancelled)
`

// flags are the command's own flags.
type flags struct {
	kubeconfig, context, namespace, profile string
	image, serviceAccount                   string
	workers                                 int
	demo                                    bool
	leaderElect                             bool
	election                                kube.LeaderElection
	metricsAddress, healthAddress           string
	drain, resync, apiCheck                 time.Duration
	qps                                     float64
	burst                                   int
	// set holds the names of the flags given on the command line.
	set map[string]bool
}

// parse reads args. The program's own flags are listed first in -h, then
// the exit statuses, then klog's flags.
func parse(args []string, stderr io.Writer) (flags, error) {
	var f flags
	own := flag.NewFlagSet("dcplan-controller", flag.ContinueOnError)
	own.StringVar(&f.kubeconfig, "kubeconfig", "", "path to a kubeconfig file (default: $KUBECONFIG, ~/.kube/config, in-cluster)")
	own.StringVar(&f.context, "context", "", "kubeconfig context to use (default: the current context)")
	own.StringVar(&f.namespace, "namespace", "", "namespace to watch (default: all namespaces)")
	own.StringVar(&f.profile, "profile", "Modern", "behaviour preset, any case: Modern, Exact, Origin10, Origin13, Origin15 or Origin (= Origin15)")
	own.StringVar(&f.image, "deployer-image", "quay.io/openshift/origin-deployer:latest", "image of the deployer pods")
	own.StringVar(&f.serviceAccount, "service-account", "deployer", "service account of the deployer pods")
	own.IntVar(&f.workers, "workers", 2, "workers per queue")
	own.BoolVar(&f.demo, "demo", false, "run the in-memory demo instead of connecting to a cluster")
	own.BoolVar(&f.leaderElect, "leader-elect", true, "act only while holding the leader Lease (--demo: off unless given)")
	own.StringVar(&f.election.Namespace, "leader-elect-namespace", "dcplan-system", "namespace of the leader Lease")
	own.StringVar(&f.election.Name, "leader-elect-name", "dcplan-controller", "name of the leader Lease")
	own.StringVar(&f.election.Identity, "leader-elect-identity", "", "this replica's name in the Lease (default: host name and a random uid)")
	own.DurationVar(&f.election.LeaseDuration, "leader-elect-lease-duration", kube.DefaultLeaseDuration, "how long a standby waits after the leader's last renewal before taking the lease; the Lease records it in whole seconds, which must exceed --leader-elect-renew-deadline and --leader-elect-retry-period together")
	own.DurationVar(&f.election.RenewDeadline, "leader-elect-renew-deadline", kube.DefaultRenewDeadline, "how long the leader tries to renew before it stops acting and exits 8")
	own.DurationVar(&f.election.RetryPeriod, "leader-elect-retry-period", kube.DefaultRetryPeriod, "time between tries to acquire or renew the lease")
	own.StringVar(&f.metricsAddress, "metrics-address", ":8080", `address of the /metrics server, "" for none (--demo: none unless given)`)
	own.StringVar(&f.healthAddress, "health-address", ":8081", `address of the /healthz and /readyz server, "" for none; may equal --metrics-address (--demo: none unless given)`)
	own.DurationVar(&f.drain, "drain-timeout", kube.DefaultDrainTimeout, "how long the passes in flight at SIGTERM may run on, and their events be sent")
	own.DurationVar(&f.apiCheck, "api-check-timeout", kube.DefaultAPICheckTimeout, "how long to check again, at startup, an API server that is unreachable (restarting, 5xx) before exiting 5")
	own.DurationVar(&f.resync, "resync", kube.DefaultResync, "informer resync period, which plans every DC and RC again (a key dropped after its retries comes back); 0 for none")
	own.Float64Var(&f.qps, "kube-api-qps", defaultQPS, "queries per second of each clientset: the Kubernetes one (RC, pod and event writes, the lease, the RC and pod informers) and the DeploymentConfig one; negative for no limit")
	own.IntVar(&f.burst, "kube-api-burst", defaultBurst, "burst of queries to the API server above --kube-api-qps")

	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)

	all := flag.NewFlagSet("dcplan-controller", flag.ContinueOnError)
	all.SetOutput(stderr)
	for _, fs := range []*flag.FlagSet{own, klogFlags} {
		fs.VisitAll(func(fl *flag.Flag) { all.Var(fl.Value, fl.Name, fl.Usage) })
	}
	all.Usage = func() {
		fmt.Fprint(stderr, "Usage: dcplan-controller [flags]\n\n"+
			"Runs dcplan's DeploymentConfig and deployer controllers against the cluster of the\n"+
			"kubeconfig, or in memory with --demo.\n\nFlags:\n")
		own.SetOutput(stderr)
		own.PrintDefaults()
		fmt.Fprint(stderr, "\n"+exitCodes+"\nLogging flags (klog):\n")
		klogFlags.SetOutput(stderr)
		klogFlags.PrintDefaults()
	}
	if err := all.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return f, err
		}
		return f, fmt.Errorf("%w: %w", errPrinted, err)
	}
	if all.NArg() > 0 {
		return f, fmt.Errorf("unexpected arguments %q", all.Args())
	}
	f.set = map[string]bool{}
	all.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	if f.demo {
		// The demo runs its own cluster in memory: the flags that name or
		// reach a real one would be ignored, and a user who gave one
		// expects it to count.
		for _, name := range []string{"kubeconfig", "context", "namespace", "kube-api-qps", "kube-api-burst"} {
			if f.set[name] {
				return f, fmt.Errorf("--%s: --demo runs on an in-memory cluster of its own; leave --%s out", name, name)
			}
		}
		// The demo has no cluster: nothing to elect or serve unless asked.
		f.leaderElect = f.leaderElect && f.set["leader-elect"]
		if !f.set["metrics-address"] {
			f.metricsAddress = ""
		}
		if !f.set["health-address"] {
			f.healthAddress = ""
		}
	}
	if f.leaderElect {
		// kube.LeaderElection reads a zero duration as its default; a
		// flag set to 0 asks for no time at all, which no election allows.
		for _, d := range []struct {
			name string
			v    time.Duration
		}{{"lease-duration", f.election.LeaseDuration}, {"renew-deadline", f.election.RenewDeadline}, {"retry-period", f.election.RetryPeriod}} {
			if d.v <= 0 {
				return f, fmt.Errorf("--leader-elect-%s %s: want a positive duration", d.name, d.v)
			}
		}
		if err := f.election.Validate(); err != nil {
			return f, fmt.Errorf("--leader-elect-*: %w", err)
		}
	}
	for _, a := range []struct{ name, v string }{{"metrics-address", f.metricsAddress}, {"health-address", f.healthAddress}} {
		if a.v == "" {
			continue
		}
		// What net.Listen parses, but the host's lookup.
		_, port, err := net.SplitHostPort(a.v)
		if err == nil {
			_, err = net.LookupPort("tcp", port)
		}
		if err != nil {
			return f, fmt.Errorf("--%s %s: want HOST:PORT or :PORT (\"\" for none): %w", a.name, a.v, err)
		}
	}
	if strings.TrimSpace(f.image) == "" {
		// An API server refuses a pod without an image: no rollout would
		// get past its deployer pod's create.
		return f, fmt.Errorf("--deployer-image %q: want an image", f.image)
	}
	if f.drain <= 0 {
		// kube.Options reads a zero DrainTimeout as its default.
		return f, fmt.Errorf("--drain-timeout %s: want a positive duration", f.drain)
	}
	if f.workers < 1 {
		return f, fmt.Errorf("--workers %d: want at least 1", f.workers)
	}
	if f.apiCheck <= 0 {
		return f, fmt.Errorf("--api-check-timeout %s: want a positive duration", f.apiCheck)
	}
	if f.resync < 0 {
		return f, fmt.Errorf("--resync %s: want 0 (none) or a positive period", f.resync)
	}
	// client-go reads a rate of 0 as its own 5 qps; NaN would be no limit
	// without saying so.
	if f.qps == 0 || math.IsNaN(f.qps) || f.burst < 1 && f.qps > 0 {
		return f, fmt.Errorf("--kube-api-qps %g, --kube-api-burst %d: want a positive rate (or a negative one, for no limit) and a burst of at least 1", f.qps, f.burst)
	}
	if f.qps > 0 && float32(f.qps) == 0 {
		// client-go holds the rate as a float32. (A negative rate is no
		// limit at any size: clientQPS passes it on as -1.)
		return f, fmt.Errorf("--kube-api-qps %g: 0 as client-go's float32, which it reads as its own 5 qps: want at least %g", f.qps, math.SmallestNonzeroFloat32)
	}
	return f, nil
}

// The defaults of --kube-api-qps and --kube-api-burst: kube-controller-
// manager's. client-go's own (5 and 10), shared by every write of both
// controllers, make a rollout several times slower on a real server.
const (
	defaultQPS   = 50
	defaultBurst = 100
)

// clientQPS is --kube-api-qps as client-go holds it, a float32: a
// negative rate, which asks for no limit, is -1, as a negative rate
// under float32's smallest would become -0, which client-go reads as 0,
// its own 5 qps.
func clientQPS(qps float64) float32 {
	if qps < 0 {
		return -1
	}
	return float32(qps)
}

// errPrinted marks a usage error the flag package has printed.
var errPrinted = errors.New("usage")

// run runs the command with args and returns its exit status. It
// flushes klog's buffered output (--log_file, --log_dir) before it
// returns: the process exits right after.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	defer klog.Flush()
	f, err := parse(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errPrinted):
		return exitUsage // the flag package printed it, with the usage
	case err != nil:
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return exitUsage
	}
	preset, err := dcplan.ParsePreset(f.profile)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: --profile: %v\n", err)
		return exitUsage
	}
	settings := preset.Settings()
	if f.demo && settings.SeedConfigController {
		// The demo starts its rollouts by config changes; the Origin
		// presets' DC controller evaluates no trigger (their trigger
		// controllers are not modelled), so none would come.
		fmt.Fprintf(stderr, "dcplan-controller: --profile %s: --demo rolls out by config changes, which the Origin presets do not act on; "+
			"use Modern or Exact with --demo\n", f.profile)
		return exitUsage
	}
	settings.DeployerImage, settings.ServiceAccount = f.image, f.serviceAccount
	resync := f.resync
	if resync == 0 {
		resync = -1 // kube.Options' none
	}
	opts := kube.Options{Namespace: f.namespace, Settings: settings, Workers: f.workers, DrainTimeout: f.drain, Resync: resync,
		APICheckTimeout: f.apiCheck}
	if f.leaderElect {
		opts.LeaderElection = &f.election
	}
	if f.demo {
		if err := runDemo(ctx, stdout, opts, f); err != nil {
			if ctx.Err() != nil { // SIGINT or SIGTERM: a stop, as -h says (exit 0)
				fmt.Fprintln(stderr, "dcplan-controller: demo stopped before it was done")
				return exitOK
			}
			fmt.Fprintf(stderr, "dcplan-controller: demo: %v\n", err)
			return exitCode(err)
		}
		return exitOK
	}
	cfg, err := clientConfig(f)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return exitCode(err)
	}
	cfg.QPS, cfg.Burst = clientQPS(f.qps), f.burst
	kc, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return exitKubeconfig
	}
	ac, err := appsclient.NewForConfig(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return exitKubeconfig
	}
	ctrl := kube.New(kc, ac, opts)
	klog.InfoS("Starting dcplan-controller", "host", cfg.Host, "namespace", f.namespace, "profile", preset.String(),
		"leaderElection", f.leaderElect)
	if err := serveAndRun(ctx, ctrl, f, stderr); err != nil {
		fmt.Fprintf(stderr, "dcplan-controller: %v\n", err)
		return exitCode(err)
	}
	return exitOK
}

// Errors of the client configuration.
var (
	// errNoConfig: nothing configures a client.
	errNoConfig = errors.New("no client configuration")
	// errKubeconfig: a kubeconfig that cannot be used.
	errKubeconfig = errors.New("kubeconfig")
)

// exitCode returns the exit status for err.
func exitCode(err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errNoConfig):
		return exitNoConfig
	case errors.Is(err, errKubeconfig):
		return exitKubeconfig
	case errors.Is(err, kube.ErrUnreachable):
		return exitUnreachable
	case errors.Is(err, kube.ErrUnauthorized):
		return exitRefused
	case errors.Is(err, kube.ErrNoDeploymentConfigs):
		return exitNoDCs
	case errors.Is(err, kube.ErrLeaseLost):
		return exitLeaseLost
	}
	return exitFailed
}

// clientConfig loads the client configuration by clientcmd's default
// rules, and says which case failed: no configuration at all
// (errNoConfig), or a kubeconfig that is missing or unusable
// (errKubeconfig), naming the files.
func clientConfig(f flags) (*rest.Config, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = f.kubeconfig
	// clientcmd reports a missing --kubeconfig as a bare stat error, and
	// skips missing $KUBECONFIG files silently (then finds nothing):
	// name them.
	env := os.Getenv(clientcmd.RecommendedConfigPathEnvVar)
	switch {
	case f.kubeconfig != "":
		if _, err := os.Stat(f.kubeconfig); err != nil {
			return nil, fmt.Errorf("%w: --kubeconfig %s: %w", errKubeconfig, f.kubeconfig, err)
		}
	case env != "":
		var found bool
		for _, p := range filepath.SplitList(env) {
			if _, err := os.Stat(p); err == nil {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%w: $KUBECONFIG=%s: no such file", errKubeconfig, env)
		}
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: f.context})
	cfg, err := cc.ClientConfig()
	switch {
	case err == nil:
		return cfg, nil
	case clientcmd.IsEmptyConfig(err) && len(loaded(rules)) > 0:
		return nil, fmt.Errorf("%w: %s configures no cluster (no current context?): pass --context NAME, or another --kubeconfig",
			errKubeconfig, strings.Join(loaded(rules), ", "))
	case clientcmd.IsEmptyConfig(err):
		return nil, fmt.Errorf("%w: --kubeconfig and $KUBECONFIG are unset, %s does not exist, and this is not a pod with a service account; "+
			"pass --kubeconfig FILE (and --context NAME) or set $KUBECONFIG, or try --demo to run in memory", errNoConfig, clientcmd.RecommendedHomeFile)
	}
	return nil, fmt.Errorf("%w: %w", errKubeconfig, err)
}

// loaded returns the kubeconfig files the rules read that exist.
func loaded(rules *clientcmd.ClientConfigLoadingRules) []string {
	var out []string
	for _, p := range rules.GetLoadingPrecedence() {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

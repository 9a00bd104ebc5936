// Command scalectl measures examples/kube's controller over DCs DCs with
// RCs settled RCs each, in a process of its own so that its peak RSS is
// the controller's alone: over a real API server that already holds them
// (Populate), or, with -kubetest, over kubetest's fake clientsets
// that it populates itself first. It prints one JSON object (Output) on
// standard output. BenchmarkScale in examples/kube/e2e runs it.
//
//	scalectl -server https://127.0.0.1:6443 -ca ca.crt -token T -namespace ns -dcs 1000 -rcs 10 -resync 60s
//	scalectl -kubetest -dcs 1000 -rcs 10 -resync 60s
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	appsclient "github.com/openshift/client-go/apps/clientset/versioned"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// Output is what scalectl prints.
type Output struct {
	Backend  string `json:"backend"`
	DCs, RCs int
	// PopulateSeconds is how long populating took (-populate, -kubetest).
	PopulateSeconds float64 `json:"populateSeconds,omitempty"`
	// RSSAfterPopulateMB is the process's RSS once populated, after a GC
	// (kubetest: the fake clientsets holding the objects).
	RSSAfterPopulateMB float64 `json:"rssAfterPopulateMB"`
	// PeakRSSMB is VmHWM from then to the end of the rounds.
	PeakRSSMB float64 `json:"peakRSSMB"`
	Result
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "scalectl:", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		fakes      = flag.Bool("kubetest", false, "populate kubetest's fake clientsets and measure over them")
		server     = flag.String("server", "", "API server URL")
		ca         = flag.String("ca", "", "API server CA file")
		token      = flag.String("token", "", "bearer token")
		ns         = flag.String("namespace", "scale", "namespace of the DCs")
		dcs        = flag.Int("dcs", 1000, "DCs")
		rcs        = flag.Int("rcs", 10, "RCs per DC")
		resync     = flag.Duration("resync", 0, "informer resync period; 0: no resync round")
		timeout    = flag.Duration("timeout", 10*time.Minute, "bound of the rounds")
		populate   = flag.Bool("populate", false, "populate the server and exit")
		goroutines = flag.Int("clients", 4, "goroutines populating")
	)
	flag.Parse()
	ctx := context.Background()
	out := Output{Backend: "apiserver", DCs: *dcs, RCs: *rcs}
	opts := Options{Namespace: *ns, DCs: *dcs, RCs: *rcs, Resync: *resync, Timeout: *timeout}
	var kc kubernetes.Interface
	var ac appsclient.Interface
	if *fakes {
		out.Backend = "kubetest"
		c := kubetest.NewCluster(time.Now())
		start := time.Now()
		if err := Populate(ctx, c.Kube, c.Apps, *ns, *dcs, *rcs, *goroutines, time.Now()); err != nil {
			return err
		}
		out.PopulateSeconds = time.Since(start).Seconds()
		kc, ac, opts.Recorder = c.Kube, c.Apps, kubetest.Discard
	} else {
		cfg := &rest.Config{Host: *server, BearerToken: *token, TLSClientConfig: rest.TLSClientConfig{CAFile: *ca}}
		if *populate {
			cfg.QPS = -1 // no client-side rate limit: as fast as the server takes them
		}
		var err error
		if kc, err = kubernetes.NewForConfig(cfg); err != nil {
			return err
		}
		if ac, err = appsclient.NewForConfig(cfg); err != nil {
			return err
		}
		if *populate {
			start := time.Now()
			if err := Populate(ctx, kc, ac, *ns, *dcs, *rcs, *goroutines, time.Now()); err != nil {
				return err
			}
			return json.NewEncoder(os.Stdout).Encode(map[string]any{"backend": out.Backend, "DCs": *dcs, "RCs": *rcs,
				"populateSeconds": time.Since(start).Seconds()})
		}
	}
	runtime.GC()
	debug.FreeOSMemory()
	rss, err := ProcStatus(0, "VmRSS")
	if err != nil {
		return err
	}
	out.RSSAfterPopulateMB = float64(rss) / 1024
	if err := ResetPeakRSS(); err != nil {
		return err
	}
	res, err := Measure(ctx, kc, ac, opts)
	out.Result = res
	if err != nil {
		return fmt.Errorf("%w (so far: %+v)", err, res)
	}
	peak, err := ProcStatus(0, "VmHWM")
	if err != nil {
		return err
	}
	out.PeakRSSMB = float64(peak) / 1024
	return json.NewEncoder(os.Stdout).Encode(out)
}

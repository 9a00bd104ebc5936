package e2e_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube/e2e"
	"github.com/dcplan/dcplan/examples/kube/e2e/internal/scale"
)

// The world of BenchmarkScale.
var (
	scaleDCs     = flag.Int("scale.dcs", 1000, "BenchmarkScale: DCs")
	scaleRCs     = flag.Int("scale.rcs", 10, "BenchmarkScale: RCs per DC")
	scaleResync  = flag.Duration("scale.resync", time.Minute, "BenchmarkScale: the controller's informer resync period (0: no resync round)")
	scaleClients = flag.Int("scale.clients", 8, "BenchmarkScale: goroutines populating the real server")
)

// scaleOutput is scalectl's output (its Output type).
type scaleOutput struct {
	PopulateSeconds    float64 `json:"populateSeconds"`
	RSSAfterPopulateMB float64 `json:"rssAfterPopulateMB"`
	PeakRSSMB          float64 `json:"peakRSSMB"`
	scale.Result
}

// BenchmarkScale populates a namespace with -scale.dcs DCs of -scale.rcs
// settled RCs each (scale.Populate: 1 000 x 10 by default), then runs the
// controller over them in a process of its own (scalectl) and reports,
// on the real kube-apiserver and on kubetest side by side: the populate
// time, the first round's passes per second (every DC and RC key passed
// once, from the first pass to the last), a resync round's, the CPU per
// 1 000 passes, and the controller process's peak RSS (VmHWM); on the
// real server also kube-apiserver's and etcd's RSS after the rounds. The
// world is at rest: a pass that sends a request fails the benchmark. It
// takes a few minutes and runs only when asked:
//
//	go test -run '^$' -bench Scale -benchtime 1x -timeout 30m
func BenchmarkScale(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "scalectl")
	if out, err := exec.Command("go", "build", "-o", bin, "./internal/scale/scalectl").CombinedOutput(); err != nil {
		b.Fatalf("go build scalectl: %v\n%s", err, out)
	}
	args := []string{"-dcs", itoa(*scaleDCs), "-rcs", itoa(*scaleRCs), "-resync", scaleResync.String()}
	b.Run("apiserver", func(b *testing.B) {
		for range b.N {
			e := newEnvRole(b, "", time.Hour) // no pods to run: the kubelet idles
			start := time.Now()
			if err := scale.Populate(context.Background(), e.admin, e.apps, e.ns, *scaleDCs, *scaleRCs, *scaleClients, time.Now()); err != nil {
				b.Fatal(err)
			}
			populate := time.Since(start).Seconds()
			cfg := e.controllerConfig()
			out := runScalectl(b, bin, append(args, "-server", cfg.Host, "-ca", cfg.CAFile, "-token", cfg.BearerToken, "-namespace", e.ns)...)
			out.PopulateSeconds = populate
			report(b, out)
			for _, p := range []*e2e.Process{cp.APIServer.Proc, cp.Etcd.Proc} {
				if kb, err := scale.ProcStatus(p.Pid(), "VmRSS"); err == nil {
					b.ReportMetric(float64(kb)/1024, p.Name+"-RSS-MB")
				}
			}
		}
	})
	b.Run("kubetest", func(b *testing.B) {
		for range b.N {
			report(b, runScalectl(b, bin, append(args, "-kubetest")...))
		}
	})
}

// runScalectl runs scalectl with args and returns its output.
func runScalectl(b *testing.B, bin string, args ...string) scaleOutput {
	b.Helper()
	log := filepath.Join(b.TempDir(), "scalectl.log")
	p, err := e2e.StartProcess("scalectl", log, append([]string{bin}, args...)...)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	if err := p.WaitExit(ctx); err != nil {
		_ = p.Kill()
		b.Fatal(err)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var out scaleOutput
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &out); err != nil {
		b.Fatalf("scalectl: %v\n%s", err, data)
	}
	b.Logf("scalectl %s: %s", args[len(args)-1], lines[len(lines)-1])
	return out
}

// report reports a scalectl run's figures, and fails the benchmark when
// a pass sent a request: the populated world is not at rest.
func report(b *testing.B, out scaleOutput) {
	b.Helper()
	b.ReportMetric(out.PopulateSeconds, "populate-s")
	b.ReportMetric(out.First.PassesPerSecond, "passes/s")
	b.ReportMetric(out.First.CPUSeconds*1000/float64(max(out.First.Passes, 1)), "CPU-s/1000passes")
	b.ReportMetric(out.PeakRSSMB, "peak-RSS-MB")
	b.ReportMetric(out.RSSAfterPopulateMB, "RSS-at-start-MB")
	requests := out.First.Requests
	if r := out.Resync; r != nil {
		b.ReportMetric(r.PassesPerSecond, "resync-passes/s")
		requests += r.Requests
	}
	if requests > 0 {
		b.Errorf("the populated world is not at rest: %d requests; plans: %q", requests, out.Plans)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

package e2e_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan/examples/kube/e2e"
)

// The world of BenchmarkScale.
var (
	scaleDCs     = flag.Int("scale.dcs", 1000, "BenchmarkScale: DCs")
	scaleRCs     = flag.Int("scale.rcs", 10, "BenchmarkScale: RCs per DC")
	scaleResync  = flag.Duration("scale.resync", time.Minute, "BenchmarkScale: the controller's informer resync period (0: no resync round)")
	scaleClients = flag.Int("scale.clients", 8, "BenchmarkScale: goroutines populating the real server")
)

// scaleOutput is what BenchmarkScale reads of scalectl's output (its
// Output type).
type scaleOutput struct {
	PopulateSeconds    float64     `json:"populateSeconds"`
	RSSAfterPopulateMB float64     `json:"rssAfterPopulateMB"`
	PeakRSSMB          float64     `json:"peakRSSMB"`
	First              scaleRound  `json:"first"`
	Resync             *scaleRound `json:"resync"`
	Plans              []string    `json:"plans"`
}

// scaleRound is scalectl's Round.
type scaleRound struct {
	CPUSeconds      float64 `json:"cpuSeconds"`
	Passes          int     `json:"passes"`
	Requests        int     `json:"requests"`
	PassesPerSecond float64 `json:"passesPerSecond"`
}

// BenchmarkScale populates a namespace with -scale.dcs DCs of -scale.rcs
// settled RCs each (scalectl -populate: 1 000 x 10 by default), then runs
// the controller over them in a process of its own (scalectl) and reports,
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
	if out, err := exec.Command("go", "build", "-o", bin, "./scalectl").CombinedOutput(); err != nil {
		b.Fatalf("go build scalectl: %v\n%s", err, out)
	}
	args := []string{"-dcs", itoa(*scaleDCs), "-rcs", itoa(*scaleRCs), "-resync", scaleResync.String()}
	b.Run("apiserver", func(b *testing.B) {
		for range b.N {
			e := newEnvRole(b, "", time.Hour) // no pods to run: the kubelet idles
			admin := cp.APIServer.Config(cp.APIServer.AdminToken)
			populated := runScalectl(b, bin, append(args, "-populate", "-clients", itoa(*scaleClients),
				"-server", admin.Host, "-ca", admin.CAFile, "-token", admin.BearerToken, "-namespace", e.ns)...)
			cfg := e.controllerConfig()
			out := runScalectl(b, bin, append(args, "-server", cfg.Host, "-ca", cfg.CAFile, "-token", cfg.BearerToken, "-namespace", e.ns)...)
			out.PopulateSeconds = populated.PopulateSeconds
			report(b, out)
			for _, p := range []*e2e.Process{cp.APIServer.Proc, cp.Etcd.Proc} {
				if mb, err := vmRSS(p.Pid()); err == nil {
					b.ReportMetric(mb, p.Name+"-RSS-MB")
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
	shown := slices.Clone(args)
	if i := slices.Index(shown, "-token"); i >= 0 && i+1 < len(shown) {
		shown[i+1] = "…"
	}
	b.Logf("scalectl %s: %s", strings.Join(shown, " "), lines[len(lines)-1])
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

// vmRSS is process pid's resident set in MB, from /proc/<pid>/status.
func vmRSS(pid int) (float64, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return float64(kb) / 1024, err
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no VmRSS", pid)
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/yaml"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/examples/kube"
	"github.com/dcplan/dcplan/examples/kube/kubetest"
)

// TestDemo runs the demo: two rollouts, their events, the final RCs; the
// preset is read in any case.
func TestDemo(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--demo", "--profile", "exact"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		`event deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-1" for version 1`,
		`event deploymentconfig-controller DeploymentConfig/frontend Normal DeploymentCreated: Created new replication controller "frontend-2" for version 2`,
		"rc/frontend-1 Complete replicas=0 image=registry.example.com/shop/frontend:1.0\nrc/frontend-2 Complete replicas=3 image=registry.example.com/shop/frontend:1.1\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "serving") {
		t.Errorf("the demo serves metrics or probes unless asked:\n%s", out.String())
	}
}

// TestDemoStoppedBySignal: a demo that SIGINT or SIGTERM stops (its
// context cancelled) exits 0, as -h says of a stop by a signal, saying
// that it stopped; it exited 1, "the controller failed while running".
func TestDemoStoppedBySignal(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"--demo"}, &out, &errOut); code != exitOK || !strings.Contains(errOut.String(), "demo stopped") {
		t.Errorf("a demo stopped by a signal: exit %d, stderr %q; want exit %d saying it stopped", code, errOut.String(), exitOK)
	}
}

// TestUsage: -h lists the program's flags, then the exit statuses, then
// klog's flags.
func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &out, &errOut); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	help := errOut.String()
	order := []string{"-kubeconfig", "-leader-elect-lease-duration", "-metrics-address", "-profile", "Exit status:"}
	for code := range 9 {
		order = append(order, fmt.Sprintf("\n  %d  ", code))
	}
	order = append(order, "Logging flags (klog):", "-v value")
	at := 0
	for _, s := range order {
		i := strings.Index(help[at:], s)
		if i < 0 {
			t.Fatalf("-h lacks %q after offset %d:\n%s", s, at, help)
		}
		at += i
	}
}

// writeKubeconfig writes a kubeconfig for server and returns its path.
func writeKubeconfig(t *testing.T, server string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kubeconfig")
	data := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: %q}}]
users: [{name: u, user: {token: t0ken}}]
contexts: [{name: ctx, context: {cluster: c, user: u}}]
current-context: ctx
`, server)
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// answering is an API server answering every request with status.
func answering(t *testing.T, status int) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","code":%d}`, status)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// unreachable is the URL of a local port nothing listens on: port 1,
// which no test binds. A port freed by closing a listener is not: the
// next server a test starts may take it at once (the 401 server of
// TestExitCodes once did, and answered the "unreachable" case).
const unreachable = "http://127.0.0.1:1"

// TestExitCodes: each way the command cannot run has its exit status
// and a message naming what to fix.
func TestExitCodes(t *testing.T) {
	// No ambient configuration: no $KUBECONFIG, an empty home, not a pod.
	t.Setenv("HOME", t.TempDir())
	t.Setenv("KUBECONFIG", "")
	t.Setenv("KUBERNETES_SERVICE_HOST", "")
	t.Setenv("KUBERNETES_SERVICE_PORT", "")
	missing := filepath.Join(t.TempDir(), "no-such-kubeconfig")
	noContext := filepath.Join(t.TempDir(), "kubeconfig")
	if err := os.WriteFile(noContext, []byte("apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	quiet := []string{"--metrics-address", "127.0.0.1:0", "--health-address", "127.0.0.1:0", "--leader-elect=false"}
	for _, tc := range []struct {
		name, why string
		env       string // $KUBECONFIG
		args      []string
		code      int
		stderr    []string
	}{
		{"bad profile", "presets are parsed before anything runs, and every name is listed",
			"", []string{"--profile", "Newest"}, exitUsage, []string{"--profile", "Modern, Exact, Origin10, Origin13, Origin15, Origin (any case)"}},
		{"argument", "the command takes flags only", "", []string{"extra"}, exitUsage, []string{"unexpected arguments"}},
		{"unknown flag", "the flag package's error and the usage", "", []string{"--nope"}, exitUsage, []string{"flag provided but not defined", "Exit status:"}},
		{"renew past the lease", "client-go's rule on the durations", "", []string{"--leader-elect-renew-deadline", "20s"}, exitUsage,
			[]string{"--leader-elect-*", "must be longer than the renew deadline"}},
		{"lease under a second", "the Lease records 0 s, and a standby would lead beside the leader", "",
			[]string{"--leader-elect-lease-duration", "900ms", "--leader-elect-renew-deadline", "500ms", "--leader-elect-retry-period", "100ms"}, exitUsage,
			[]string{"--leader-elect-*", "whole seconds"}},
		{"last try past the lease", "a leader cut off acts for the retry period and the renew deadline after its last renewal, past an 11 s lease", "",
			[]string{"--leader-elect-lease-duration", "11s"}, exitUsage, []string{"--leader-elect-*", "the retry period (2s) together"}},
		{"no drain", "kube.Options would read 0 as its 10 s default", "", []string{"--drain-timeout", "0s"}, exitUsage, []string{"--drain-timeout 0s"}},
		{"negative drain", "no time to drain is not a duration", "", []string{"--drain-timeout", "-3s"}, exitUsage, []string{"--drain-timeout -3s"}},
		{"no lease", "kube.LeaderElection would read 0 as its 15 s default", "", []string{"--leader-elect-lease-duration", "0"}, exitUsage,
			[]string{"--leader-elect-lease-duration 0s"}},
		{"no api check", "the check runs at least once", "", []string{"--api-check-timeout", "0s"}, exitUsage, []string{"--api-check-timeout 0s"}},
		{"negative resync", "0 is none; a negative period means nothing", "", []string{"--resync", "-1m"}, exitUsage, []string{"--resync -1m0s"}},
		{"zero qps", "client-go would read 0 as its own 5 qps", "", []string{"--kube-api-qps", "0"}, exitUsage, []string{"--kube-api-qps 0"}},
		{"NaN qps", "not a rate: client-go would run without a limit", "", []string{"--kube-api-qps", "NaN"}, exitUsage, []string{"--kube-api-qps NaN"}},
		{"qps 0 as a float32", "client-go would read the float32 0 as its own 5 qps", "", []string{"--kube-api-qps", "1e-50"}, exitUsage,
			[]string{"--kube-api-qps 1e-50"}},
		{"no burst", "a limited rate needs a burst of at least 1", "", []string{"--kube-api-burst", "0"}, exitUsage, []string{"burst of at least 1"}},
		{"no deployer image", "an API server refuses every deployer pod without one", "", []string{"--deployer-image", ""}, exitUsage,
			[]string{`--deployer-image ""`}},
		{"port alone", "a malformed address is a usage error, not a failure while running", "", []string{"--metrics-address", "8080"}, exitUsage,
			[]string{"--metrics-address 8080", "missing port"}},
		{"port out of range", "a malformed address is a usage error, not a failure while running", "", []string{"--health-address", ":99999"}, exitUsage,
			[]string{"--health-address :99999", "invalid port"}},
		{"demo, port alone", "the demo's addresses too", "", []string{"--demo", "--health-address", "8081"}, exitUsage,
			[]string{"--health-address 8081", "missing port"}},
		{"demo with a namespace", "the demo's cluster is its own: a flag that names a real one would be ignored", "",
			[]string{"--demo", "--namespace", "shop"}, exitUsage, []string{"--namespace", "in-memory cluster"}},
		{"demo with a kubeconfig", "the demo's cluster is its own: a flag that names a real one would be ignored", "",
			[]string{"--demo", "--kubeconfig", missing}, exitUsage, []string{"--kubeconfig", "in-memory cluster"}},
		{"demo with an Origin preset", "the seeds evaluate no triggers: the demo's rollouts, started by config changes, would never come", "",
			[]string{"--demo", "--profile", "origin13"}, exitUsage, []string{"--profile origin13", "--demo", "Modern or Exact"}},
		{"no configuration", "name the flags and $KUBECONFIG, suggest --demo", "", nil, exitNoConfig,
			[]string{"no client configuration", "--kubeconfig", "$KUBECONFIG", "--demo"}},
		{"missing --kubeconfig", "name the file", "", []string{"--kubeconfig", missing}, exitKubeconfig, []string{missing, "no such file"}},
		{"missing $KUBECONFIG", "name the file clientcmd would skip", missing, nil, exitKubeconfig, []string{"$KUBECONFIG=" + missing, "no such file"}},
		{"no context", "a kubeconfig without a context configures nothing", "", []string{"--kubeconfig", noContext}, exitKubeconfig,
			[]string{noContext, "--context"}},
		{"unknown context", "a --context the kubeconfig lacks", "", []string{"--kubeconfig", writeKubeconfig(t, unreachable), "--context", "nope"},
			exitKubeconfig, []string{`"nope"`}},
		{"unreachable", "nothing listens at the server's address", "", append([]string{"--kubeconfig", writeKubeconfig(t, unreachable), "--api-check-timeout", "600ms"}, quiet...),
			exitUnreachable, []string{"unreachable", "connection refused"}},
		{"unauthorized", "401: the credentials are refused", "", append([]string{"--kubeconfig", writeKubeconfig(t, answering(t, 401))}, quiet...),
			exitRefused, []string{"refused the credentials"}},
		{"not openshift", "404 for apps.openshift.io/v1", "", append([]string{"--kubeconfig", writeKubeconfig(t, answering(t, 404))}, quiet...),
			exitNoDCs, []string{"does not serve deploymentconfigs.apps.openshift.io/v1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("KUBECONFIG", tc.env)
			var out, errOut bytes.Buffer
			code := run(context.Background(), tc.args, &out, &errOut)
			if code != tc.code {
				t.Errorf("%s: exit %d, want %d; stderr:\n%s", tc.why, code, tc.code, errOut.String())
			}
			for _, s := range tc.stderr {
				if !strings.Contains(errOut.String(), s) {
					t.Errorf("%s: stderr lacks %q:\n%s", tc.why, s, errOut.String())
				}
			}
		})
	}
}

// TestExitCode maps wrapped errors to their statuses.
func TestExitCode(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, exitOK},
		{errors.New("boom"), exitFailed},
		{fmt.Errorf("run: %w", kube.ErrLeaseLost), exitLeaseLost},
		{fmt.Errorf("run: %w", kube.ErrUnreachable), exitUnreachable},
		{fmt.Errorf("run: %w", kube.ErrUnauthorized), exitRefused},
		{fmt.Errorf("run: %w", kube.ErrNoDeploymentConfigs), exitNoDCs},
		{fmt.Errorf("%w: x", errNoConfig), exitNoConfig},
		{fmt.Errorf("%w: x", errKubeconfig), exitKubeconfig},
	} {
		if got := exitCode(tc.err); got != tc.want {
			t.Errorf("exitCode(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// eventually polls cond until it holds, failing the test after 10 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// get returns the status and body of a GET.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestServers serves /metrics, /healthz and /readyz on one address, and
// on two.
func TestServers(t *testing.T) {
	for _, tc := range []struct {
		name             string
		metrics, health  string
		wantSameListener bool
	}{
		{"one address", "127.0.0.1:0", "127.0.0.1:0", true},
		{"two addresses", "127.0.0.1:0", "localhost:0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := kubetest.NewCluster(time.Now())
			ctrl := kube.New(c.Kube, c.Apps, kube.Options{Namespace: "shop", Recorder: kubetest.Discard})
			s, err := startServers(ctrl, flags{metricsAddress: tc.metrics, healthAddress: tc.health}, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			defer s.shutdown()
			if same := s.addrs["/metrics"] == s.addrs["/readyz"]; same != tc.wantSameListener {
				t.Errorf("addresses %v: one listener %v, want %v", s.addrs, same, tc.wantSameListener)
			}
			if code, body := get(t, "http://"+s.addrs["/readyz"]+"/readyz"); code != http.StatusServiceUnavailable {
				t.Errorf("/readyz before Run: %d %q, want 503", code, body)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- ctrl.Run(ctx) }()
			defer func() { cancel(); <-done }()
			eventually(t, "/readyz to answer 200 and the workers to run", func() bool {
				code, _ := get(t, "http://"+s.addrs["/readyz"]+"/readyz")
				_, body := get(t, "http://"+s.addrs["/metrics"]+"/metrics")
				return code == http.StatusOK && strings.Contains(body, "dcplan_leader 1")
			})
			if code, body := get(t, "http://"+s.addrs["/healthz"]+"/healthz"); code != http.StatusOK || body != "ok\n" {
				t.Errorf("/healthz: %d %q, want 200 ok", code, body)
			}
			code, body := get(t, "http://"+s.addrs["/metrics"]+"/metrics")
			for _, want := range []string{"dcplan_leader 1", "dcplan_rollouts_total{event=\"started\"} 0", "go_goroutines ", "workqueue_depth{name=\"deployer-controller\"} 0"} {
				if code != http.StatusOK || !strings.Contains(body, want) {
					t.Errorf("/metrics: %d, lacks %q", code, want)
				}
			}
		})
	}
}

// TestDeploymentArgs: the arguments of deploy/04-deployment.yaml are
// flags of this command with valid values, and turn leader election on.
func TestDeploymentArgs(t *testing.T) {
	data, err := os.ReadFile("../../deploy/04-deployment.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var d appsv1.Deployment
	if err := yaml.UnmarshalStrict(data, &d); err != nil {
		t.Fatal(err)
	}
	args := slices.Clone(d.Spec.Template.Spec.Containers[0].Args)
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "$(POD_NAMESPACE)", d.Namespace) // the downward API's value
	}
	var errOut bytes.Buffer
	f, err := parse(args, &errOut)
	if err != nil {
		t.Fatalf("parse(%q) = %v\n%s", args, err, errOut.String())
	}
	if _, err := dcplan.ParsePreset(f.profile); err != nil {
		t.Errorf("--profile: %v", err)
	}
	if !f.leaderElect || f.election.Namespace != d.Namespace || f.healthAddress == "" || f.metricsAddress == "" {
		t.Errorf("flags %+v: want leader election in %s, metrics and probes served", f, d.Namespace)
	}
}

// goroutinesIn counts the goroutines whose stack runs code of pkg.
func goroutinesIn(pkg string) int {
	stacks := kubetest.Stacks()
	var count int
	for _, g := range strings.Split(stacks, "\n\n") {
		if strings.Contains(g, pkg) {
			count++
		}
	}
	return count
}

// TestServersFailToListen: when an address is taken, the command exits
// with the listen error and leaves nothing of the controller running:
// the queues' and the event broadcasters' goroutines, which kube.New
// starts, stop too (the controller never ran, so Run did not close it).
func TestServersFailToListen(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	const queues = "k8s.io/client-go/util/workqueue"
	const events = "k8s.io/client-go/tools/record"
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"serveAndRun", func() error {
			c := kubetest.NewCluster(time.Now())
			ctrl := kube.New(c.Kube, c.Apps, kube.Options{Namespace: "shop"}) // events to the API server: broadcasters
			return serveAndRun(context.Background(), ctrl, flags{metricsAddress: "127.0.0.1:0", healthAddress: taken.Addr().String()}, io.Discard)
		}},
		{"demo", func() error {
			var out, errOut bytes.Buffer
			if code := run(context.Background(), []string{"--demo", "--health-address", taken.Addr().String()}, &out, &errOut); code != exitFailed {
				return fmt.Errorf("exit %d, want %d: %s", code, exitFailed, errOut.String())
			}
			return errors.New(errOut.String())
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			beforeQueues, beforeEvents := goroutinesIn(queues), goroutinesIn(events)
			err := tc.run()
			if err == nil || !strings.Contains(err.Error(), "listen for /healthz, /readyz") {
				t.Fatalf("err %v, want the listen error of /healthz, /readyz", err)
			}
			deadline := time.Now().Add(5 * time.Second)
			for goroutinesIn(queues) > beforeQueues || goroutinesIn(events) > beforeEvents {
				if time.Now().After(deadline) {
					t.Fatalf("after the error, %d goroutines of the work queues run (%d before) and %d of the event broadcasters (%d before)",
						goroutinesIn(queues), beforeQueues, goroutinesIn(events), beforeEvents)
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// TestLogFileFlushed: with --log_file, klog buffers what it writes to
// the file and flushes it every 5 s; the command flushes it before it
// exits, or the last lines (all of them, for a short run) are lost. The
// command runs in a process of its own (this test binary, running main):
// klog's flags and files are global, and a file klog opened stays its
// file.
func TestLogFileFlushed(t *testing.T) {
	const env = "DCPLAN_TEST_MAIN_LOG_FILE"
	if file := os.Getenv(env); file != "" {
		os.Args = []string{"dcplan-controller", "--demo", "-v=4", "--logtostderr=false", "--log_file=" + file}
		main() // exits
	}
	file := filepath.Join(t.TempDir(), "log")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLogFileFlushed$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+file)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "Starting workers") {
		t.Errorf("the log file lacks the run's lines:\n%s", data)
	}
}

// TestNegativeQPSIsNoLimit: -h says a negative --kube-api-qps is no
// limit. One under float32's smallest in size (-1e-50) was refused as a
// rate client-go would read as 0, and as a float32 it is -0, which
// client-go does read as its own 5 qps: it is accepted, and client-go
// gets a negative rate.
func TestNegativeQPSIsNoLimit(t *testing.T) {
	for _, v := range []string{"-1", "-1e-50"} {
		var errOut bytes.Buffer
		f, err := parse([]string{"--kube-api-qps", v}, &errOut)
		if err != nil {
			t.Errorf("--kube-api-qps %s: %v\n%s", v, err, errOut.String())
			continue
		}
		if q := clientQPS(f.qps); !(q < 0) {
			t.Errorf("--kube-api-qps %s: client-go's rate %v, want a negative one (no limit)", v, q)
		}
	}
}

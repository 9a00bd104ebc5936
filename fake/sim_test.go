package fake_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

var simSeeds = flag.Int("fake.seeds", 100, "number of seeded all-faults traces TestSimSeeds runs (TestAccidentsUnderFaults a fifth per preset; .ci/run: 250)")

var simGraceful = flag.Bool("fake.graceful", false, "run the seeded traces of TestSimSeeds and TestAccidentsUnderFaults with Options.GracefulPodDeletion")

// newFaultySim returns a simulator over two DCs with every fault on.
func newFaultySim(seed uint64) *fake.Sim { return newFaultySimWith(seed, dcplan.Settings{}) }

// newFaultySimWith is newFaultySim under st (pods terminating gracefully
// with -fake.graceful).
func newFaultySimWith(seed uint64, st dcplan.Settings) *fake.Sim {
	return newFaultySimGraceful(seed, st, *simGraceful)
}

// newFaultySimGraceful is newFaultySimWith with Options.GracefulPodDeletion
// set to graceful.
func newFaultySimGraceful(seed uint64, st dcplan.Settings, graceful bool) *fake.Sim {
	s := fake.NewSim(fake.Options{Seed: seed, Faults: fake.AllFaults(), Settings: st, GracefulPodDeletion: graceful})
	// api keeps one old RC, so that a trace's three or so rollouts reach
	// the history cleanup (with web's three, few traces did).
	api := fake.NewConfig("ns", "api", 1)
	api.RevisionHistoryLimit = 1
	for _, c := range []dcplan.Config{fake.NewConfig("ns", "web", 2), api} {
		if err := s.AddConfig(c); err != nil {
			panic(err)
		}
	}
	return s
}

// rollingOut returns what to call before each step of newFaultySim's
// seeded traces under a seed preset: every 8 to 15 steps (the gaps drawn
// from seed, by a generator of its own, so the simulator's draws stay as
// they were) it runs `oc rollout latest` on one of the two DCs, in turn:
// about eight rollouts a trace. The seed presets' DC controller leaves
// config changes to a config-change controller the simulator does not
// model, so without it their traces barely rolled out (about one rollout
// in two traces of 100 steps, most none: only when the User fault's
// random command happened to be rollout latest). Modern's traces
// (TestSimSeeds) roll out on their own, about three times a trace.
func rollingOut(seed uint64) func(s *fake.Sim) {
	r := rand.New(rand.NewPCG(seed, 0x726f6c6c))
	gap := func() int { return 8 + r.IntN(8) }
	step, next, dcs := 0, gap(), []string{"web", "api"}
	return func(s *fake.Sim) {
		step++
		if step < next {
			return
		}
		next = step + gap()
		_ = s.RolloutLatest("ns", dcs[0]) // a refusal (paused, in flight) is traced
		dcs[0], dcs[1] = dcs[1], dcs[0]
	}
}

// tail returns the last n lines of a trace.
func tail(trace string, n int) string {
	lines := strings.Split(strings.TrimRight(trace, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// runChecked runs steps steps of s, the trace of seed, checking every
// invariant after each (CheckInvariants) and calling each, when not nil,
// with every observation; it returns the last.
func runChecked(t *testing.T, s *fake.Sim, seed uint64, steps int, each func(fake.Observation)) fake.Observation {
	t.Helper()
	prev := s.Observe()
	for step := range steps {
		s.Run(1)
		next := s.Observe()
		if err := fake.CheckInvariants(prev, next); err != nil {
			t.Fatalf("seed %d, step %d: %v\ntrace (last 80 lines):\n%s", seed, step, err, tail(s.Trace(), 80))
		}
		if each != nil {
			each(next)
		}
		prev = next
	}
	return prev
}

// TestSimSeeds runs -fake.seeds seeded traces of 100 steps with every
// fault on (under -short a fifth of them, as rapid does with its checks),
// checks every invariant after every step, then stops the faults and
// checks liveness and progress (Progress: a rollout of each DC that can
// roll out completes once every deployer pod succeeds). Deep search: go
// test ./fake -run TestSimSeeds -fake.seeds=100000
func TestSimSeeds(t *testing.T) {
	seeds := *simSeeds
	if testing.Short() {
		seeds = max(1, seeds/5)
	}
	for seed := range uint64(seeds) {
		checkSeed(t, newFaultySim(seed), seed)
	}
}

// TestSimSeedsGraceful is TestSimSeeds with pods terminating gracefully
// (Options.GracefulPodDeletion), a fifth as many traces (-fake.graceful
// runs them all, in TestSimSeeds and TestAccidentsUnderFaults).
func TestSimSeedsGraceful(t *testing.T) {
	seeds := max(1, *simSeeds/5)
	if testing.Short() {
		seeds = max(1, seeds/5)
	}
	for seed := range uint64(seeds) {
		checkSeed(t, newFaultySimGraceful(seed, dcplan.Settings{}, true), seed)
	}
}

// checkSeed runs the trace of seed on s, 100 steps checking every
// invariant after each, then liveness and progress (see TestSimSeeds).
func checkSeed(t *testing.T, s *fake.Sim, seed uint64) {
	t.Helper()
	prev := runChecked(t, s, seed, 100, nil)
	if err := fake.Liveness(s); err != nil {
		t.Fatalf("seed %d: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
	}
	if err := fake.CheckInvariants(prev, s.Observe()); err != nil {
		t.Fatalf("seed %d, after liveness: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
	}
	prev = s.Observe()
	if err := fake.Progress(s); err != nil {
		t.Fatalf("seed %d: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
	}
	if err := fake.CheckInvariants(prev, s.Observe()); err != nil {
		t.Fatalf("seed %d, after a rollout of each DC: %v\ntrace (last 80 lines):\n%s", seed, err, tail(s.Trace(), 80))
	}
}

func TestSimSameSeedSameTrace(t *testing.T) {
	run := func(seed uint64) string {
		s := newFaultySim(seed)
		s.Run(100)
		if _, err := s.Stabilize(50); err != nil {
			t.Fatalf("Stabilize() error = %v", err)
		}
		return s.Trace()
	}
	a, b := run(7), run(7)
	if a != b {
		t.Errorf("seed 7 gave two different traces:\n%s\n----\n%s", tail(a, 20), tail(b, 20))
	}
	if c := run(8); c == a {
		t.Errorf("seeds 7 and 8 gave the same trace")
	}
	if !strings.Contains(a, "create-rc rc/web-1") {
		t.Errorf("trace lacks the first rollout:\n%s", tail(a, 20))
	}
}

// TestSimRollsOut pins the fault-free life of one DC: an initial rollout,
// an image change rolling out version 2, old RC scaled down.
func TestSimRollsOut(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 3)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stabilize(20); err != nil {
		t.Fatalf("Stabilize() error = %v\n%s", err, s.Trace())
	}
	if err := s.SetImage("ns", "web", fake.Images[1]); err != nil {
		t.Fatal(err)
	}
	if n, err := s.Stabilize(20); err != nil || n == 0 {
		t.Fatalf("Stabilize() = %d, %v\n%s", n, err, s.Trace())
	}
	got := summary(s.World(), "ns", "web")
	want := "dc web v2 replicas=3 | web-1 Complete 0/0 | web-2 Complete 3/3"
	if got != want {
		t.Errorf("summary = %q, want %q\n%s", got, want, s.Trace())
	}
}

// summary renders a DC and its RCs on one line.
func summary(w *fake.World, ns, dc string) string {
	s, err := w.Snapshot(ns, dc, fake.Epoch, dcplan.Settings{})
	if err != nil {
		return err.Error()
	}
	out := fmt.Sprintf("dc %s v%d replicas=%d", dc, s.Config.Status.LatestVersion, s.Config.Replicas)
	for _, d := range s.Deployments {
		out += fmt.Sprintf(" | %s %s %d/%d", d.Name, d.Phase, d.StatusReplicas, d.Replicas)
	}
	return out
}

func TestSimCancelRetryRollback(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 3, Model: fake.PodModel{
		ScheduleMin: 5e9, ScheduleMax: 5e9, RunMin: 60e9, RunMax: 60e9, StatusDelay: 5e9,
		Scripts: map[string]fake.PodScript{"web-3": {Schedule: 5e9, Run: 30e9, Fail: true}},
	}})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	mustStabilize := func(what string) {
		t.Helper()
		if _, err := s.Stabilize(30); err != nil {
			t.Fatalf("%s: Stabilize() error = %v\n%s", what, err, s.Trace())
		}
	}
	mustStabilize("initial")
	// Version 2 is cancelled while its deployer runs.
	if err := s.SetImage("ns", "web", fake.Images[1]); err != nil {
		t.Fatal(err)
	}
	s.Run(4)
	if err := s.Cancel("ns", "web"); err != nil {
		t.Fatalf("Cancel() error = %v\n%s", err, s.Trace())
	}
	s.Step()
	mustStabilize("after cancel")
	if got, want := summary(s.World(), "ns", "web"), "dc web v2 replicas=2 | web-1 Complete 2/2 | web-2 Failed 0/0"; got != want {
		t.Errorf("after cancel: summary = %q, want %q\n%s", got, want, s.Trace())
	}
	// Version 3 fails (scripted), then is retried and completes.
	if err := s.RolloutLatest("ns", "web"); err != nil {
		t.Fatalf("RolloutLatest() error = %v", err)
	}
	mustStabilize("after failure")
	if got, want := summary(s.World(), "ns", "web"), "dc web v3 replicas=2 | web-1 Complete 2/2 | web-2 Failed 0/0 | web-3 Failed 0/0"; got != want {
		t.Errorf("after failure: summary = %q, want %q\n%s", got, want, s.Trace())
	}
	if err := s.Retry("ns", "web"); err != nil {
		t.Fatalf("Retry() error = %v\n%s", err, s.Trace())
	}
	mustStabilize("after retry")
	if got := summary(s.World(), "ns", "web"); !strings.Contains(got, "web-3 Complete 2/2") {
		t.Errorf("after retry: summary = %q, want web-3 Complete 2/2\n%s", got, s.Trace())
	}
}

// TestNoDecodeCacheSameTrace runs the same seeded all-faults worlds with
// and without the decode cache: what the simulator reads may not depend on
// whether it decodes every read (World.NoDecodeCache, which reuses the
// last snapshot for the deployer passes over one DC's RCs).
func TestNoDecodeCacheSameTrace(t *testing.T) {
	for seed := range uint64(20) {
		run := func(noCache bool) string {
			s := newFaultySim(seed)
			s.World().NoDecodeCache = noCache
			s.Run(100)
			if _, err := s.Stabilize(50); err != nil {
				t.Fatalf("seed %d: Stabilize() error = %v", seed, err)
			}
			return s.Trace()
		}
		if a, b := run(false), run(true); a != b {
			t.Fatalf("seed %d: the traces differ with NoDecodeCache:\n%s\n----\n%s", seed, tail(a, 20), tail(b, 20))
		}
	}
}

// TestSimReportsLagApplied: raising Faults.StaleReads after NewSim draws
// lags past the World's MaxLag (4 here, NewSim's default for the
// StaleReads it was given), which the World caps; Pass.Lag
// and the trace's lag= report the lag the pass's cache actually had, at
// most MaxLag and never more writes than the store holds.
func TestSimReportsLagApplied(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 3})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stabilize(20); err != nil { // a store with writes to lag behind
		t.Fatal(err)
	}
	s.Faults.StaleReads = 8
	lagged := 0
	for i := range 100 {
		if i%10 == 0 {
			if err := s.SetImage("ns", "web", fake.Images[i/10%len(fake.Images)]); err != nil {
				t.Fatal(err)
			}
		}
		s.Run(1)
		for _, p := range s.Observe().Passes {
			if p.Lag > s.World().MaxLag {
				t.Fatalf("%s: Pass.Lag %d above World.MaxLag %d", p.Actor, p.Lag, s.World().MaxLag)
			}
			if p.Lag > 0 {
				lagged++
			}
		}
	}
	if lagged == 0 {
		t.Fatalf("no pass read a lagging cache: the check is vacuous")
	}
	for _, line := range strings.Split(s.Trace(), "\n") {
		var lag int
		if _, after, ok := strings.Cut(line, " lag="); ok {
			if _, err := fmt.Sscanf(after, "%d", &lag); err != nil || lag > s.World().MaxLag {
				t.Errorf("trace line %q: lag above World.MaxLag %d", line, s.World().MaxLag)
			}
		}
	}
}

// Command rollout simulates a DeploymentConfig through several rollouts on
// the in-memory fake: a first rollout, a cancelled one, a failed one, a
// retry, an image change and a rollback, and prints a readable timeline
// (virtual time, phase changes, replica counts per RC, events).
//
//	go run ./examples/rollout                  # the story, fault-free
//	go run ./examples/rollout -seed 7 -faults all
//	go run ./examples/rollout -scale 100000    # 100 000 DCs x 10 RCs: memory and time to stabilise
//
// Everything runs in virtual time with a seeded generator: the same flags
// print the same timeline.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

func main() {
	seed := flag.Uint64("seed", 1, "seed of the simulator's random generator")
	faults := flag.String("faults", "none", `faults: "none", "all", or name=rate pairs like "conflict=0.1,stale=2"`)
	scale := flag.Int("scale", 0, "instead of the story, populate this many DCs with 10 RCs each and stabilise them")
	flag.Parse()
	f, err := fake.ParseFaults(*faults)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if *scale > 0 {
		err = runScale(os.Stdout, *scale)
	} else {
		err = runStory(os.Stdout, *seed, f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "rollout:", err)
		os.Exit(1)
	}
}

const (
	ns = "shop"
	dc = "frontend"
)

// timeline prints what changed in the world since the last look.
type timeline struct {
	w      io.Writer
	s      *fake.Sim
	start  time.Time
	phases map[string]string
	counts string
	events int
}

func (t *timeline) stamp() string {
	d := t.s.Now().Sub(t.start)
	return fmt.Sprintf("%02d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// look prints phase changes, the replica line when it changed, and new
// events.
func (t *timeline) look() {
	snap, err := t.s.World().Snapshot(ns, dc, t.s.Now(), dcplan.Settings{})
	if err != nil {
		return
	}
	var counts []string
	for _, d := range snap.Deployments {
		ph := d.Phase.String()
		if d.Cancelled {
			ph += " (cancelled)"
		}
		if old := t.phases[d.Name]; old != ph {
			line := fmt.Sprintf("%s  %s: %s", t.stamp(), d.Name, arrow(old, ph))
			if d.Reason != "" && d.Phase.Terminal() {
				line += " — " + d.Reason
			}
			fmt.Fprintln(t.w, line)
			t.phases[d.Name] = ph
		}
		counts = append(counts, fmt.Sprintf("%s=%d/%d", d.Name, d.AvailableReplicas, d.Replicas))
	}
	if c := strings.Join(counts, " "); c != t.counts {
		fmt.Fprintf(t.w, "%s  replicas (available/spec): %s\n", t.stamp(), c)
		t.counts = c
	}
	evs := t.s.World().Events()
	for _, e := range evs[t.events:] {
		fmt.Fprintf(t.w, "%s  event %s %s: %s\n", t.stamp(), e.Event.Type, e.Event.Reason, e.Event.Message)
	}
	t.events = len(evs)
}

func arrow(old, now string) string {
	if old == "" {
		return "created " + now
	}
	return old + " -> " + now
}

// run steps the simulator until done reports true or the world is at
// rest (done == nil), at most max steps, printing the timeline.
func (t *timeline) run(max int, done func() bool) {
	for range max {
		t.s.Run(1)
		t.look()
		if done != nil && done() {
			return
		}
		if done == nil && t.s.Faults == (fake.Faults{}) && t.s.Stable() {
			return
		}
	}
	if done == nil {
		if _, err := t.s.Stabilize(50); err == nil {
			t.look()
		}
	}
}

// user prints an operator action and runs it.
func (t *timeline) user(cmd string, op func() error) {
	fmt.Fprintf(t.w, "%s  $ %s\n", t.stamp(), cmd)
	if err := op(); err != nil {
		fmt.Fprintf(t.w, "%s    error: %s\n", t.stamp(), strings.ReplaceAll(err.Error(), "\n", " "))
	}
	t.look()
}

func (t *timeline) phase(rc string) dcplan.Phase {
	d, _ := t.s.World().Deployment(ns, rc)
	return d.Phase
}

// runStory is the main program: one DC through five rollouts.
func runStory(w io.Writer, seed uint64, f fake.Faults) error {
	model := fake.DefaultPodModel()
	model.FailRate, model.HookRate = 0, 0
	model.Scripts = map[string]fake.PodScript{
		"frontend-2": {Schedule: 5 * time.Second, Run: 2 * time.Minute},
		"frontend-3": {Schedule: 5 * time.Second, Run: 40 * time.Second, Fail: true},
	}
	s := fake.NewSim(fake.Options{Seed: seed, Faults: f, Model: model})
	t := &timeline{w: w, s: s, start: s.Now(), phases: map[string]string{}}
	fmt.Fprintf(w, "seed %d, faults %s\n", seed, f)
	cfg := fake.NewConfig(ns, dc, 3)
	t.user("oc create dc/frontend (3 replicas, image "+fake.Images[0]+")", func() error { return s.AddConfig(cfg) })
	t.run(100, nil)

	t.user("oc set image dc/frontend c0="+fake.Images[1], func() error { return s.SetImage(ns, dc, fake.Images[1]) })
	t.run(100, func() bool { return t.phase("frontend-2") == dcplan.PhaseRunning })
	t.run(3, func() bool { return false })
	t.user("oc rollout cancel dc/frontend", func() error { return s.Cancel(ns, dc) })
	t.run(100, nil)

	t.user("oc rollout latest dc/frontend", func() error { return s.RolloutLatest(ns, dc) })
	t.run(100, nil)

	t.user("oc rollout retry dc/frontend", func() error { return s.Retry(ns, dc) })
	t.run(100, nil)

	t.user("oc set image dc/frontend c0="+fake.Images[2], func() error { return s.SetImage(ns, dc, fake.Images[2]) })
	t.run(100, nil)

	t.user("oc rollback dc/frontend", func() error { return s.Rollback(ns, dc, 0) })
	t.run(100, nil)

	snap, err := s.World().Snapshot(ns, dc, s.Now(), dcplan.Settings{})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s  at rest: latestVersion %d, %d RCs kept (revisionHistoryLimit %d), image %s\n",
		t.stamp(), snap.Config.Status.LatestVersion, len(snap.Deployments), snap.Config.RevisionHistoryLimit,
		snap.Config.Template.Containers[0].Image)
	return nil
}

// runScale populates n DCs with 10 RCs each in a plain (uncompressed)
// world without decode cache, so that only the wire form stays in memory,
// brings them to rest, and reports memory, time and planner throughput.
func runScale(w io.Writer, n int) error {
	s := fake.NewSim(fake.Options{Quiet: true, Resync: -1})
	s.World().NoDecodeCache = true
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	t0 := time.Now()
	// The populated RCs are settled, so the simulator need not watch
	// their creation; Stabilize relists everything.
	watch := s.World().Watch
	s.World().Watch = nil
	err := fake.Populate(s.World(), n, 10)
	s.World().Watch = watch
	if err != nil {
		return err
	}
	populated := time.Since(t0)
	runtime.GC()
	runtime.ReadMemStats(&m1)
	st := s.World().Stats()
	fmt.Fprintf(w, "populated %d DCs, %d RCs in %s\n", st.Configs, st.RCs, populated.Round(time.Millisecond))
	fmt.Fprintf(w, "memory: heap %d MiB, %d B per RC (stored wire %d B per RC, encoded DC included)\n",
		(m1.HeapAlloc-m0.HeapAlloc)>>20, (m1.HeapAlloc-m0.HeapAlloc)/uint64(max(st.RCs, 1)),
		(st.Bytes+st.Interned)/max(st.RCs, 1))
	t1 := time.Now()
	passes, err := s.Stabilize(10)
	if err != nil {
		return err
	}
	took := time.Since(t1)
	// Each pass runs the DC controller over every DC and the deployer over
	// every RC; Stabilize's rest check plans once more for each, per pass
	// and at the end.
	planned := (st.Configs + st.RCs) * (2*passes + 1)
	fmt.Fprintf(w, "at rest after %d passes in %s (%s per DC, %.0f planner passes/s decoding every read)\n",
		passes, took.Round(time.Millisecond), (took / time.Duration(max(n, 1))).Round(time.Microsecond),
		float64(planned)/took.Seconds())
	return nil
}

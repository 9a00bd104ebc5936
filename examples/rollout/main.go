// Command rollout simulates a DeploymentConfig through several rollouts on
// the in-memory fake: a first rollout, a cancelled one, a failed one, a
// retry, an image change and a rollback, and prints a readable timeline:
// virtual time, phase changes (with the cause each RC was created for and
// the reason it ended, labelled "cause:" and "reason:"), replica counts
// per RC, events, and every injected fault.
//
// Times are run time, which never goes backwards. The clock fault moves
// the clock the controllers read (forward up to two hours, back up to a
// minute) without the simulator running; the timeline prints each jump
// and how far the controllers' clock is then from run time.
//
//	go run ./examples/rollout                  # the story, fault-free
//	go run ./examples/rollout -seed 7 -faults all
//	go run ./examples/rollout -scale 100000    # 100 000 DCs x 10 RCs: memory and time to stabilise
//	go run ./examples/rollout -scale 100000 -compress=false   # the same with the wire form stored plain
//	go run ./examples/rollout -scale 10000 -decode-cache   # decoded objects kept: more memory at rest
//
// Everything runs in virtual time with a seeded generator: the same flags
// print the same timeline.
//
// -seed, -faults, -svg and -html are the story's, -compress and
// -decode-cache those of -scale: a flag of one given to the other, or a
// negative -scale, is a usage error (exit status 2), as are unknown
// flags, stray arguments, a fault setting ParseFaults refuses and -svg
// and -html naming the same file.
//
// With -svg out.svg (and -html out.html, a page with the drawing and the
// text timeline), the story is also drawn: replicas per RC over run time
// (available solid, spec dashed), each RC's phases as coloured bands,
// operator commands, events and injected faults as marks whose tooltips
// give the full line. Same flags, same bytes.
//
//	go run ./examples/rollout -seed 7 -faults all -svg timeline.svg -html timeline.html
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// storyFlags are the flags only the story reads, scaleFlags those only
// -scale reads: run refuses either with the other mode.
var (
	storyFlags = []string{"seed", "faults", "svg", "html"}
	scaleFlags = []string{"compress", "decode-cache"}
)

// sameFile reports whether paths a and b name one file: equal once made
// absolute ("out.svg" and "./out.svg", or its absolute path), or the
// same file on disk (a link to it).
func sameFile(a, b string) bool {
	if b == "" {
		return false
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// run is the command with its arguments: it returns the exit status, 2
// for a usage error (reported on stderr: an unknown or stray argument,
// bad faults, a negative -scale, a flag of one mode given to the other,
// -svg and -html naming one file).
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rollout", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the simulator's random generator (the story only)")
	faults := fs.String("faults", "none", `faults: "none", "all", "all,deletedc" (every fault, DCs deleted and created again too), "all,forbidden" (writes refused by RBAC too), "all,timeout" (writes applied whose answer is lost too), or name=rate pairs like "conflict=0.1,stale=2" (the story only)`)
	scale := fs.Int("scale", 0, "instead of the story, populate this many DCs with 10 RCs each, settled, and check that they are at rest (Stabilize); 0 for the story")
	compress := fs.Bool("compress", true, "with -scale: store the wire form packed against a dictionary of typical objects (World.Compress): a third of the memory, and no slower at this size, as the collector has less to scan")
	decodeCache := fs.Bool("decode-cache", false, "with -scale: keep every decoded object beside its wire form (the World's decode cache): each object version is decoded once, for several times the memory at rest; a populated world, at rest from the start, decodes each object once anyway and gains nothing")
	svgFile := fs.String("svg", "", "also draw the timeline as an SVG image into this file (the story only)")
	htmlFile := fs.String("html", "", "also write an HTML page with the drawing and the text timeline into this file (the story only)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return 0 // -h: fs printed the usage
	} else if err != nil {
		return 2 // fs printed the error and the usage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "rollout: unexpected arguments %q; flags only (rollout -h lists them)\n", fs.Args())
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	given := func(names []string) []string {
		var out []string
		for _, n := range names {
			if set[n] {
				out = append(out, "-"+n)
			}
		}
		return out
	}
	switch {
	case *scale < 0:
		fmt.Fprintf(stderr, "rollout: -scale %d: want a count of DCs, or 0 for the story\n", *scale)
		return 2
	case *scale > 0 && len(given(storyFlags)) > 0:
		fmt.Fprintf(stderr, "rollout: %s: for the story only; -scale runs no story\n", strings.Join(given(storyFlags), ", "))
		return 2
	case *scale == 0 && len(given(scaleFlags)) > 0:
		fmt.Fprintf(stderr, "rollout: %s: for -scale only\n", strings.Join(given(scaleFlags), ", "))
		return 2
	case *svgFile != "" && sameFile(*svgFile, *htmlFile):
		fmt.Fprintf(stderr, "rollout: -svg and -html both name %s: the page would overwrite the drawing\n", *svgFile)
		return 2
	}
	f, err := fake.ParseFaults(*faults)
	if err != nil {
		fmt.Fprintln(stderr, "rollout: -faults:", err)
		return 2
	}
	if *scale > 0 {
		err = runScale(stdout, *scale, *compress, *decodeCache)
	} else {
		err = story(stdout, *seed, f, *svgFile, *htmlFile)
	}
	if err != nil {
		fmt.Fprintln(stderr, "rollout:", err)
		return 1
	}
	return 0
}

const (
	ns = "shop"
	dc = "frontend"
)

// story runs the story, printing the text timeline to w, and writes the
// SVG and HTML files that are named.
func story(w io.Writer, seed uint64, f fake.Faults, svgFile, htmlFile string) error {
	var text strings.Builder
	t, err := runStory(io.MultiWriter(w, &text), seed, f)
	if err != nil {
		return err
	}
	if svgFile != "" {
		if err := os.WriteFile(svgFile, t.svg(), 0o644); err != nil {
			return fmt.Errorf("writing the SVG: %w", err)
		}
	}
	if htmlFile != "" {
		page, err := t.html(text.String())
		if err != nil {
			return err
		}
		if err := os.WriteFile(htmlFile, page, 0o644); err != nil {
			return fmt.Errorf("writing the HTML page: %w", err)
		}
	}
	return nil
}

// runStory is the main program: one DC through five rollouts. It prints
// the text timeline to w and returns what it recorded, for the drawings.
func runStory(w io.Writer, seed uint64, f fake.Faults) (*timeline, error) {
	model := fake.DefaultPodModel()
	model.FailRate, model.HookRate = 0, 0
	model.Scripts = map[string]fake.PodScript{
		"frontend-2": {Schedule: 5 * time.Second, Run: 2 * time.Minute},
		"frontend-3": {Schedule: 5 * time.Second, Run: 40 * time.Second, Fail: true},
	}
	s := fake.NewSim(fake.Options{Seed: seed, Faults: f, Model: model})
	t := newTimeline(w, s)
	t.title = fmt.Sprintf("seed %d, faults %s", seed, f)
	fmt.Fprintln(w, t.title)
	if f.ClockJump > 0 {
		fmt.Fprintln(w, "times are run time; a clock fault moves the controllers' clock, not these times")
	}
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

	if t.unsettled != nil {
		fmt.Fprintf(w, "%s  not at rest: %v\n", stamp(t.now()), t.unsettled)
		return nil, fmt.Errorf("the story's world did not come to rest: %w", t.unsettled)
	}
	snap, err := s.World().Snapshot(ns, dc, s.Now(), dcplan.Settings{})
	if err != nil {
		return nil, fmt.Errorf("reading the world at rest: %w", err)
	}
	t.end = t.now()
	limit := "unset" // no limit: every RC is kept (a DC edit fault may unset it)
	if snap.Config.HasRevisionHistoryLimit {
		limit = strconv.Itoa(int(snap.Config.RevisionHistoryLimit))
	}
	fmt.Fprintf(w, "%s  at rest: latestVersion %d, %d RCs kept (revisionHistoryLimit %s), image %s\n",
		stamp(t.end), snap.Config.Status.LatestVersion, len(snap.Deployments), limit,
		snap.Config.Template.Containers[0].Image)
	return t, nil
}

// runScale populates n DCs with 10 RCs each in a world without decode
// cache, so that only the wire form stays in memory (packed when
// compress; with decodeCache every decoded object is kept too), brings
// them to rest, and reports memory, time and planner throughput.
func runScale(w io.Writer, n int, compress, decodeCache bool) error {
	s := fake.NewSim(fake.Options{Quiet: true, Resync: -1})
	s.World().Compress = compress
	s.World().NoDecodeCache = !decodeCache
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
	fmt.Fprintf(w, "populated %d DCs, %d RCs in %s\n", st.Configs, st.RCs, sig3(populated))
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
	reads := "decoding every read"
	if decodeCache {
		reads = "decoding each object version once"
	}
	fmt.Fprintf(w, "at rest after %d passes in %s (%s per DC, %.0f planner passes/s %s)\n",
		passes, sig3(took), sig3(took/time.Duration(max(n, 1))),
		float64(planned)/took.Seconds(), reads)
	// The decode cache fills while the world comes to rest: the heap then
	// is what it costs.
	var m2 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m2)
	fmt.Fprintf(w, "memory at rest: heap %d MiB, %d B per RC\n",
		(m2.HeapAlloc-m0.HeapAlloc)>>20, (m2.HeapAlloc-m0.HeapAlloc)/uint64(max(st.RCs, 1)))
	runtime.KeepAlive(s) // the world, measured above
	return nil
}

// sig3 rounds d to three significant digits, so that every time printed
// is rounded alike: a short run prints 302µs, not 0s, and the time per DC
// is never more than the whole.
func sig3(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for d/unit >= 1000 {
		unit *= 10
	}
	return d.Round(unit)
}

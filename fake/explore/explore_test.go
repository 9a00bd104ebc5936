package explore_test

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/internal/scenario"
)

var (
	ciTier    = flag.Bool("explore.ci", false, "run the explorer's CI searches: the default bounds at every replica count and history limit, for Modern, Exact and Origin15 (minutes, up to -explore.memlimit GiB; "+envTier+"=ci does the same)")
	deep      = flag.Bool("explore.deep", false, "explore deeper bounds than CI's: -explore.users, -explore.faults, -explore.stale, -explore.hooks, -explore.clock per trace, mixing -explore.kinds kinds of them (default all five in one trace), replicas 0-2")
	deepUsers = flag.Int("explore.users", 1, "user moves per trace with -explore.deep")
	deepFault = flag.Int("explore.faults", 1, "faulted passes per trace with -explore.deep")
	deepStale = flag.Int("explore.stale", 1, "stale reads per trace with -explore.deep")
	deepHooks = flag.Int("explore.hooks", 1, "hook pods per trace with -explore.deep")
	deepClock = flag.Int("explore.clock", 1, "clock moves per trace with -explore.deep")
	deepKinds = flag.Int("explore.kinds", 0, "kinds of perturbation one trace may mix with -explore.deep (0: no bound but each kind's budget)")
	deepMax   = flag.Int("explore.max", 0, "in every tier, keep at most this many states per search (0: no limit); a known finding need not be found then")
	deepOnly  = flag.String("explore.preset", "", "explore only this preset, any case (Modern, Exact, Origin10, Origin13, Origin15, Origin), with the tier's bounds")
	memLimit  = flag.Int("explore.memlimit", 6, "with -explore.ci or -explore.deep, the soft memory limit in GiB (runtime/debug.SetMemoryLimit): the search collects garbage seldom (-explore.gogc) until its heap nears this")
	gcPercent = flag.Int("explore.gogc", 1000, "with -explore.ci or -explore.deep, GOGC while exploring: the searches keep every state, so a collection finds little to free")
	deepWorld = flag.String("explore.world", "", `in every tier, the initial worlds as "replicas/limits", e.g. "1/1" or "0,1,2/-1,1" (-1: no limit; default: the tier's); a known finding need not be found then`)
)

// envTier is the environment variable that selects the explorer's CI
// tier without a flag (DCPLAN_EXPLORE=ci), for runs such as
// go test ./... where a test flag would reach every package.
const envTier = "DCPLAN_EXPLORE"

// The tiers of TestExplore, each a set of searches per preset.
const (
	tierShort   = "short"   // go test -short: an oc command, a stale read and a clock move, replicas 1, limit 1
	tierDefault = "default" // go test: the default bounds for Modern, replicas 1, limit 1
	tierCI      = "ci"      // -explore.ci or DCPLAN_EXPLORE=ci: the default bounds at every replica count and limit (ciBounds)
	tierDeep    = "deep"    // -explore.deep: the bounds of the -explore.* flags
)

// exploreTier is the tier the flags, the environment and -short select.
// An unknown DCPLAN_EXPLORE is an error, not the default tier: a typo
// would otherwise pass after running a fraction of what was asked.
func exploreTier() (string, error) {
	env := os.Getenv(envTier)
	if env != "" && env != "ci" {
		return "", fmt.Errorf("%s=%q: want ci or nothing", envTier, env)
	}
	switch {
	case *deep:
		return tierDeep, nil
	case *ciTier || env == "ci":
		return tierCI, nil
	case testing.Short():
		return tierShort, nil
	}
	return tierDefault, nil
}

// tierBounds are the searches of a tier below -explore.deep for the
// preset named preset, with settings st. Go test's default tier explores
// from the world of one replica and revisionHistoryLimit 1 only: for
// Modern, the preset dcplan fixes, explore.Defaults (every pair of the
// five perturbations, with every oc command: 34 473 states, 15 CPU
// seconds); for Exact and Origin15 any two of one oc command, one stale
// read and one clock move (10 786 and 9 937 states, 3 to 5 CPU seconds
// each), which still finds Origin15's known finding. -short explores
// the latter for Modern too (9 663 states).
func tierBounds(tier, preset string, st dcplan.Settings) []explore.Options {
	if tier == tierCI {
		return ciBounds(st)
	}
	o := explore.Defaults(st)
	o.Replicas, o.Limits = []int{1}, []int{1}
	if tier == tierShort || preset != "Modern" {
		o.Faults, o.Hooks = 0, 0
	}
	return []explore.Options{o}
}

// ciBounds are the bounds of the CI tier (-explore.ci): explore.Defaults,
// the world (latestVersion up to 3, replicas 0, 1 and 2,
// revisionHistoryLimit none and 1) with per trace at most one of each
// of the five perturbations — an oc command or edit, a faulted pass (a
// Conflict on any write, a crash after any prefix, of a controller pass
// or an oc command), a stale read, a hook pod, a clock move — and any
// two of them in one trace; and, as a second search, three in one
// trace: a fault, a stale read and a hook pod. Budgets are upper bounds,
// so each search also covers every trace with fewer. All of them in one
// trace at every replica count and limit is behind -explore.deep (about
// four million states for Modern and Exact without the clock move), and
// so is Modern's command, fault and hook pod at replicas 1 and limit 1,
// which CI ran until the default bounds took its time (-explore.deep
// -explore.preset Modern -explore.stale 0 -explore.world 1/1). The CI
// tier is what go test ./... ran before the tiers, with the clock move
// and the kubelet's failing of a Pending pod added since: 634 884 states
// in all.
func ciBounds(st dcplan.Settings) []explore.Options {
	triple := explore.Defaults(st)
	triple.Users, triple.Clock, triple.Kinds = 0, 0, 0
	return []explore.Options{explore.Defaults(st), triple}
}

// TestExplore explores every reachable state of the bounded worlds for
// each preset and fails on any violation, printing it as a scenario file.
// known lists the violations a preset is documented to have (upstream's
// own, kept in Exact): each must still be found by one of the preset's
// searches, nothing else may be. Which searches run is the tier's
// (exploreTier, tierBounds): go test's default, -short, the CI tier
// (-explore.ci or DCPLAN_EXPLORE=ci) or -explore.deep. -explore.preset
// (any case) picks one preset, Origin10 and Origin13 included, which run
// only when named; -explore.world and -explore.max replace the bounds of
// every tier's searches (a known finding need not be found then); the
// per-trace budget flags are refused outside -explore.deep. Every search
// is a subtest of its own, run by one worker per core, the largest first,
// so that the cores stay busy to the end.
func TestExplore(t *testing.T) {
	tier, err := exploreTier()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tier %s (go test -short: short; -explore.ci or %s=ci: ci; -explore.deep: deep)", tier, envTier)
	only, err := onlyPreset(*deepOnly)
	if err != nil {
		t.Fatalf("-explore.preset: %v", err)
	}
	if err := deepOnlyFlags(tier); err != nil {
		t.Fatal(err)
	}
	var world [2][]int // -explore.world's replicas and limits, in every tier
	if *deepWorld != "" {
		if world[0], world[1], err = parseWorld(*deepWorld); err != nil {
			t.Fatalf("-explore.world: %v", err)
		}
	}
	// Bounds of the flags' own (a world, a state limit) may miss a known
	// finding; the tier's own must find it.
	ownBounds := tier != tierDeep && *deepWorld == "" && *deepMax == 0
	if tier == tierCI || tier == tierDeep {
		// The search keeps every state; collect garbage seldom (GOGC
		// 1000), unless the heap nears -explore.memlimit (6 GiB, which
		// fits a machine of 8 GB). The CI searches peaked at 11-12 GB
		// with a 12 GiB limit; with 6 GiB and the order below, which
		// keeps their live heap under 6 GB, at 6.0 GB for 261 s of CPU.
		// The smaller tiers keep go test's GOGC 100 and no limit.
		defer debug.SetGCPercent(debug.SetGCPercent(*gcPercent))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(*memLimit) << 30))
	}
	presets := []struct {
		name  string
		why   string
		p     dcplan.Preset
		known []string
		// optIn presets are explored only when -explore.preset names
		// them: the tiers' times and figures are the other three's.
		optIn bool
	}{
		{name: "Modern", why: "the preset dcplan fixes: zero violations", p: dcplan.Modern},
		{name: "Exact", why: "upstream byte for byte: its findings at these bounds are listed in docs/rules.md (none at the CI bounds)", p: dcplan.Exact},
		{name: "Origin15", why: "the newest seed era: its deployer fails a Pending RC whose pod a stale cache does not show, while the pod runs (SPEC 4.2.expect, docs/rules.md)",
			p: dcplan.Origin15, known: []string{"OneDeployerPod"}},
		{name: "Origin13", why: "an older seed: the same finding as Origin15 (IgnoreExpectations and PendingMissingFailsAtOnce are every seed's)",
			p: dcplan.Origin13, known: []string{"OneDeployerPod"}, optIn: true},
		{name: "Origin10", why: "the oldest seed: the same finding as Origin15, and its deployer-pod controller writes any phase its pod gives, so a stale read's Failed RC is written Running when its pod runs, beside the next rollout (WriteAnyPhaseChange, SPEC 7 row 28; PhaseMoves allows the backwards write there); and it cancels by failing the deployer pod with a deadline, which stays (CancelByDeadline, SPEC 7 row 25)",
			p: dcplan.Origin10, known: []string{"OneDeployerPod", "OneRolloutInFlight", "NoPodsAfterCancel"}, optIn: true},
	}
	type search struct {
		preset string
		st     dcplan.Settings
		known  []string
		o      explore.Options
	}
	var searches []search
	for _, pr := range presets {
		switch {
		case only != "" && only != pr.name:
			t.Logf("%s not explored: -explore.preset %s", pr.name, *deepOnly)
			continue
		case only == "" && pr.optIn:
			continue // explored when named
		}
		st := pr.p.Settings()
		bounds := tierBounds(tier, pr.name, st)
		if tier == tierDeep {
			o := explore.Defaults(st)
			o.Users, o.Faults, o.Stale, o.Hooks, o.Clock, o.Kinds = *deepUsers, *deepFault, *deepStale, *deepHooks, *deepClock, *deepKinds
			bounds = []explore.Options{o}
		}
		for _, o := range bounds {
			if world[0] != nil {
				o.Replicas, o.Limits = world[0], world[1]
			}
			o.MaxStates = *deepMax
			searches = append(searches, search{preset: pr.name, st: st, known: pr.known, o: o})
		}
	}
	// The largest first, by the states each preset's search of the
	// default bounds reached at every replica count and limit (the CI
	// tier, docs/exploration.md; the smaller tiers rank alike), a search with three
	// perturbations in one trace a tenth of that. But the second largest
	// runs after the third: on two cores the two largest CI searches
	// side by side would hold 6 GB live, past -explore.memlimit, where
	// the collector runs all the time; the largest beside the third
	// holds about 5 GB and ends no later.
	size := func(sr search) int {
		n := map[string]int{"Exact": 221_744, "Modern": 202_838, "Origin15": 142_808}[sr.preset]
		if sr.o.Kinds != 2 {
			n /= 10
		}
		return n
	}
	slices.SortStableFunc(searches, func(a, b search) int { return size(b) - size(a) })
	if len(searches) >= 3 {
		searches[1], searches[2] = searches[2], searches[1]
	}
	var mu sync.Mutex
	found := map[string][]string{}
	ran, planned := map[string]int{}, map[string]int{} // searches per preset
	for _, sr := range searches {
		planned[sr.preset]++
	}
	t.Run("search", func(t *testing.T) {
		// One search per core, taken in the order above by as many
		// workers as there are cores (t.Parallel would start the paused
		// subtests in an order of its own, and a large search started
		// last would run alone at the end).
		queue := make(chan search, len(searches))
		for _, sr := range searches {
			queue <- sr
		}
		close(queue)
		var wg sync.WaitGroup
		for range min(runtime.GOMAXPROCS(0), len(searches)) {
			wg.Go(func() {
				for sr := range queue {
					props, explored := runSearch(t, sr.preset, sr.st, sr.known, sr.o)
					mu.Lock()
					if explored {
						ran[sr.preset]++
					}
					found[sr.preset] = append(found[sr.preset], props...)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
	})
	for _, pr := range presets {
		if !ownBounds || planned[pr.name] == 0 || ran[pr.name] < planned[pr.name] {
			continue // a known finding need be reached only by all the tier's searches, at its bounds (-run may pick some)
		}
		for _, k := range pr.known {
			if !contains(found[pr.name], k) {
				t.Errorf("%s: known finding %s no longer found", pr.name, k)
			}
		}
	}
}

// runSearch explores o for the preset named preset (settings st) as a
// subtest of t, and fails it on a violation not in known. It returns the
// properties violated, and whether the search ran at all (-run may skip
// the subtest).
func runSearch(t *testing.T, preset string, st dcplan.Settings, known []string, o explore.Options) (props []string, explored bool) {
	name := fmt.Sprintf("%s/users=%d,faults=%d,stale=%d,hooks=%d,clock=%d,kinds=%d,replicas=%v,limits=%v", preset, o.Users, o.Faults, o.Stale, o.Hooks, o.Clock, o.Kinds, o.Replicas, o.Limits)
	t.Run(name, func(t *testing.T) {
		explored = true
		start := time.Now()
		res := mustExplore(t, o)
		t.Logf("%s: %d states, %d transitions in %v", name, res.States, res.Transitions, time.Since(start).Round(time.Millisecond))
		want := 100 // a search that got going; -explore.max may ask for fewer
		if o.MaxStates > 0 {
			want = min(want, o.MaxStates)
		}
		if res.States < want {
			t.Errorf("explored %d states (truncated %v): the search did not get going", res.States, res.Truncated)
		}
		if o.Hooks > 0 && !res.Truncated {
			// The hook pod's states were reached, a cancelled RC's
			// among them when a user can cancel: OneDeployerPod and
			// NoPodsAfterCancel judged hook pods, not nothing.
			t.Logf("hook-pod states: %v", res.Hooks)
			for _, k := range []string{"Running", "Succeeded", "Failed", "cancelled"} {
				if res.Hooks[k] == 0 && (k != "cancelled" || o.Users > 0) {
					t.Errorf("no state with a %s hook pod (hook-pod states %v)", k, res.Hooks)
				}
			}
		}
		for _, v := range res.Violations {
			props = append(props, v.Property)
			if contains(known, v.Property) {
				t.Logf("known finding %s (%d moves): %v", v.Property, len(v.Trace), v.Err)
				continue
			}
			text, _ := explore.Scenario(v, st, scenario.FormatState)
			t.Errorf("%s: %v\n%s", v.Property, v.Err, text)
		}
	})
	return props, explored
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// checkFindings fails t for every violation of res whose property want
// does not name (with the scenario that reproduces it) and for every
// property of want that res did not find; the wanted findings are logged
// with their traces. why says why they are wanted.
func checkFindings(t *testing.T, res explore.Result, st dcplan.Settings, want []string, why string) {
	t.Helper()
	var got []string
	for _, v := range res.Violations {
		got = append(got, v.Property)
		if !contains(want, v.Property) {
			text, _ := explore.Scenario(v, st, scenario.FormatState)
			t.Errorf("%s: %v\n%s", v.Property, v.Err, text)
			continue
		}
		text, _ := explore.Scenario(v, st, nil)
		t.Logf("documented finding %s: %v\n%s", v.Property, v.Err, text)
	}
	for _, w := range want {
		if !contains(got, w) {
			t.Errorf("finding %s not found (%s)", w, why)
		}
	}
}

// TestExploreCoversEveryActor holds that the default CI search makes every
// kind of move: a search that never ran a user operation or a fault would
// pass vacuously.
func TestExploreCoversEveryActor(t *testing.T) {
	st := dcplan.Modern.Settings()
	o := explore.Defaults(st)
	o.Replicas, o.Limits, o.Users, o.Faults, o.Stale, o.Kinds = []int{1}, []int{1}, 1, 1, 1, 0
	o.MaxStates = 600
	res := mustExplore(t, o)
	for _, a := range []explore.Actor{explore.ActorConfig, explore.ActorDeployer, explore.ActorKubelet, explore.ActorUser, explore.ActorClock} {
		if res.Moves[a] == 0 {
			t.Errorf("no %s moves in %d transitions", a, res.Transitions)
		}
	}
	for _, a := range []explore.Actor{explore.ActorConfig, explore.ActorDeployer, explore.ActorUser} {
		if res.Faulted[a] == 0 {
			t.Errorf("no faulted %s moves in %d transitions", a, res.Transitions)
		}
	}
}

// TestScenarioRendersTrace holds that a violation renders as a scenario
// file whose cases replay the trace's controller passes.
func TestScenarioRendersTrace(t *testing.T) {
	st := dcplan.Modern.Settings()
	v := explore.Violation{Property: "Example", Initial: explore.Initial(explore.Defaults(st))[0],
		Trace: []explore.Move{{Actor: explore.ActorConfig}, {Actor: explore.ActorDeployer, Target: "web-1"}}}
	text, err := explore.Scenario(v, st, scenario.FormatState)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"# explore: Example", "# 1. dc-controller pass", "snapshot\n", "config\n----\ncreate-rc rc/web-1", "# 2. deployer pass rc/web-1", "step rc=web-1\n----\ncreate-pod pod/web-1-deploy"}
	var missing []string
	for _, w := range want {
		if !strings.Contains(text, w) {
			missing = append(missing, w)
		}
	}
	if d := cmp.Diff([]string(nil), missing); d != "" {
		t.Errorf("Scenario() lacks (-want +got):\n%s\n%s", d, text)
	}
}

// onlyPreset reads -explore.preset as dcplan.ParsePreset does (any case,
// every preset, Origin for Origin15) and returns the preset's name, ""
// for none; an unknown name is an error that lists the accepted ones.
func onlyPreset(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	p, err := dcplan.ParsePreset(s)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// deepOnlyFlags refuses, outside the deep tier, the flags that only
// -explore.deep reads (the per-trace budgets): given to another tier they
// would be ignored, and the run pass for one that explored them.
func deepOnlyFlags(tier string) error {
	if tier == tierDeep {
		return nil
	}
	var set []string
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "explore.users", "explore.faults", "explore.stale", "explore.hooks", "explore.clock", "explore.kinds":
			set = append(set, "-"+f.Name)
		}
	})
	if len(set) > 0 {
		return fmt.Errorf("%s: only -explore.deep reads them (tier %s has its own budgets); add -explore.deep or drop them", strings.Join(set, ", "), tier)
	}
	return nil
}

// parseWorld reads -explore.world: replica counts and history limits, two
// comma-separated lists of integers joined by a slash.
func parseWorld(s string) (replicas, limits []int, err error) {
	r, l, ok := strings.Cut(s, "/")
	if !ok {
		return nil, nil, fmt.Errorf("%q: want replicas/limits", s)
	}
	if replicas, err = explore.ParseInts(r); err != nil {
		return nil, nil, fmt.Errorf("%q: replicas: %w", s, err)
	}
	if limits, err = explore.ParseInts(l); err != nil {
		return nil, nil, fmt.Errorf("%q: limits: %w", s, err)
	}
	return replicas, limits, nil
}

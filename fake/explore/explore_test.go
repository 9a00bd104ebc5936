package explore_test

import (
	"flag"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/internal/scenario"
)

var (
	deep      = flag.Bool("explore.deep", false, "explore deeper bounds than CI's: -explore.users, -explore.faults, -explore.stale, -explore.hooks per trace (defaults of explore.Defaults: 2, 1, 1, 1), replicas 0-2")
	deepUsers = flag.Int("explore.users", 2, "user moves per trace with -explore.deep")
	deepFault = flag.Int("explore.faults", 1, "faulted passes per trace with -explore.deep")
	deepStale = flag.Int("explore.stale", 1, "stale reads per trace with -explore.deep")
	deepHooks = flag.Int("explore.hooks", 1, "hook pods per trace with -explore.deep")
	deepMax   = flag.Int("explore.max", 0, "stop after this many states with -explore.deep (0: none)")
	deepOnly  = flag.String("explore.preset", "", "explore only this preset")
	deepWorld = flag.String("explore.world", "", `with -explore.deep, the initial worlds as "replicas/limits", e.g. "1/1" or "0,1,2/-1,1" (-1: no limit; default: explore.Defaults')`)
)

// ciBounds are the bounds go test explores by default: the world
// (latestVersion up to 3, replicas 0, 1 and 2, revisionHistoryLimit none
// and 1) in two searches, each in under a minute of CPU: one oc command
// or edit and one faulted pass (a Conflict on any write, a crash after any
// prefix) in the same trace, and one faulted pass with one stale read
// (and, for Modern, one hook pod: it makes that search six times larger).
// Budgets are upper bounds, so the first also covers every trace with the
// command alone and with the fault alone. A third, smaller search puts one
// hook pod beside one oc command (a cancel racing the hook, say) in the
// world of replicas 1 and revisionHistoryLimit 1, for every preset, and
// for Modern with one faulted pass in the same trace too (five times the
// states). A fourth puts one oc command beside one stale read, in that
// same small world, for every preset. Hook pods in the first search would
// make it several times larger: a command, a fault and a hook pod at
// replicas 0-2 and both limits passed 5 GB and 6 minutes of CPU without
// finishing. Two commands per trace, a command with a stale read at every
// replica count and limit (70 000 states, 51 s for Modern), and hook pods
// with every bound are behind -explore.deep (see -explore.world).
func ciBounds(st dcplan.Settings, modern bool) []explore.Options {
	users := explore.Defaults(st)
	users.Users, users.Faults, users.Stale, users.Hooks = 1, 1, 0, 0
	faults := explore.Defaults(st)
	faults.Users, faults.Faults, faults.Stale, faults.Hooks = 0, 1, 1, 0
	if modern {
		faults.Hooks = 1
	}
	hooks := explore.Defaults(st)
	hooks.Users, hooks.Faults, hooks.Stale, hooks.Hooks = 1, 0, 0, 1
	hooks.Replicas, hooks.Limits = []int{1}, []int{1}
	if modern {
		hooks.Faults = 1 // the preset dcplan fixes: a command, a fault and a hook pod in one trace
	}
	stale := explore.Defaults(st)
	stale.Users, stale.Faults, stale.Stale, stale.Hooks = 1, 0, 1, 0
	stale.Replicas, stale.Limits = []int{1}, []int{1}
	return []explore.Options{users, faults, hooks, stale}
}

// TestExplore explores every reachable state of the bounded worlds for
// each preset and fails on any violation, printing it as a scenario file.
// known lists the violations a preset is documented to have (upstream's
// own, kept in Exact): each must still be found, nothing else may be.
func TestExplore(t *testing.T) {
	// The search keeps every state; collect garbage less often. (The
	// parallel subtests run after this function returns: the setting is
	// left for the rest of the package's tests.)
	debug.SetGCPercent(400)
	tests := []struct {
		name  string
		why   string
		p     dcplan.Preset
		known []string
	}{
		{name: "Modern", why: "the preset dcplan fixes: zero violations", p: dcplan.Modern},
		{name: "Exact", why: "upstream byte for byte: its findings at these bounds are listed in docs/rules.md (none at the CI bounds)", p: dcplan.Exact},
		{name: "Origin15", why: "the newest seed era: its deployer fails a Pending RC whose pod a stale cache does not show, while the pod runs (SPEC 4.2.expect, docs/rules.md)",
			p: dcplan.Origin15, known: []string{"OneDeployerPod"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // one search per core
			if *deepOnly != "" && *deepOnly != tt.name {
				t.Logf("not explored: -explore.preset %s", *deepOnly)
				return
			}
			st := tt.p.Settings()
			bounds := ciBounds(st, tt.p == dcplan.Modern)
			if *deep {
				o := explore.Defaults(st)
				o.Users, o.Faults, o.Stale, o.Hooks, o.MaxStates = *deepUsers, *deepFault, *deepStale, *deepHooks, *deepMax
				if *deepWorld != "" {
					var err error
					if o.Replicas, o.Limits, err = parseWorld(*deepWorld); err != nil {
						t.Fatalf("-explore.world: %v", err)
					}
				}
				bounds = []explore.Options{o}
			}
			var got []string
			for _, o := range bounds {
				start := time.Now()
				res := explore.Explore(o)
				t.Logf("%s users=%d faults=%d stale=%d hooks=%d replicas=%v limits=%v: %d states, %d transitions in %v",
					tt.name, o.Users, o.Faults, o.Stale, o.Hooks, o.Replicas, o.Limits, res.States, res.Transitions, time.Since(start).Round(time.Millisecond))
				if res.States < 100 || res.Truncated && !*deep {
					t.Errorf("explored %d states (truncated %v): the search did not get going", res.States, res.Truncated)
				}
				if o.Hooks > 0 && !res.Truncated {
					// The hook pod's states were reached, a cancelled RC's
					// among them when a user can cancel: OneDeployerPod and
					// NoPodsAfterCancel judged hook pods, not nothing.
					t.Logf("%s hook-pod states: %v", tt.name, res.Hooks)
					for _, k := range []string{"Running", "Succeeded", "Failed", "cancelled"} {
						if res.Hooks[k] == 0 && (k != "cancelled" || o.Users > 0) {
							t.Errorf("no state with a %s hook pod (hook-pod states %v)", k, res.Hooks)
						}
					}
				}
				for _, v := range res.Violations {
					got = append(got, v.Property)
					if !contains(tt.known, v.Property) {
						text, _ := explore.Scenario(v, st, scenario.FormatState)
						t.Errorf("%s: %v\n%s", v.Property, v.Err, text)
					}
				}
			}
			for _, k := range tt.known {
				if !contains(got, k) {
					t.Errorf("known finding %s no longer found", k)
				}
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestExploreCoversEveryActor holds that the default CI search makes every
// kind of move: a search that never ran a user operation or a fault would
// pass vacuously.
func TestExploreCoversEveryActor(t *testing.T) {
	st := dcplan.Modern.Settings()
	o := explore.Defaults(st)
	o.Replicas, o.Limits, o.Users, o.Faults, o.Stale = []int{1}, []int{1}, 1, 1, 1
	o.MaxStates = 600
	res := explore.Explore(o)
	for _, a := range []explore.Actor{explore.ActorConfig, explore.ActorDeployer, explore.ActorKubelet, explore.ActorUser} {
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

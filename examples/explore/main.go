// Command explore model-checks dcplan's controllers on every reachable
// state of small worlds (package fake/explore): one DC, every interleaving
// of the DC controller, the deployer, the kubelet, oc commands and faults,
// within the bounds given. It prints the distinct states and transitions
// explored, and each property violated with its shortest trace: the moves,
// then each controller pass's plan.
//
//	go run ./examples/explore                        # Modern, explore.Defaults (minutes)
//	go run ./examples/explore -preset Exact -users 1 -faults 0 -stale 0 -replicas 1
//	go run ./examples/explore -max 20000             # stop after 20 000 states
//
// Flags: -preset (Modern, Exact, Origin10, Origin13, Origin15, Origin;
// any case), -versions
// (latestVersion bound, default 3), -replicas (comma-separated, default
// 0,1,2), -limits (revisionHistoryLimit values, -1 for none, default -1,1),
// -users, -faults, -stale, -hooks, -clock (per trace, default 1 each:
// hook pods <rc>-hook-pre the deployer pod creates, clock moves past the
// New-phase timeout), -kinds (how many of those five kinds one trace may
// mix, default 2; 0 for all five), -max (states,
// 0 for no limit; the search keeps at most that many). A zero -versions
// stands for the default; the summary line prints the bounds explored.
// For a violation as a scenario file (state lines included), run the
// test: go test ./fake/explore -run TestExplore.
//
// Exit status: 0 without violations (and for -h), 1 with, 2 for a
// usage error: an unknown flag or preset, an argument that is not a
// flag, or a bound explore.Options.Validate refuses (a negative one, a
// replica count below 0 or past int32, a limit below -1, -kinds past 5).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command with arguments args, printing to stdout and stderr;
// it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	preset := fs.String("preset", "Modern", "behaviour preset, any case: Modern, Exact, Origin10, Origin13, Origin15, Origin")
	versions := fs.Int("versions", 3, "bound on status.latestVersion (0: the default, 3)")
	replicas := fs.String("replicas", "0,1,2", "DC replica counts")
	limits := fs.String("limits", "-1,1", "revisionHistoryLimit values (-1: none)")
	users := fs.Int("users", 1, "user moves per trace")
	faults := fs.Int("faults", 1, "faulted passes per trace")
	stale := fs.Int("stale", 1, "stale reads per trace")
	hooks := fs.Int("hooks", 1, "hook pods per trace")
	clock := fs.Int("clock", 1, "clock moves past the New-phase timeout per trace")
	kinds := fs.Int("kinds", 2, "kinds of perturbation (user move, fault, stale read, hook pod, clock move) one trace may mix (0: no bound but each kind's)")
	maxStates := fs.Int("max", 0, "stop after this many states (0: no limit)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return 0 // -h: fs printed the usage
	} else if err != nil {
		return 2 // fs printed the error and the usage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "explore: unexpected arguments %q; flags only (explore -h lists them)\n", fs.Args())
		return 2
	}
	p, err := dcplan.ParsePreset(*preset)
	if err != nil {
		fmt.Fprintln(stderr, "explore: -preset:", err)
		return 2
	}
	st := p.Settings()
	o := explore.Defaults(st)
	o.Versions, o.Users, o.Faults, o.Stale, o.Hooks, o.Clock, o.Kinds, o.MaxStates = *versions, *users, *faults, *stale, *hooks, *clock, *kinds, *maxStates
	if o.Replicas, err = explore.ParseInts(*replicas); err != nil {
		fmt.Fprintln(stderr, "explore: -replicas:", err)
		return 2
	}
	if o.Limits, err = explore.ParseInts(*limits); err != nil {
		fmt.Fprintln(stderr, "explore: -limits:", err)
		return 2
	}
	start := time.Now()
	res, err := explore.Explore(o)
	var bad *explore.OptionError
	if errors.As(err, &bad) {
		if name, ok := flagOf[strings.TrimRight(bad.Field, "[0123456789]")]; ok {
			fmt.Fprintf(stderr, "explore: -%s: %s is refused: %s\n", name, bad.Value, bad.Problem)
			return 2
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "explore:", err)
		return 2
	}
	u := res.Options // the bounds explored, defaults filled in
	fmt.Fprintf(stdout, "%s: %d states, %d transitions in %v (versions<=%d replicas=%v limits=%v users=%d faults=%d stale=%d hooks=%d clock=%d kinds=%d max=%d truncated=%v)\n",
		p, res.States, res.Transitions, time.Since(start).Round(time.Millisecond), u.Versions, u.Replicas, u.Limits, u.Users, u.Faults, u.Stale, u.Hooks, u.Clock, u.Kinds, u.MaxStates, res.Truncated)
	for _, v := range res.Violations {
		text, _ := explore.Scenario(v, st, nil)
		fmt.Fprintf(stdout, "\nviolation %s: %v\n%s", v.Property, v.Err, text)
	}
	if len(res.Violations) > 0 {
		return 1
	}
	return 0
}

// flagOf names the flag that sets each field of explore.Options the
// command sets.
var flagOf = map[string]string{"Versions": "versions", "Replicas": "replicas", "Limits": "limits", "Users": "users",
	"Faults": "faults", "Stale": "stale", "Hooks": "hooks", "Clock": "clock", "Kinds": "kinds", "MaxStates": "max"}

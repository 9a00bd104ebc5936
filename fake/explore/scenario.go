package explore

import (
	"fmt"
	"strings"

	"github.com/dcplan/dcplan"
)

// Replay makes the moves of trace from initial again (the search is
// deterministic, so they do what they did) and returns their steps. It
// tracks the deployer's requeue counts as the search does; stale reads
// read the world before the previous move that changed it.
func Replay(initial Objects, trace []Move, st dcplan.Settings) ([]Step, error) {
	o, prev := initial, Objects(nil)
	rq := map[string]int{}
	var expect []string
	var steps []Step
	for i, m := range trace {
		step, err := apply(o, prev, m, st, rq[m.Target], expect, nil)
		if err != nil {
			return steps, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
		if m.Actor == ActorDeployer {
			rq[m.Target] = step.Requeue
		}
		expect = step.Expect
		steps = append(steps, step)
		if d, ok := clockSpanOf(m); ok && m.Actor == ActorClock {
			o, prev = step.After, aged(prev, d) // nothing but time changed
		} else if !sameWorld(o, step.After) {
			o, prev = step.After, o
		}
	}
	return steps, nil
}

// Scenario renders a violation as a scenario file (internal/scenario
// format, for the handler of package reconcile's tests, whose commands
// `config` and `step rc=<name>` run the two controllers): every controller
// pass of the trace is a `snapshot` of what it read and its plan; oc
// commands, edits and kubelet moves are comments, their effect shows in the
// next snapshot. The last case is the violating move. format writes a
// snapshot in the state line format: tests pass internal/scenario's
// FormatState (this package links the standard library alone, so it does
// not import the test-only scenario runner); nil prints the plans only.
func Scenario(v Violation, st dcplan.Settings, format func(dcplan.Snapshot) string) (string, error) {
	steps, err := Replay(v.Initial, v.Trace, st)
	var b strings.Builder
	fmt.Fprintf(&b, "# explore: %s: %v\n", v.Property, v.Err)
	fmt.Fprintf(&b, "# Found by fake/explore on the shortest trace (%d moves).\n", len(v.Trace))
	if err != nil {
		fmt.Fprintf(&b, "# replay: %v\n", err)
	}
	for i, s := range steps {
		fmt.Fprintf(&b, "\n# %d. %s\n", i+1, s.Move)
		if !s.Move.Actor.controller() {
			continue
		}
		if s.Move.Fault != FaultNone {
			b.WriteString("# (the pass's last plan, after the fault)\n")
		}
		snap := s.Pass.Snapshot
		if snap.Config.Name == "" {
			snap = s.Seen
		}
		if format != nil {
			b.WriteString("snapshot\n")
			b.WriteString(format(snap))
			b.WriteString("----\nok\n\n")
		}
		switch s.Move.Actor {
		case ActorConfig:
			b.WriteString("config\n")
		case ActorPodController:
			fmt.Fprintf(&b, "# (phase.DeployerPod, the seed-era pod controller: phase scenario command)\ndeployer-pod pod=%s\n", s.Move.Target)
		default:
			fmt.Fprintf(&b, "step rc=%s\n", s.Move.Target)
		}
		b.WriteString("----\n")
		b.WriteString(strings.TrimRight(dcplan.Describe(s.Pass.Plan), "\n"))
		b.WriteString("\n")
	}
	return b.String(), err
}

package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dcplan/dcplan"
)

// Replay makes the moves of trace from initial again (the search is
// deterministic, so they do what they did) and returns their steps. It
// steps the requeue counts, the expectations and the earlier world a
// stale read reads as the search does (state.next): a stale read reads
// the world before the previous move that changed the world or the
// expectations. Past the trace's last stale read it keeps no earlier
// world, so its steps' Expect may leave out deployer pods that every view
// shows (hideable), which the search keeps while its budget holds another
// stale read: no move's outcome depends on them.
func Replay(initial Objects, trace []Move, st dcplan.Settings) ([]Step, error) {
	steps, _, err := replayed(initial, trace, st, func(i int) bool {
		return slices.ContainsFunc(trace[i+1:], func(m Move) bool { return m.Stale != "" })
	})
	return steps, err
}

// replayed is Replay, staleLeft(i) reporting whether a stale read may follow
// move i (Replay: one of the later moves of trace is one; the search: its
// budget holds one), and the state after the moves made.
func replayed(initial Objects, trace []Move, st dcplan.Settings, staleLeft func(i int) bool) ([]Step, state, error) {
	c := state{objs: initial}
	var steps []Step
	for i, m := range trace {
		step, err := apply(c.objs, c.prev, m, st, c.rq[m.Target], c.expect, nil)
		if err != nil {
			return steps, c, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
		steps = append(steps, step)
		c = c.next(m, step, staleLeft(i))
	}
	return steps, c, nil
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

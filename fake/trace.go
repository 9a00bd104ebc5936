package fake

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// PassKind tells which actor planned a Pass.
type PassKind uint8

// The kinds of passes.
const (
	PassConfig   PassKind = iota + 1 // the DC controller (reconcile.Config)
	PassDeployer                     // the deployer controller (phase.Step)
	PassUser                         // a user operation (cancel, retry, ...)
)

// Pass is one planner call and what became of its plan.
type Pass struct {
	// Actor names who planned: "dc-controller", "deployer" (a "#2"
	// suffix for the second instance of the Dual fault), or "user:<op>".
	Actor     string
	Kind      PassKind
	Namespace string
	Config    string
	// RC is the RC a deployer pass planned for.
	RC string
	// Lag is how many writes the cache the planner read lagged behind:
	// the lag applied (within World.MaxLag), not the one drawn.
	Lag int
	// Seen is the snapshot the planner read; treat it as read-only.
	Seen dcplan.Snapshot
	Plan dcplan.Plan
	// Applied is how many of the plan's actions took effect; Err is the
	// error that stopped the pass (a crash).
	Applied int
	Err     error
	// Done lists the actions whose requests succeeded, in the order sent;
	// nil means the first Applied actions in contract order.
	Done []dcplan.ActionRef
}

// setApplied records which actions of a pass took effect: those whose
// requests were sent and answered with success.
func (p *Pass) setApplied(pass wire.Pass) {
	p.Done = nil
	for i, err := range pass.Errs {
		if i >= len(pass.Requests) {
			break // the pass stopped on a plan that no longer holds these requests
		}
		r := pass.Requests[i]
		if err == nil && r.Verb != wire.VerbEvent {
			p.Done = append(p.Done, r.Action)
		}
	}
	p.Applied = len(p.Done)
}

// AppliedPlan returns the part of p.Plan that was applied: the actions in
// Done (or, without Done, its first p.Applied actions in contract order,
// see dcplan.Plan), outcome fields and events kept.
func (p Pass) AppliedPlan() dcplan.Plan {
	if p.Done == nil {
		return truncatePlan(p.Plan, p.Applied)
	}
	return keepActions(p.Plan, p.Done)
}

// keepActions returns plan with only the actions of refs.
func keepActions(plan dcplan.Plan, refs []dcplan.ActionRef) dcplan.Plan {
	in := func(k dcplan.ActionKind, i int) bool {
		return slices.Contains(refs, dcplan.ActionRef{Kind: k, Index: i})
	}
	out := dcplan.Plan{Wait: plan.Wait, Message: plan.Message, Error: plan.Error, RecheckAfter: plan.RecheckAfter, Events: plan.Events}
	out.Adopt = keep(plan.Adopt, dcplan.ActionAdopt, in)
	out.Release = keep(plan.Release, dcplan.ActionRelease, in)
	out.UpdateConfig = keep(plan.UpdateConfig, dcplan.ActionUpdateConfig, in)
	out.Instantiate = keep(plan.Instantiate, dcplan.ActionInstantiate, in)
	out.CreatePods = keep(plan.CreatePods, dcplan.ActionCreatePod, in)
	out.SetPodOwners = keep(plan.SetPodOwners, dcplan.ActionSetPodOwner, in)
	out.SetPodDeadlines = keep(plan.SetPodDeadlines, dcplan.ActionSetPodDeadline, in)
	out.DeletePods = keep(plan.DeletePods, dcplan.ActionDeletePod, in)
	out.CreateRCs = keep(plan.CreateRCs, dcplan.ActionCreateRC, in)
	out.Cancels = keep(plan.Cancels, dcplan.ActionCancel, in)
	out.Scales = keep(plan.Scales, dcplan.ActionScale, in)
	out.Transitions = keep(plan.Transitions, dcplan.ActionTransition, in)
	out.DeleteRCs = keep(plan.DeleteRCs, dcplan.ActionDeleteRC, in)
	if plan.Status != nil && in(dcplan.ActionStatus, 0) {
		out.Status = plan.Status
	}
	return out
}

func keep[T any](s []T, k dcplan.ActionKind, in func(dcplan.ActionKind, int) bool) []T {
	var out []T
	for i, x := range s {
		if in(k, i) {
			out = append(out, x)
		}
	}
	return out
}

// truncatePlan keeps the first n actions of plan in contract order.
func truncatePlan(plan dcplan.Plan, n int) dcplan.Plan {
	if n >= plan.Actions() {
		return plan
	}
	out := dcplan.Plan{Wait: plan.Wait, Message: plan.Message, Error: plan.Error, RecheckAfter: plan.RecheckAfter}
	out.Adopt, n = take(plan.Adopt, n)
	out.Release, n = take(plan.Release, n)
	out.UpdateConfig, n = take(plan.UpdateConfig, n)
	out.Instantiate, n = take(plan.Instantiate, n)
	out.CreatePods, n = take(plan.CreatePods, n)
	out.SetPodOwners, n = take(plan.SetPodOwners, n)
	out.SetPodDeadlines, n = take(plan.SetPodDeadlines, n)
	out.DeletePods, n = take(plan.DeletePods, n)
	out.CreateRCs, n = take(plan.CreateRCs, n)
	out.Cancels, n = take(plan.Cancels, n)
	out.Scales, n = take(plan.Scales, n)
	out.Transitions, n = take(plan.Transitions, n)
	out.DeleteRCs, n = take(plan.DeleteRCs, n)
	if plan.Status != nil && n > 0 {
		out.Status = plan.Status
		n--
	}
	out.Events, _ = take(plan.Events, n)
	return out
}

func take[T any](s []T, n int) ([]T, int) {
	k := min(len(s), n)
	if k == 0 {
		return nil, n
	}
	return s[:k:k], n - k
}

// record logs a pass in the trace and in the pass log the invariants read.
func (s *Sim) record(p *Pass) {
	if s.opts.Quiet {
		return
	}
	s.passes = append(s.passes, *p)
	if !p.Plan.HasWrites() && len(p.Plan.Events) == 0 && p.Err == nil {
		return
	}
	target := "dc/" + p.Namespace + "/" + p.Config
	if p.Kind == PassDeployer {
		target = "rc/" + p.Namespace + "/" + p.RC
	}
	head := p.Actor + " " + target
	if p.Lag > 0 {
		head += fmt.Sprintf(" lag=%d", p.Lag)
	}
	s.trace.add(s.offset(), "%s", head)
	s.trace.block(dcplan.Describe(p.Plan))
	if p.Err != nil {
		s.trace.add(s.offset(), "  applied %d/%d: %v", p.Applied, p.Plan.Actions(), p.Err)
	}
}

// traceLog accumulates trace lines.
type traceLog struct {
	b     strings.Builder
	quiet bool
}

// add writes one line, prefixed with the virtual time offset.
func (t *traceLog) add(at time.Duration, format string, args ...any) {
	if t.quiet {
		return
	}
	t.b.WriteString(formatOffset(at))
	t.b.WriteByte(' ')
	fmt.Fprintf(&t.b, format, args...)
	t.b.WriteByte('\n')
}

// block writes Describe output indented under the last line.
func (t *traceLog) block(text string) {
	if t.quiet {
		return
	}
	for line := range strings.Lines(text) {
		t.b.WriteString("           ")
		t.b.WriteString(line)
	}
}

func (t *traceLog) String() string { return t.b.String() }

// formatOffset renders a duration since the start as [hhh:mm:ss], with a
// minus sign after a backward clock jump.
func formatOffset(d time.Duration) string {
	sign := " "
	if d < 0 {
		sign, d = "-", -d
	}
	sec := int64(d / time.Second)
	return fmt.Sprintf("[%s%02d:%02d:%02d]", sign, sec/3600, sec/60%60, sec%60)
}

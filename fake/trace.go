package fake

import (
	"fmt"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
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
	// Lag is how many writes the cache the planner read lagged behind.
	Lag int
	// Seen is the snapshot the planner read; treat it as read-only.
	Seen dcplan.Snapshot
	Plan dcplan.Plan
	// Applied is how many of the plan's actions, in contract order,
	// succeeded; Err is the error that stopped the rest.
	Applied int
	Err     error
}

// AppliedPlan returns the part of p.Plan that was applied: its first
// p.Applied actions in contract order (see dcplan.Plan), outcome fields
// kept.
func (p Pass) AppliedPlan() dcplan.Plan {
	return truncatePlan(p.Plan, p.Applied)
}

// truncatePlan keeps the first n actions of plan in contract order.
func truncatePlan(plan dcplan.Plan, n int) dcplan.Plan {
	if n >= plan.Actions() {
		return plan
	}
	out := dcplan.Plan{Wait: plan.Wait, Message: plan.Message, RecheckAfter: plan.RecheckAfter}
	out.Adopt, n = take(plan.Adopt, n)
	out.Release, n = take(plan.Release, n)
	out.UpdateConfig, n = take(plan.UpdateConfig, n)
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

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestAppliedPlanKeepsOutcome: AppliedPlan keeps the plan's outcome
// fields (Wait, Message, Error, RecheckAfter) whichever way the applied
// actions are given, Done or only Applied; the Applied path dropped
// Error.
func TestAppliedPlanKeepsOutcome(t *testing.T) {
	plan := dcplan.Plan{
		Scales:  []dcplan.Scale{{RC: "web-1", From: 1, To: 0}},
		Message: "boom", Error: dcplan.ErrorActionable, Wait: dcplan.WaitRetry,
	}
	for _, p := range []fake.Pass{
		{Plan: plan, Applied: 0},
		{Plan: plan, Done: []dcplan.ActionRef{{Kind: dcplan.ActionScale, Index: 1}}},
	} {
		got := p.AppliedPlan()
		if got.Message != plan.Message || got.Error != plan.Error || got.Wait != plan.Wait {
			t.Errorf("Done %v Applied %d: AppliedPlan() outcome %q %v %v, want %q %v %v",
				p.Done, p.Applied, got.Message, got.Error, got.Wait, plan.Message, plan.Error, plan.Wait)
		}
	}
}

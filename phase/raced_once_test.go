package phase_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// TestFailedCancellationOnceWhenTheWriteFails: Modern records the
// FailedCancellation of a cancel raced by success once (SPEC 11 item 13):
// a pass whose completing write fails (a Conflict) records nothing, and
// the pass that completes the RC records it. Exact records it on both, as
// upstream does before its write (SPEC 13.1).
func TestFailedCancellationOnceWhenTheWriteFails(t *testing.T) {
	for _, tc := range []struct {
		preset dcplan.Preset
		want   int
	}{{dcplan.Modern, 1}, {dcplan.Exact, 2}} {
		s := snapshot(tc.preset, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, cancelled)}, deployer("web-1", dcplan.PodSucceeded))
		s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionTransition, Name: "web-1",
			Reason: dcplan.StatusConflict, Code: 409, Message: "the object has been modified"}}
		failed := phase.Step(s, "web-1")
		s.Outcome = dcplan.Outcome{}
		completed := phase.Step(s, "web-1")
		n := 0
		for _, p := range []dcplan.Plan{failed, completed} {
			for _, e := range p.Events {
				if e.Reason == dcplan.EventFailedCancellation {
					n++
				}
			}
		}
		if n != tc.want {
			t.Errorf("%v: FailedCancellation recorded %d times over a failed and a completing pass, want %d\nfailed pass:\n%s\ncompleting pass:\n%s",
				tc.preset, n, tc.want, dcplan.Describe(failed), dcplan.Describe(completed))
		}
	}
}

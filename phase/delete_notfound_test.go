package phase_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// SPEC 4.6 "NotFound ignored", 13.1 "NotFound on an RC or pod delete ...
// is success"; phase's own outcome doc: "Some deployer or hook pod
// deletes failed (NotFound is no failure)". A hook pod that vanished
// between the list and the delete must not fail the pass.
func TestPodDeleteNotFoundIsSuccess(t *testing.T) {
	for _, pr := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin13, dcplan.Origin15} {
		s := snapshot(pr, []dcplan.Deployment{testRC(1, dcplan.PhaseNew, cancelled)},
			deployer("web-1", dcplan.PodRunning), hook("web-1", "hook-pre"))
		s.Outcome.Failures = []dcplan.Failure{{Action: dcplan.ActionDeletePod, Name: "web-1-hook-pre",
			Reason: dcplan.StatusNotFound, Code: 404, Message: `pods "web-1-hook-pre" not found`}}
		got := phase.Step(s, "web-1")
		s.Outcome = dcplan.Outcome{}
		want := phase.Step(s, "web-1")
		if got.Error != dcplan.ErrorNone || got.Message != "" || len(got.Transitions) != len(want.Transitions) {
			t.Errorf("%v: a NotFound pod delete counted as a failure:\n%s\nwant the plan without failures:\n%s",
				pr, dcplan.Describe(got), dcplan.Describe(want))
		}
	}
}

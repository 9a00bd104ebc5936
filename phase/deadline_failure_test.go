package phase_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/google/go-cmp/cmp"
)

// TestDeadlineFailureOfALaterPod pins rule 7.25's failed cancel when the
// refused activeDeadlineSeconds write is not the first (SPEC 13.1): the
// writes up to it stay, and failedCancellation is placed right after the
// refused write, where the oldest deployer recorded it, not after the first.
func TestDeadlineFailureOfALaterPod(t *testing.T) {
	s := snapshot(dcplan.Origin10, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, cancelled)},
		deployer("web-1", dcplan.PodRunning), hook("web-1", "hook-pre"), hook("web-1", "hook-post"))
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionSetPodDeadline, Name: "web-1-hook-pre",
		Reason: dcplan.StatusForbidden, Code: 403, Message: "forbidden"}}}
	for name, p := range map[string]dcplan.Plan{"Step": phase.Step(s, "web-1"), "CancelByDeadline": phase.CancelByDeadline(s, "web-1")} {
		var pods []string
		for _, a := range p.SetPodDeadlines {
			pods = append(pods, a.Pod)
		}
		if d := cmp.Diff([]string{"web-1-deploy", "web-1-hook-post", "web-1-hook-pre"}, pods); d != "" {
			t.Errorf("%s: deadline writes (-want +got):\n%s", name, d)
		}
		want := dcplan.ActionRef{Kind: dcplan.ActionSetPodDeadline, Index: 2}
		if len(p.Events) != 1 || p.Events[0].Reason != dcplan.EventSeedFailedCancellation || p.Events[0].After != want {
			t.Errorf("%s: events = %+v, want one failedCancellation after deadline write 2", name, p.Events)
		}
	}
}

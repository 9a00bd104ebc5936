package explore_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestClockTimesOutRetriedRC: Modern counts a retried rollout's New-phase
// timeout from the retry (dcplan.io/retried-at, SPEC 4.3.new.3.retry),
// an annotation in the deployer's time layout, not RFC 3339. A clock move
// past the timeout must age it as well, or the retry stays as young as
// now and the RC never times out.
func TestClockTimesOutRetriedRC(t *testing.T) {
	trace := []explore.Move{
		{Actor: explore.ActorConfig},
		{Actor: explore.ActorDeployer, Target: "web-1"},
		{Actor: explore.ActorKubelet, Target: "web-1-deploy", To: "Failed"},
		{Actor: explore.ActorDeployer, Target: "web-1"},
		{Actor: explore.ActorUser, Target: "retry"},
		{Actor: explore.ActorClock, Target: "601s"},
		{Actor: explore.ActorDeployer, Target: "web-1"},
	}
	steps, err := explore.Replay(replayWorld(), trace, dcplan.Modern.Settings())
	if err != nil {
		t.Fatal(err)
	}
	last := steps[len(steps)-1]
	w, err := explore.Decode(last.After)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := w.Deployment("web-1")
	if !ok || d.Phase != dcplan.PhaseFailed {
		t.Errorf("web-1 is %v (found %v), want Failed: retried 601 s ago (retried-at %v, created %v)", d.Phase, ok, d.RetriedAt, d.CreationTime)
	}
	if !slices.ContainsFunc(last.Pass.Plan.Events, func(e dcplan.Event) bool { return e.Reason == dcplan.EventRolloutTimeout }) {
		t.Errorf("no RolloutTimeout event: %q", dcplan.Describe(last.Pass.Plan))
	}
}

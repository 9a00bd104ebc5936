package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/wire"
)

// TestReplayStaleAfterObserve pins the earlier world a stale read reads
// after a move that changes only the expectations: the DC controller's
// second pass observes web-1, which it created, and forgets its
// expectation, so that pass, not the first, is the last move that changed
// the state, and a stale read of web-1 after it reads web-1 as it is
// (the search makes no such read: nothing differs). Replay once read the
// world before the first pass, with no web-1, a pass the search never
// makes.
func TestReplayStaleAfterObserve(t *testing.T) {
	trace := []explore.Move{{Actor: explore.ActorConfig}, {Actor: explore.ActorConfig},
		{Actor: explore.ActorConfig, Stale: wire.ResourceRCs + "/web-1"}}
	steps, err := explore.Replay(replayWorld(), trace, dcplan.Modern.Settings())
	if err != nil {
		t.Fatal(err)
	}
	if len(steps[1].Expect) != 0 {
		t.Fatalf("the second pass left expectations %v, want none", steps[1].Expect)
	}
	s := steps[2]
	if seen := s.Seen.Deployments; len(seen) != 1 || seen[0].Name != "web-1" {
		t.Errorf("the stale read saw %d RCs, want web-1", len(seen))
	}
	if len(s.Writes) != 0 {
		t.Errorf("the stale pass wrote %d requests (plan %q), want none", len(s.Writes), dcplan.Describe(s.Pass.Plan))
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestPhaseMovesFailedToNewByRetryOnly holds that PhaseMoves lets only
// `oc rollout retry` ("user:retry") move a Failed RC back to New (SPEC
// 2.1, 6.2): the other user commands (`oc rollout latest`, `oc rollout
// cancel`, `oc rollout undo`) start or stop rollouts by the DC and the
// cancel annotation, never by resetting a Failed RC, so such a move by
// any of them is reported. Every other case of the move was by the
// retry or by a controller.
func TestPhaseMovesFailedToNewByRetryOnly(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	in := state(c3, rcOf(t, c3, 3, Failed, 0))
	for _, actor := range []string{"user:latest", "user:cancel", "user:rollback"} {
		tr := fake.Transition{Actor: actor, Kind: fake.PassUser, Writes: []fake.LiveWrite{editOf(t, "web-3", in, func(d *dcplan.Deployment) { d.Phase = New })}}
		check(t, fake.PhaseMoves(tr), "rc/web-3 moved Failed -> New", actor+" is no retry")
	}
}

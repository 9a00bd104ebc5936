package reconcile_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
)

// TestCreateLiveGetFoundNone holds SPEC 3.2.12 to dcplan.Outcome's
// contract: after a create met AlreadyExists, Live nil without LiveErr is
// a live GET that found no RC (it was deleted in between). Upstream's GET
// then fails with NotFound, and the pass returns `error while getting
// replication controller <ns>/<rc>: <err>` at once: no creation-failure
// event, no status write. The plan took the missing RC for one that is
// not ours and reported a failed create.
func TestCreateLiveGetFoundNone(t *testing.T) {
	cfg := config(2)
	for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		s := withPreset(snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 3)), preset)
		s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionCreateRC, Name: "web-2",
			Reason: dcplan.StatusAlreadyExists, Code: 409, Message: `replicationcontrollers "web-2" already exists`}}}
		p := reconcile.Config(s)
		want := `error while getting replication controller ns/web-2: replicationcontrollers "web-2" not found`
		if p.Wait != dcplan.WaitRetry || p.Message != want || len(p.Events) != 0 || p.Status != nil || len(p.CreateRCs) != 1 {
			t.Errorf("%v: Config() = %s\nmessage %q, want the create, no event, no status and %q", preset, dcplan.Describe(p), p.Message, want)
		}
	}
}

package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/wire"
)

// TestExploreHistory starts from two Complete rollouts under
// revisionHistoryLimit 1 and lets one more roll out, in every
// interleaving: the third rollout is where cleanup has more prunable RCs
// than the limit, which the CI bounds of TestExplore (one oc command from a
// DC with no RC) never reach. It kills the history-limit mutant of
// TestMutants by a property alone (HistoryLimit, SPEC 3.7.3). A second
// world has the status lagging behind a running web-3 (a crash between
// the RC create and the status write): the status-lag mutant cancels
// web-3 there (CancelsOnlyOlder, SPEC 3.4).
func TestExploreHistory(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		st := p.Settings()
		o := explore.Defaults(st)
		o.Users, o.Faults, o.Stale, o.Hooks, o.Ops = 1, 0, 0, 0, []string{"latest"}
		o.Initial = []explore.Objects{historyWorld(t), statusLagWorld(t)}
		res := mustExplore(t, o)
		t.Logf("%s: %d states, %d transitions", p, res.States, res.Transitions)
		if res.Moves[explore.ActorUser] == 0 {
			t.Errorf("%s: no oc rollout latest was made", p)
		}
		for _, v := range res.Violations {
			text, _ := explore.Scenario(v, st, scenario.FormatState)
			t.Errorf("%s: %s: %v\n%s", p, v.Property, v.Err, text)
		}
	}
}

// historyWorld is the DC at latestVersion 2 with web-1 and web-2
// Complete (web-2 active at one replica) and revisionHistoryLimit 1.
func historyWorld(t *testing.T) explore.Objects {
	t.Helper()
	cfg := config(t, 2, "registry.example/app:1")
	cfg.ResourceVersion, cfg.RevisionHistoryLimit = "5", 1
	rc := func(v dcplan.Version, n dcplan.Replicas, rv string) []byte {
		return rcJSON(t, cfg, v, dcplan.PhaseComplete, n, func(d *dcplan.Deployment) { d.ResourceVersion, d.UID = rv, "uid-"+d.Name })
	}
	return world(t, cfg, map[string][]byte{"web-1": rc(1, 0, "2"), "web-2": rc(2, 1, "4")})
}

// statusLagWorld is historyWorld with web-3 created and Running while
// status.latestVersion still says 2.
func statusLagWorld(t *testing.T) explore.Objects {
	t.Helper()
	o := historyWorld(t)
	cfg := config(t, 2, "registry.example/app:1")
	cfg.ResourceVersion, cfg.RevisionHistoryLimit = "5", 1
	o[wire.ResourceRCs+"/web-3"] = rcJSON(t, cfg, 3, dcplan.PhaseRunning, 0, func(d *dcplan.Deployment) { d.ResourceVersion, d.UID = "6", "uid-"+d.Name })
	return o
}

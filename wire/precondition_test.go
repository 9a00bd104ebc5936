package wire_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestRCUpdatesCarryTheVersionRead holds the precondition of every RC
// update (SPEC 13): the body carries the resourceVersion the planner read,
// so the server answers Conflict when the RC changed since. Without it a
// pass planned from a stale cache overwrites a newer RC (a cancel, a
// phase). This test kills the "dropped precondition" mutant of
// fake/explore's TestMutants.
func TestRCUpdatesCarryTheVersionRead(t *testing.T) {
	cfg := fake.NewConfig("ns", "web", 1)
	cfg.UID = "uid-web"
	cfg.Status.LatestVersion = 2
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.ResourceVersion, d.UID, d.Phase = "7", "uid-web-2", dcplan.PhaseRunning
	raw, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	if d, err = wire.DecodeDeployment(raw); err != nil {
		t.Fatal(err)
	}
	s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{d}}
	tests := []struct {
		name string
		why  string
		plan dcplan.Plan
	}{
		{name: "3.4.3 cancel", why: "a cancel over a newer RC would undo its phase", plan: dcplan.Plan{Cancels: []dcplan.Cancel{{RC: d.Name, Version: 2, Reason: "x"}}}},
		{name: "3.6.3 scale", why: "a scale over a newer RC would undo its replicas", plan: dcplan.Plan{Scales: []dcplan.Scale{{RC: d.Name, Version: 2, From: 0, To: 1}}}},
		{name: "4.4 transition", why: "a phase write over a newer RC would move a terminal RC", plan: dcplan.Plan{Transitions: []dcplan.Transition{{RC: d.Name, Version: 2, From: dcplan.PhaseRunning, To: dcplan.PhaseComplete}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reqs, err := wire.Requests(s, tt.plan)
			if err != nil {
				t.Fatal(err)
			}
			var updates int
			for _, r := range reqs {
				if r.Verb != wire.VerbUpdate || r.Resource != wire.ResourceRCs {
					continue
				}
				updates++
				if !strings.Contains(string(r.Body), `"resourceVersion":"7"`) {
					t.Errorf("update of rc/%s carries no resourceVersion 7 (%s):\n%s", r.Name, tt.why, r.Body)
				}
			}
			if updates != 1 {
				t.Errorf("%d RC updates, want 1", updates)
			}
		})
	}
}

package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestExploreStaleReads starts mid-story — web-1 Complete, two oc
// commands and two stale reads to come — where upstream's controller
// (Exact) starts two rollouts at once from a lagging cache (issue 13,
// defect 3; SPEC 3.2.12.expect) and Modern, which waits for its own
// creates (Snapshot.Unobserved), does not. Exact's stale create is a
// NoCreateWhileInFlight finding too. At most about 21 CPU seconds (21 708
// and 23 142 states, 7 December 2026), and it runs with -explore.deep;
// reconcile/testdata/stale_two_rollouts.txt holds the defect in every run.
func TestExploreStaleReads(t *testing.T) {
	if !*deep {
		t.Skip("a deep tier: run with -explore.deep (about 21 CPU seconds)")
	}
	tests := []struct {
		name string
		why  string
		p    dcplan.Preset
		want []string
	}{
		{name: "Modern", why: "expectations: the DC controller waits until its cache shows the RCs it created", p: dcplan.Modern},
		{name: "Exact", why: "upstream keeps no expectations for DCs: a documented finding", p: dcplan.Exact, want: []string{"NoCreateWhileInFlight", "OneRolloutInFlight", "OneDeployerPod", "Liveness"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if *deepOnly != "" && *deepOnly != tt.name {
				t.Skipf("not explored: -explore.preset %s", *deepOnly)
			}
			st := tt.p.Settings()
			o := explore.Defaults(st)
			o.Users, o.Faults, o.Stale, o.Hooks = 2, 0, 2, 0 // hook pods: TestExplore
			o.Ops = []string{"latest"}
			o.Initial = []explore.Objects{completeWorld(t)}
			res := mustExplore(t, o)
			t.Logf("%d states, %d transitions", res.States, res.Transitions)
			checkFindings(t, res, st, tt.want, tt.why)
		})
	}
}

// completeWorld is the DC at latestVersion 1 with web-1 Complete at one
// replica, as the explorer's own first rollout leaves it.
func completeWorld(t *testing.T) explore.Objects {
	t.Helper()
	cfg := config(t, 1, "registry.example/app:1")
	cfg.ResourceVersion = "3"
	rc := rcJSON(t, cfg, 1, dcplan.PhaseComplete, 1, func(d *dcplan.Deployment) { d.ResourceVersion, d.UID = "2", "uid-web-1" })
	return world(t, cfg, map[string][]byte{"web-1": rc})
}

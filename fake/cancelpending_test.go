package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestCancelDeletesPodsBeforeTheyRun holds that CancelDeletesPods judges
// a cancelled rollout whose pods have not started yet (SPEC 2.3,
// 4.3.new.1, 4.3.pending.3): the RC New or Pending, its deployer pod
// Pending, and a pass of a second deployer instance ("deployer#2", the
// Dual fault) as the first's. A deployer pass that left the pending
// pod as it was ignored the cancel. The cases before ran the RC and its
// pod Running, with the first instance.
func TestCancelDeletesPodsBeforeTheyRun(t *testing.T) {
	c3 := dc(t, 3, "app:1")
	world := func(ph dcplan.Phase) fake.ConfigState {
		c := withPods(state(c3, rcOf(t, c3, 2, Complete, 1), rcOf(t, c3, 3, ph, 0)), deployerPod("web-3", dcplan.PodPending))
		c.Deployments[1].Cancelled = true
		return c
	}
	for _, tt := range []struct {
		actor string
		ph    dcplan.Phase
	}{{"deployer", New}, {"deployer", Pending}, {"deployer#2", Pending}} {
		in := world(tt.ph)
		tr := fake.Transition{Actor: tt.actor, Kind: fake.PassDeployer, Target: "web-3", Before: in, After: in, Settings: dcplan.Modern.Settings()}
		check(t, fake.CancelDeletesPods(tr), "left pod web-3-deploy of cancelled rc/web-3 Pending", tt.actor+" over a "+tt.ph.String()+" RC")
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestCreatedRCStartsAtZeroReplicas holds that CreatedRCMatchesConfig
// reports a created RC with any replicas at all (SPEC 3.8, 0 rule 6: a
// new RC starts at 0, desired-replicas carries the DC's count and the
// deployer scales it): one created at the DC's own spec.replicas, 1 here,
// the likely slip of copying the count into spec as well as into the
// annotation, is reported as one at 2 is.
func TestCreatedRCStartsAtZeroReplicas(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	live := state(dc(t, 3, "app:1"), rcOf(t, c2, 2, Complete, 1))
	tr := fake.Transition{Actor: "dc-controller", Kind: fake.PassConfig, Before: live, After: live,
		Writes: []fake.LiveWrite{createRC(t, live, func(d *dcplan.Deployment) { d.Replicas = live.Config.Replicas })}}
	check(t, fake.CreatedRCMatchesConfig(tr), "created rc/web-3 with 1 replicas", "a new RC starts at 0 replicas")
}

package explore_test

import (
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestExploreInitialNormalized checks that a world given in
// Options.Initial is explored as the explorer's model has every world: the
// replication manager instant, each RC's status replicas equal to its
// spec, which the DC status sums (SPEC 3.9). historyWorld's web-2 is stored at one replica with a status of
// none; explored as given, the first state showed a status no later state
// can (normalize sets it on the first move, without a new
// resourceVersion, so a stale read of the RC from before that move would
// not conflict).
func TestExploreInitialNormalized(t *testing.T) {
	o := explore.Defaults(dcplan.Modern.Settings())
	o.Users, o.Faults, o.Stale, o.Hooks, o.Clock = 0, 0, 0, 0, 0
	o.Initial = []explore.Objects{historyWorld(t)}
	o.Properties = []fake.Invariant{{Name: "InstantReplicationManager", State: func(c fake.ConfigState) error {
		for _, d := range c.Deployments {
			if d.StatusReplicas != d.Replicas || d.AvailableReplicas != d.Replicas {
				return fmt.Errorf("rc %s: spec replicas %d, status %d (available %d)", d.Name, d.Replicas, d.StatusReplicas, d.AvailableReplicas)
			}
		}
		return nil
	}}}
	res := mustExplore(t, o)
	for _, v := range res.Violations {
		t.Errorf("%s after %d moves: %v", v.Property, len(v.Trace), v.Err)
	}
}

package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestStatusSumsAtRestEachCounter holds that StatusSumsAtRest compares
// each of the DC's summed counters with its RCs' (SPEC 3.9: replicas,
// availableReplicas and readyReplicas are the sums of the RCs' status
// fields): a status off by one in any one of them is reported by name.
// The cases before broke unavailableReplicas, updatedReplicas and
// observedGeneration only, so an invariant that never compared the
// three sums passed them all.
func TestStatusSumsAtRestEachCounter(t *testing.T) {
	c2 := dc(t, 2, "app:1")
	counted := state(c2, rcOf(t, c2, 1, Complete, 0), rcOf(t, c2, 2, Complete, 2))
	counted.Deployments[1].StatusReplicas, counted.Deployments[1].AvailableReplicas, counted.Deployments[1].ReadyReplicas = 2, 2, 2
	st := &counted.Config.Status
	st.Replicas, st.UpdatedReplicas, st.AvailableReplicas, st.ReadyReplicas = 2, 2, 2, 2
	st.ObservedGeneration = counted.Config.Generation
	check(t, fake.StatusSumsAtRest(counted), "", "the status is the RCs' sums")
	for _, f := range []struct {
		name string
		set  func(*dcplan.ConfigStatus)
	}{
		{"replicas", func(s *dcplan.ConfigStatus) { s.Replicas = 1 }},
		{"availableReplicas", func(s *dcplan.ConfigStatus) { s.AvailableReplicas = 1 }},
		{"readyReplicas", func(s *dcplan.ConfigStatus) { s.ReadyReplicas = 1 }},
	} {
		c := with(counted, func(c *fake.ConfigState) { f.set(&c.Config.Status) })
		check(t, fake.StatusSumsAtRest(c), "status."+f.name+" 1, want 2", "one counter off by one")
	}
}

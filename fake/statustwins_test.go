package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// TestStatusSumsAtRestTwins holds StatusSumsAtRest (SPEC 3.9) to a world
// with two Complete RCs of the latest version (a restore by hand, SPEC
// 13.1): the DC controller takes the first of its list for the latest
// and writes that one's status.replicas as updatedReplicas, so the world
// the simulator brings to rest passes whichever twin comes first, and a
// count neither twin has still fails.
func TestStatusSumsAtRestTwins(t *testing.T) {
	for _, suffix := range []string{"-restored", "a"} {
		t.Run(suffix, func(t *testing.T) {
			s := fake.NewSim(fake.Options{Seed: 1})
			if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stabilize(1000); err != nil {
				t.Fatal(err)
			}
			d, ok := s.World().Deployment("ns", "web-1")
			if !ok || d.Phase != dcplan.PhaseComplete {
				t.Fatalf("web-1 not rolled out: %v %v", ok, d.Phase)
			}
			d.Name, d.UID, d.ResourceVersion = "web-1"+suffix, "", ""
			d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = 0, 0, 0, 0
			if err := s.World().CreateDeployment(d); err != nil {
				t.Fatal(err)
			}
			s.Resync()
			if _, err := s.Stabilize(1000); err != nil {
				t.Fatal(err)
			}
			o := s.Observe()
			if !o.Stable || len(o.Configs) != 1 || len(o.Configs[0].Deployments) != 2 {
				t.Fatalf("not at rest with two RCs: %+v", o)
			}
			c := o.Configs[0]
			if err := fake.CheckState(c, true, o.Settings); err != nil {
				t.Errorf("at rest: %v\n%s", err, s.Trace())
			}
			c.Config.Status.UpdatedReplicas = 1 // neither twin's count (2 and 0)
			err := fake.StatusSumsAtRest(c)
			if err == nil || !strings.Contains(err.Error(), "status.updatedReplicas 1") {
				t.Errorf("updatedReplicas 1: got %v, want a failure", err)
			}
		})
	}
}

package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/benchcpu"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// BenchmarkRequests renders the requests of three plans on the fixture
// world, each writing RCs as read: the deployer's PUT of a completed
// rollout (SPEC 4.4), the DC controller's scale updates (3.6.3), and its
// claim patches (3.3).
func BenchmarkRequests(b *testing.B) {
	complete3 := func(s *dcplan.Snapshot) {
		rc(b, s, "frontend-3").Phase = dcplan.PhaseComplete
		s.Pods = nil
	}
	cases := []struct {
		name string
		edit func(s *dcplan.Snapshot)
		plan func(s dcplan.Snapshot) dcplan.Plan
	}{
		{"transition", func(s *dcplan.Snapshot) { s.Pods[0].Phase = dcplan.PodSucceeded },
			func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "frontend-3") }},
		{"scale", complete3, reconcile.Config},
		{"claims", func(s *dcplan.Snapshot) {
			complete3(s)
			o := rc(b, s, "frontend-1")
			o.HasController, o.Controller = false, dcplan.OwnerRef{}
			rc(b, s, "frontend-2").ConfigLabel = "other"
		}, reconcile.Config},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			s := fixtureWorld(b, dcplan.Modern)
			c.edit(&s)
			p := c.plan(s)
			if p.Actions() == 0 {
				b.Fatal("the plan writes nothing")
			}
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				if _, err := wire.Requests(s, p); err != nil {
					b.Fatal(err)
				}
			}
			stop()
		})
	}
}

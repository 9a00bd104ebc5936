package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/benchcpu"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// A writeCase is a plan that writes, on the fixture world: the snapshot
// (edited, then re-encoded as a cache holds it) and the plan of it.
type writeCase struct {
	name string
	s    dcplan.Snapshot
	p    dcplan.Plan
}

// writeCases are the plans BenchmarkRequests and
// TestRequestsAllocateTheirBytes render: the deployer's PUT of a
// completed rollout (SPEC 4.4), its create of a deployer pod for a New
// RC (4.3.new.4), the DC controller's scale updates (3.6.3),
// its claim patches (3.3) and the create of a new RC (3.2.12).
func writeCases(tb testing.TB) []writeCase {
	tb.Helper()
	complete3 := func(s *dcplan.Snapshot) {
		rc(tb, s, "frontend-3").Phase = dcplan.PhaseComplete
		s.Pods = nil
	}
	var out []writeCase
	for _, c := range []struct {
		name string
		edit func(s *dcplan.Snapshot)
		plan func(s dcplan.Snapshot) dcplan.Plan
	}{
		{"transition", func(s *dcplan.Snapshot) { s.Pods[0].Phase = dcplan.PodSucceeded },
			func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "frontend-3") }},
		{"deployer-pod", func(s *dcplan.Snapshot) {
			rc(tb, s, "frontend-3").Phase = dcplan.PhaseNew
			s.Pods = nil
		}, func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "frontend-3") }},
		{"scale", complete3, reconcile.Config},
		{"claims", func(s *dcplan.Snapshot) {
			complete3(s)
			o := rc(tb, s, "frontend-1")
			o.HasController, o.Controller = false, dcplan.OwnerRef{}
			rc(tb, s, "frontend-2").ConfigLabel = "other"
		}, reconcile.Config},
		{"create", func(s *dcplan.Snapshot) {
			complete3(s)
			s.Config.Status.LatestVersion = 4
		}, reconcile.Config},
	} {
		s := fixtureWorld(tb, dcplan.Modern)
		c.edit(&s)
		s, err := wire.Reencoded(s)
		if err != nil {
			tb.Fatal(err)
		}
		p := c.plan(s)
		if p.Actions() == 0 {
			tb.Fatalf("%s: the plan writes nothing", c.name)
		}
		out = append(out, writeCase{c.name, s, p})
	}
	return out
}

// BenchmarkRequests renders the requests of writeCases.
func BenchmarkRequests(b *testing.B) {
	for _, c := range writeCases(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			stop := benchcpu.Start(b)
			for b.Loop() {
				if _, err := wire.Requests(c.s, c.p); err != nil {
					b.Fatal(err)
				}
			}
			stop()
		})
	}
}

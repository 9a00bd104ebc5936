package fake

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestCrashFaultFiresAtItsRate: Faults.Crash is the chance per plan that
// the controller crashes, so at 1 every pass that writes crashes, however
// many events its plan records beside its writes. A plan of one write and
// one event drew its crash point among both, and a crash drawn after the
// event, which is no write, never came: half the crashes were lost.
func TestCrashFaultFiresAtItsRate(t *testing.T) {
	for seed := range uint64(16) {
		s := NewSim(Options{Seed: seed, Faults: Faults{Crash: 1}})
		if err := s.AddConfig(NewConfig("ns", "web", 1)); err != nil {
			t.Fatal(err)
		}
		snap, err := s.world.Snapshot("ns", "web", s.now, s.opts.Settings)
		if err != nil {
			t.Fatal(err)
		}
		plan := dcplan.Plan{
			UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetReplicas: true, ReplicasFrom: 1, ReplicasTo: 3}},
			Events:       []dcplan.Event{{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: "ns", Name: "web"}, Type: dcplan.EventNormal, Reason: "X", Message: "y"}},
		}
		planner := func(dcplan.Snapshot) dcplan.Plan { return plan }
		if _, err := s.run(snap, wire.Planner(planner), passInfo{actor: "dc", kind: PassConfig, ns: "ns", dc: "web"}); !isCrash(err) {
			t.Errorf("seed %d: a pass of one write and one event under Crash 1 returned %v, want the crash", seed, err)
		}
	}
}

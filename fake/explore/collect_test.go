package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/wire"
)

// TestPruneCollectsDeployerPods pins that a pass's world after is the
// fake server's, the garbage collector's work included: the DC
// controller's history cleanup deletes web-1 with propagation Background,
// and the server's collector deletes web-1-deploy, which the deployer
// gave an owner reference to web-1 (SPEC 4.6, 7 rows 26 and 29). The
// explorer once built the world after from the pass's write log alone,
// which does not hold the collector's deletes, and went on from a world
// keeping the orphaned pod, one the server never holds.
func TestPruneCollectsDeployerPods(t *testing.T) {
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		o := explore.Defaults(p.Settings())
		o.Replicas, o.Limits = []int{1}, []int{0}
		trace := []explore.Move{{Actor: explore.ActorConfig}, {Actor: explore.ActorDeployer, Target: "web-1"},
			{Actor: explore.ActorKubelet, Target: "web-1-deploy", To: "Failed"}, {Actor: explore.ActorDeployer, Target: "web-1"},
			{Actor: explore.ActorUser, Target: "latest"}, {Actor: explore.ActorConfig}}
		steps, err := explore.Replay(explore.Initial(o)[0], trace, p.Settings())
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		after := steps[len(steps)-1].After
		if _, ok := after[wire.ResourceRCs+"/web-1"]; ok {
			t.Fatalf("%v: the last pass kept web-1 (%v); want it pruned", p, after.Keys())
		}
		if _, ok := after[wire.ResourcePods+"/web-1-deploy"]; ok {
			t.Errorf("%v: web-1 pruned, its deployer pod kept: %v; want it collected, as the server does", p, after.Keys())
		}
	}
}

package explore

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/wire"
)

// TestQueuedKeepsAWaitingRC: SPEC 4.7. An RC without the config-name
// annotation is queued only by its pods' changes; a deployer pass that
// takes it from the queue and only waits (for its cache, SPEC 4.2.expect
// and 4.2.expect.retry, or for a deadline) comes back as the simulator
// brings it back (an AddAfter, fake's recheckWanted), so it stays
// queued. Dropped, a pass that waited for a pod delete its cache had not
// shown would leave the RC unqueued for ever: the delete that queued it
// has been taken.
func TestQueuedKeepsAWaitingRC(t *testing.T) {
	cfg := fake.NewConfig(Namespace, "web", 1)
	cfg.UID, cfg.Status.LatestVersion = "uid-web", 1
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.UID, d.ConfigName, d.EmptyConfigName = "uid-web-1", "", false
	b, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	world := Objects{key(wire.ResourceRCs, "web-1"): b}
	m := Move{Actor: ActorDeployer, Target: "web-1"}
	for _, tt := range []struct {
		name string
		plan dcplan.Plan
		keep bool
	}{
		{"waits for its cache", dcplan.Plan{Wait: dcplan.WaitStaleCache}, true},
		{"rechecks at a deadline", dcplan.Plan{RecheckAfter: time.Minute}, true},
		{"done", dcplan.Plan{}, false},
	} {
		step := Step{Move: m, Before: world, After: world, Pass: wire.Pass{Plan: tt.plan}}
		got := queuedRCs([]string{"web-1"}, m, step, world)
		if kept := len(got) == 1; kept != tt.keep {
			t.Errorf("%s: queued after the pass %v, want web-1 kept %v", tt.name, got, tt.keep)
		}
	}
}

package explore

import (
	"testing"

	"github.com/dcplan/dcplan/wire"
)

// TestCrashRestartsTheQueue: a controller's crash restarts the process
// both controllers run in, so the deployer's requeue counts (of every RC,
// not only the one whose pass crashed) and its queue of RCs without the
// config-name annotation (which no relist queues again, SPEC 4.7) are
// gone after it; an oc command that crashes restarts nothing, and a pass
// without a fault keeps the others' counts.
func TestCrashRestartsTheQueue(t *testing.T) {
	before := state{rq: map[string]int{"web-1": 13, "web-2": 1}, queued: []string{"orphan-1"}}
	// The world after holds the queued RC, so that only a restart drops
	// it from the queue.
	world := Objects{key(wire.ResourceRCs, "orphan-1"): []byte(`{"apiVersion":"v1","kind":"ReplicationController",` +
		`"metadata":{"name":"orphan-1","namespace":"ns","uid":"u1","resourceVersion":"1"},"spec":{"replicas":0}}`)}
	for _, c := range []struct {
		m         Move
		restarted bool
	}{
		{Move{Actor: ActorDeployer, Target: "web-1", Fault: FaultCrash, At: 1}, true},
		{Move{Actor: ActorConfig, Target: "web", Fault: FaultCrash, At: 1}, true},
		{Move{Actor: ActorUser, Target: "cancel", Fault: FaultCrash, At: 1}, false},
		{Move{Actor: ActorConfig, Target: "web"}, false},
	} {
		after := before.next(c.m, Step{Move: c.m, After: world}, false)
		if c.restarted {
			if after.rq != nil || after.queued != nil {
				t.Errorf("%s: requeue counts %v, queued %v after the restart, want none", c.m, after.rq, after.queued)
			}
			continue
		}
		if after.rq["web-2"] != 1 || len(after.queued) != 1 {
			t.Errorf("%s: web-2's requeue count %d, queued %v; want 1 and orphan-1 kept", c.m, after.rq["web-2"], after.queued)
		}
	}
}

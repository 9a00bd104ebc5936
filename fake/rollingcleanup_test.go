package fake_test

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// TestRollingDeployerRemovesDesiredReplicas: a Rolling deployer with an
// RC to roll from runs the rolling updater, whose cleanup (Preserve
// policy) removes kubectl.kubernetes.io/desired-replicas (and
// update-source-id) from the new RC once its scaling is done, before the
// process exits (upstream rolling.go, rolling_updater.go
// cleanupWithClients). So the deployer controller sees the pod succeed on
// an RC without the annotation (SPEC 2.2: replicas := "" when absent,
// CommitAbsentDesired). The pod model kept the annotation to the end:
// web-2-deploy succeeded with web-2 still annotated, a world upstream's
// Rolling deployer never leaves, and the planners' absent-desired paths
// were never reached by a rollout.
func TestRollingDeployerRemovesDesiredReplicas(t *testing.T) {
	s := rolledOut(t, strategyModel(), 3, dcplan.Strategy{})
	c, _ := s.World().Config("ns", "web")
	if c.Strategy.Type != dcplan.StrategyRolling {
		t.Fatalf("strategy %v, want Rolling", c.Strategy.Type)
	}
	for i := range 300 {
		s.Advance(time.Second) // the pod model alone
		if p, ok := s.World().Pod("ns", "web-2-deploy"); ok && p.Phase == dcplan.PodSucceeded {
			_, cur := rcs(s)
			if cur.HasDesiredReplicas {
				t.Fatalf("step %d: web-2-deploy Succeeded while web-2 keeps desired-replicas %d\n%s", i, cur.DesiredReplicas, tail(s.Trace(), 20))
			}
			return
		}
		s.Step()
	}
	t.Fatal("web-2-deploy never succeeded")
}

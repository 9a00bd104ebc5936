package explore_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/wire"
)

// replayWorld is the initial world of one replica and
// revisionHistoryLimit 1.
func replayWorld() explore.Objects {
	o := explore.Defaults(dcplan.Modern.Settings())
	o.Replicas, o.Limits = []int{1}, []int{1}
	return explore.Initial(o)[0]
}

// TestReplayEmptyPass pins the step of a controller pass that plans
// nothing (the DC controller's second pass, after it created web-1): no
// write, and its Pass the snapshot it planned from with the empty plan,
// as RunPass returns it, which the search's determinism check plans
// again.
func TestReplayEmptyPass(t *testing.T) {
	st := dcplan.Modern.Settings()
	steps, err := explore.Replay(replayWorld(), []explore.Move{{Actor: explore.ActorConfig}, {Actor: explore.ActorConfig}}, st)
	if err != nil {
		t.Fatal(err)
	}
	s := steps[1]
	if len(s.Writes) != 0 || !s.Pass.Plan.IsEmpty() {
		t.Fatalf("the second pass wrote %d requests, plan %q; want none", len(s.Writes), dcplan.Describe(s.Pass.Plan))
	}
	snap := s.Pass.Snapshot
	if snap.Config.Name != explore.Name || snap.Config.Status.LatestVersion != 1 || len(snap.Deployments) != 1 || snap.Deployments[0].Name != "web-1" {
		t.Errorf("the empty pass's snapshot holds dc %q at latestVersion %d and %d RCs; want web at 1 with web-1", snap.Config.Name, snap.Config.Status.LatestVersion, len(snap.Deployments))
	}
}

// TestReplayReportsUndecodableWorld pins that a pass over a world holding
// an object that does not decode is an error naming the object, not a
// move refused (the search reports it as Decodes).
func TestReplayReportsUndecodableWorld(t *testing.T) {
	o := replayWorld()
	o[wire.ResourceRCs+"/web-1"] = []byte(`[]`)
	_, err := explore.Replay(o, []explore.Move{{Actor: explore.ActorConfig}}, dcplan.Modern.Settings())
	const want = "move 1 (dc-controller pass): replicationcontrollers/web-1: "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Replay() = %v, want an error starting %q", err, want)
	}
}

// TestReplayCreatesHookPodsOnly pins that the deployer process creates a
// hook pod named <rc>-hook-pre alone, while <rc>'s deployer pod runs: a
// "created" move of another name is refused.
func TestReplayCreatesHookPodsOnly(t *testing.T) {
	st := dcplan.Modern.Settings()
	running := []explore.Move{{Actor: explore.ActorConfig}, {Actor: explore.ActorDeployer, Target: "web-1"},
		{Actor: explore.ActorKubelet, Target: "web-1-deploy", To: "Running"}}
	steps, err := explore.Replay(replayWorld(), append(running, explore.Move{Actor: explore.ActorKubelet, Target: "web-1-hook-pre", To: "created"}), st)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := steps[3].After[wire.ResourcePods+"/web-1-hook-pre"]; !ok {
		t.Errorf("the hook pod was not created: %v", steps[3].After.Keys())
	}
	for _, name := range []string{"web-1", "web-1-deploy", "web-2-hook-pre"} {
		if _, err := explore.Replay(steps[2].After, []explore.Move{{Actor: explore.ActorKubelet, Target: name, To: "created"}}, st); err == nil {
			t.Errorf("hook pod %s was created; want the move refused", name)
		}
	}
}

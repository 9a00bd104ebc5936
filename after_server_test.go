package dcplan_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/reconcile"
)

// SPEC 3.8, 4.3.new.3: the API server stamps a created RC's
// creationTimestamp, so the RC After holds for a CreateRC is created at
// the snapshot's now. Without it, Exact's deployer (which times out an RC
// with no creation time, SPEC 10.4) fails the RC the DC controller has
// just created instead of creating its deployer pod.
func TestAfterCreateRCStampsCreationTime(t *testing.T) {
	cfg := dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Generation: 1, Replicas: 1,
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true},
		Template: dcplan.Template{Containers: []dcplan.Container{{Name: "c0", Image: "img:1"}}, Hash: "h1"},
		Status:   dcplan.ConfigStatus{LatestVersion: 1}}
	s := dcplan.Snapshot{Now: afterNow, Config: cfg, Settings: dcplan.Exact.Settings()}
	p := reconcile.Config(s)
	if len(p.CreateRCs) != 1 {
		t.Fatalf("plan creates %d RCs, want 1:\n%s", len(p.CreateRCs), dcplan.Describe(p))
	}
	after := s.After(p)
	d, ok := after.Deployment("web-1")
	if !ok {
		t.Fatal("After holds no web-1")
	}
	if !d.CreationTime.Equal(afterNow) {
		t.Errorf("created RC's CreationTime = %v, want the snapshot's now %v (the server's stamp)", d.CreationTime, afterNow)
	}
	step := phase.Step(after, "web-1")
	if len(step.CreatePods) != 1 || len(step.Transitions) != 1 || step.Transitions[0].To != dcplan.PhasePending {
		t.Errorf("deployer step on the RC just created:\n%s\nwant its deployer pod created and the RC Pending", dcplan.Describe(step))
	}
}

// SPEC 6.4, 6m.4a: the DC update strategy keeps a client-set
// status.latestVersion only when it is one above the stored one, and
// bumps metadata.generation for it as for a spec change
// (openshift-apiserver deployconfig strategy PrepareForUpdate), so the
// fallback bump of oc rollout latest leaves the DC one generation up.
func TestAfterLatestVersionBumpsGeneration(t *testing.T) {
	s := afterBase()
	s.Config.Strategy = dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true}
	s.Deployments[2].Phase, s.Deployments[2].Cancelled, s.Deployments[2].Reason = dcplan.PhaseComplete, false, ""
	s.Pods = nil
	s.InstantiateUnavailable = true
	p, _, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.UpdateConfig) != 1 || !p.UpdateConfig[0].SetLatestVersion {
		t.Fatalf("rollout latest without instantiate plans:\n%s\nwant one update-dc bumping latestVersion", dcplan.Describe(p))
	}
	got := s.After(p).Config
	if got.Status.LatestVersion != 4 || got.Generation != s.Config.Generation+1 {
		t.Errorf("After the bump: latestVersion %d, generation %d; want 4 and %d", got.Status.LatestVersion, got.Generation, s.Config.Generation+1)
	}
	// A latestVersion other than one above the stored one is dropped by
	// the server, and the generation stays.
	jump := dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetLatestVersion: true, LatestVersionFrom: 3, LatestVersionTo: 7}}}
	got = s.After(jump).Config
	if got.Status.LatestVersion != 3 || got.Generation != s.Config.Generation {
		t.Errorf("After a jump to 7: latestVersion %d, generation %d; want 3 and %d", got.Status.LatestVersion, got.Generation, s.Config.Generation)
	}
}

// SPEC 4.3.new.4, 2.2: the API server's pod strategy makes every pod it
// creates Pending (status.phase), whatever the body says, so the deployer
// pod After holds for a CreatePod is Pending, as a snapshot read back
// from the server shows it.
func TestAfterCreatePodIsPending(t *testing.T) {
	s := dcplan.Snapshot{Now: afterNow, Deployments: []dcplan.Deployment{{Namespace: "ns", Name: "web-1", UID: "u1", Version: 1,
		Phase: dcplan.PhaseNew, ConfigName: "web", CreationTime: afterNow,
		Encoded: &dcplan.Config{Namespace: "ns", Name: "web", Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true}}}}}
	p := phase.Step(s, "web-1")
	if len(p.CreatePods) != 1 {
		t.Fatalf("deployer step plans:\n%s\nwant one create-pod", dcplan.Describe(p))
	}
	pod, ok := s.After(p).Pod("web-1-deploy")
	if !ok || pod.Phase != dcplan.PodPending {
		t.Errorf("After holds pod %+v (found %v), want it Pending", pod, ok)
	}
}

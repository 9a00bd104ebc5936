package dcplan_test

import (
	"slices"
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

// SPEC 3.7, 7 row 29: history cleanup deletes an RC with Background
// propagation, and the garbage collector then deletes what the RC owns:
// its deployer and hook pods (and what they own). After holds none of
// them; pods of other RCs, and pods owned by nothing, stay.
func TestAfterDeleteRCTakesItsPods(t *testing.T) {
	owned := func(name, uid, owner string) dcplan.Pod {
		p := dcplan.Pod{Namespace: "ns", Name: name, UID: uid}
		if owner != "" {
			p.Owners = []dcplan.OwnerRef{{APIVersion: "v1", Kind: "ReplicationController", Name: "x", UID: owner}}
		}
		return p
	}
	s := dcplan.Snapshot{Now: afterNow, Config: dcplan.Config{Namespace: "ns", Name: "web"},
		Deployments: []dcplan.Deployment{{Namespace: "ns", Name: "web-1", UID: "rc-1"}, {Namespace: "ns", Name: "web-2", UID: "rc-2"}},
		Pods: []dcplan.Pod{
			owned("web-1-deploy", "pod-1", "rc-1"),
			owned("web-1-hook-pre", "hook-1", "rc-1"),
			owned("web-1-hook-child", "child-1", "hook-1"),
			owned("web-2-deploy", "pod-2", "rc-2"),
			owned("loose", "pod-3", ""),
		}}
	after := s.After(dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1"}}})
	var names []string
	for _, p := range after.Pods {
		names = append(names, p.Name)
	}
	if want := []string{"web-2-deploy", "loose"}; !slices.Equal(names, want) {
		t.Errorf("pods after web-1's delete: %q, want %q", names, want)
	}
	if len(s.Pods) != 5 {
		t.Errorf("After changed its input's pods: %d left", len(s.Pods))
	}
}

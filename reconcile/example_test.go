package reconcile_test

import (
	"fmt"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// exampleConfig is the DC "shop/frontend" at latestVersion v.
func exampleConfig(v dcplan.Version) dcplan.Config {
	return dcplan.Config{
		Namespace: "shop", Name: "frontend", UID: "6f1c", Generation: 4, Replicas: 2,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true},
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Template: fake.TemplateOf("registry.example/frontend:1"),
		Status:   dcplan.ConfigStatus{LatestVersion: v, ObservedGeneration: 4},
	}
}

// exampleRC is rollout v of cfg in phase ph with the given replicas.
func exampleRC(cfg dcplan.Config, v dcplan.Version, ph dcplan.Phase, replicas dcplan.Replicas) dcplan.Deployment {
	cfg.Status.LatestVersion = v
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		panic(err)
	}
	d.Phase, d.Replicas = ph, replicas
	return d
}

// A new version with an older rollout still running: the older one is
// cancelled and the controller waits before creating the new RC.
func ExampleConfig() {
	cfg := exampleConfig(3)
	s := dcplan.Snapshot{
		Now:    time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC),
		Config: cfg,
		Deployments: []dcplan.Deployment{
			exampleRC(cfg, 1, dcplan.PhaseComplete, 2),
			exampleRC(cfg, 2, dcplan.PhaseRunning, 1),
		},
	}
	fmt.Print(dcplan.Describe(reconcile.Config(s)))
	// Output:
	// cancel rc/frontend-2 v=2 phase=Running reason="newer deployment was found running" rule=3.4.3
	// event dc/frontend type=Normal reason=DeploymentCancelled message="Cancelled deployment \"frontend-2\" superceded by version 3" rule=3.4.3
	// event dc/frontend type=Normal reason=DeploymentAwaitingCancellation message="Deployment of version 3 awaiting cancellation of older running deployments" rule=3.4.4
	// wait cancellation "found previous inflight deployment for shop/frontend - requeuing"
}

// The latest rollout completed: the new RC takes the DC's replicas and the
// old one goes to zero.
func ExampleConfig_reconcile() {
	cfg := exampleConfig(2)
	s := dcplan.Snapshot{
		Now:    time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC),
		Config: cfg,
		Deployments: []dcplan.Deployment{
			exampleRC(cfg, 1, dcplan.PhaseComplete, 2),
			exampleRC(cfg, 2, dcplan.PhaseComplete, 0),
		},
	}
	p := reconcile.Config(s)
	for _, sc := range p.Scales {
		fmt.Println(sc.RC, sc.From, "->", sc.To, "rule", sc.Rule)
	}
	// Output:
	// frontend-2 0 -> 2 rule 3.6.3
	// frontend-1 2 -> 0 rule 3.6.3
}

// The Origin13 preset (the ReplicaSync switch) syncs a hand-scaled RC back
// into the DC.
func ExampleConfig_origin() {
	cfg := exampleConfig(1)
	rc := exampleRC(cfg, 1, dcplan.PhaseComplete, 5)
	rc.SyncedReplicas, rc.HasSyncedReplicas = 2, true
	s := dcplan.Snapshot{Config: cfg, Deployments: []dcplan.Deployment{rc}, Settings: dcplan.Settings{Switches: dcplan.Origin13.Switches()}}
	p := reconcile.Config(s)
	for _, u := range p.UpdateConfig {
		fmt.Println("dc replicas", u.ReplicasFrom, "->", u.ReplicasTo)
	}
	for _, sc := range p.Scales {
		fmt.Println(sc.RC, sc.From, "->", sc.To, "syncAnnotation", sc.SyncAnnotation)
	}
	// Output:
	// dc replicas 2 -> 5
	// frontend-1 5 -> 5 syncAnnotation true
}

func ExamplePause() {
	cfg := exampleConfig(1)
	p, err := reconcile.Pause(dcplan.Snapshot{Config: cfg})
	fmt.Print(dcplan.Describe(p), err, "\n")
	cfg.Paused = true
	_, err = reconcile.Pause(dcplan.Snapshot{Config: cfg})
	fmt.Println(err)
	// Output:
	// update-dc dc/frontend paused=false->true write=patch rule=0.4
	// <nil>
	// deploymentconfigs.apps.openshift.io "frontend" is already paused
}

func ExampleRolloutLatest() {
	cfg := exampleConfig(1)
	s := dcplan.Snapshot{Config: cfg, Deployments: []dcplan.Deployment{exampleRC(cfg, 1, dcplan.PhaseComplete, 2)}}
	p, report, err := reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	fmt.Print(dcplan.Describe(p))
	fmt.Println(report.Text, report.Revision, err)

	s.Deployments[0].Phase = dcplan.PhaseRunning
	_, _, err = reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	fmt.Println(err)
	// Output:
	// instantiate dc/frontend latest=true force=true rule=6.4
	// deploymentconfig.apps.openshift.io/frontend rolled out 2 <nil>
	// #1 is already in progress (Running).
}

func ExampleInstantiate() {
	cfg := exampleConfig(0)
	p, err := reconcile.Instantiate(dcplan.Snapshot{Config: cfg}, true, false)
	fmt.Print(dcplan.Describe(p), err, "\n")
	// Output:
	// status dc/frontend latestVersion=0->1 details="config change [ConfigChange]" rule=6.4
	// <nil>
}

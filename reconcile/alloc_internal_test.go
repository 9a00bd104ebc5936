package reconcile

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/wire"
)

// steadySnapshot is a converged DC at version n with n Complete RCs, the
// newest one active with 3 replicas. It is built without package fake,
// which imports this package.
func steadySnapshot(t *testing.T, n int, profile dcplan.Preset) dcplan.Snapshot {
	t.Helper()
	cfg := dcplan.Config{
		Namespace: "ns", Name: "web", UID: "dc-uid", Generation: 2, Replicas: 3,
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true},
		Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
		Template: dcplan.Template{
			Containers: []dcplan.Container{{Name: "c0", Image: "registry.example/app:1"}},
			Raw:        []byte(`{"spec":{"containers":[{"image":"registry.example/app:1","name":"c0"}]}}`),
			Hash:       "h1",
		},
		Status: dcplan.ConfigStatus{LatestVersion: dcplan.Version(n)},
	}
	base, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	base.Phase = dcplan.PhaseComplete
	base.SyncedReplicas, base.HasSyncedReplicas = 0, true
	rcs := make([]dcplan.Deployment, n)
	for i := range rcs {
		d := base
		d.Version = dcplan.Version(i + 1)
		d.Name = dcplan.DeploymentName(cfg.Name, d.Version)
		rcs[i] = d
	}
	last := &rcs[n-1]
	last.Replicas, last.StatusReplicas, last.AvailableReplicas, last.ReadyReplicas, last.SyncedReplicas = 3, 3, 3, 3, 3
	s := dcplan.Snapshot{
		Now: time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC), Config: cfg, Deployments: rcs,
		Settings: dcplan.Settings{Switches: profile.Switches()},
	}
	s.Config.Status = conditions.Status(s, true)
	return s
}

// The decision list itself allocates nothing in steady state, at any size
// and in every profile.
func TestPlannerSteadyStateAllocatesNothing(t *testing.T) {
	for _, profile := range []dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin} {
		for _, n := range []int{1, 100, 10000} {
			s := steadySnapshot(t, n, profile)
			var p dcplan.Plan
			if plan(&s, &p); !p.IsEmpty() {
				t.Fatalf("%v, %d RCs: steady snapshot plans %s", profile, n, dcplan.Describe(p))
			}
			if got := testing.AllocsPerRun(5, func() { var p dcplan.Plan; plan(&s, &p) }); got != 0 {
				t.Errorf("%v, %d RCs: the planner allocates %v times in steady state, want 0", profile, n, got)
			}
		}
	}
}

package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

func rc(name string, v dcplan.Version, ph dcplan.Phase, replicas dcplan.Replicas) dcplan.Deployment {
	return dcplan.Deployment{Namespace: "ns", Name: name, UID: "uid-" + name, Version: v, Phase: ph, Replicas: replicas, ConfigName: "web", ConfigLabel: "web"}
}

func obs(stable bool, latest dcplan.Version, rcs ...dcplan.Deployment) fake.Observation {
	c := fake.NewConfig("ns", "web", 2)
	c.Status.LatestVersion = latest
	return fake.Observation{Stable: stable, Configs: []fake.ConfigState{{Config: c, Deployments: rcs}}}
}

func configPass(seen fake.Observation, p dcplan.Plan) fake.Pass {
	st := seen.Configs[0]
	return fake.Pass{Actor: "dc-controller", Kind: fake.PassConfig, Namespace: "ns", Config: "web",
		Seen: dcplan.Snapshot{Config: st.Config, Deployments: st.Deployments}, Plan: p, Applied: p.Actions()}
}

func TestInvariantsCatchViolations(t *testing.T) {
	const (
		New, Pending, Running = dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning
		Complete, Failed      = dcplan.PhaseComplete, dcplan.PhaseFailed
	)
	running := obs(false, 2, rc("web-1", 1, Complete, 2), rc("web-2", 2, Running, 1))
	withPass := func(o fake.Observation, p fake.Pass) fake.Observation { o.Passes = []fake.Pass{p}; return o }
	paused := running
	paused.Configs = []fake.ConfigState{running.Configs[0]}
	paused.Configs[0].Config.Paused = true
	tests := []struct {
		name       string
		why        string
		prev, next fake.Observation
		want       string // prefix of the error, "" for none
	}{
		{"two in flight", "stable world with two running rollouts", obs(true, 2), obs(true, 2, rc("web-1", 1, Running, 0), rc("web-2", 2, New, 0)),
			"OneRolloutInFlight (SPEC 3.2.8): dc ns/web: 2 rollouts in flight"},
		{"two in flight unstable", "allowed while not at rest", obs(false, 2), obs(false, 2, rc("web-1", 1, Running, 0), rc("web-2", 2, New, 0)), ""},
		{"backwards phase", "Complete -> Running is not in phase.Table", obs(false, 1, rc("web-1", 1, Complete, 2)), obs(false, 1, rc("web-1", 1, Running, 2)),
			"PhaseMoves (SPEC 2.1): rc ns/web-1 moved Complete->Running"},
		{"failed to new", "only a retry may do that", obs(false, 1, rc("web-1", 1, Failed, 0)), obs(false, 1, rc("web-1", 1, New, 0)),
			"PhaseMoves (SPEC 2.1): rc ns/web-1 moved Failed->New"},
		{"retry", "Failed -> New through user:retry", obs(false, 1, rc("web-1", 1, Failed, 0)),
			withPass(obs(false, 1, rc("web-1", 1, New, 0)), fake.Pass{Actor: "user:retry", Kind: fake.PassUser, Namespace: "ns", Config: "web",
				Plan: dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-1", From: Failed, To: New}}}, Applied: 1}), ""},
		{"version down", "latestVersion decreased", obs(false, 3), obs(false, 2), "LatestVersionMonotonic (SPEC 3.2.7): dc ns/web: latestVersion 3 -> 2"},
		{"rc above latest", "stable with an RC newer than the status", obs(true, 1), obs(true, 1, rc("web-2", 2, Complete, 2)),
			"LatestVersionMonotonic (SPEC 3.2.7): dc ns/web: rc web-2 has version 2 above latestVersion 1"},
		{"scale in flight", "the controller scaled while web-2 runs", running,
			withPass(running, configPass(running, dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", From: 2, To: 0}}})),
			"NoScaleDuringRollout (SPEC 3.6): dc ns/web: scaled web-1 while the latest rollout (version 2) was in flight"},
		{"create in flight", "created web-3 while web-2 runs", running,
			withPass(running, configPass(running, dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: rc("web-3", 3, New, 0)}}})),
			"NoCreateWhileInFlight (SPEC 3.4): dc ns/web: created web-3 while web-2 was Running"},
		{"wrong replicas", "stable, old RC still scaled up", obs(true, 2), obs(true, 2, rc("web-1", 1, Complete, 2), rc("web-2", 2, Complete, 2)),
			"ReplicasWhenStable (SPEC 3.6.2): dc ns/web: rc web-1 (Complete) has 2 replicas, want 0"},
		{"delete active", "cleanup deleted the active RC", running,
			withPass(running, configPass(running, dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-1", Replicas: 2}}})),
			"HistoryKeepsLive (SPEC 3.7): dc ns/web: deleted the active rc web-1"},
		{"pods after cancel", "stable, cancelled rollout keeps its deployer pod", obs(true, 1), func() fake.Observation {
			o := obs(true, 1, rc("web-1", 1, Failed, 0))
			o.Configs[0].Deployments[0].Cancelled = true
			o.Configs[0].Pods = []dcplan.Pod{{Name: "web-1-deploy", DeploymentName: "web-1", DeployerFor: "web-1"}}
			return o
		}(), "NoPodsAfterCancel (SPEC 2.3): dc ns/web: pod web-1-deploy of cancelled rc web-1 survives"},
		{"paused create", "a paused DC got a new rollout", paused,
			withPass(paused, configPass(paused, dcplan.Plan{Status: &dcplan.StatusUpdate{From: dcplan.ConfigStatus{LatestVersion: 2}, To: dcplan.ConfigStatus{LatestVersion: 3}}})),
			"PausedNoRollout (SPEC 3.2.5): dc ns/web: paused, yet latestVersion 2 -> 3"},
		{"healthy", "a normal rollout step", obs(false, 2, rc("web-1", 1, Complete, 2), rc("web-2", 2, Pending, 0)), running, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := fake.CheckInvariants(tt.prev, tt.next)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("CheckInvariants() = %v, want nil (%s)", err, tt.why)
			case tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
				t.Errorf("CheckInvariants() = %v, want prefix %q (%s)", err, tt.want, tt.why)
			}
		})
	}
}

func TestInvariantsAreListed(t *testing.T) {
	if len(fake.Invariants) < 9 {
		t.Errorf("len(Invariants) = %d, want at least 9", len(fake.Invariants))
	}
	for _, inv := range fake.Invariants {
		if inv.Name == "" || inv.Rule == "" || inv.Check == nil {
			t.Errorf("incomplete invariant %+v", inv)
		}
		if err := inv.Check(fake.Observation{}, fake.Observation{Stable: true}); err != nil {
			t.Errorf("%s on an empty world = %v, want nil", inv.Name, err)
		}
	}
}

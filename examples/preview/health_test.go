package main

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestHealthOf walks healthOf's rules on small snapshots.
func TestHealthOf(t *testing.T) {
	cfg := func(latest dcplan.Version, paused bool) dcplan.Config {
		return dcplan.Config{Namespace: "ns", Name: "web", UID: "uid", Replicas: 1, Generation: 1, Paused: paused,
			Status: dcplan.ConfigStatus{LatestVersion: latest, ObservedGeneration: 1, Replicas: 1, UpdatedReplicas: 1, AvailableReplicas: 1,
				Conditions: []dcplan.Condition{{Type: dcplan.ConditionProgressing, Status: dcplan.StatusTrue, Reason: dcplan.ReasonNewReplicationControllerAvailable}}}}
	}
	rc := func(v dcplan.Version, ph dcplan.Phase) dcplan.Deployment {
		return dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v), Version: v, Phase: ph, ConfigLabel: "web"}
	}
	banana := rc(2, dcplan.PhaseUnknown)
	banana.PhaseSpelling = "Banana"
	tests := []struct {
		name  string
		why   string
		s     dcplan.Snapshot
		state string
	}{
		{"none", "rule 1: latestVersion 0", dcplan.Snapshot{Config: cfg(0, false)}, healthNone},
		{"missing", "rule 2: no RC as new as latestVersion", dcplan.Snapshot{Config: cfg(2, false), Deployments: []dcplan.Deployment{rc(1, dcplan.PhaseComplete)}}, healthMissing},
		{"failed", "rule 3", dcplan.Snapshot{Config: cfg(2, false), Deployments: []dcplan.Deployment{rc(1, dcplan.PhaseComplete), rc(2, dcplan.PhaseFailed)}}, healthFailed},
		{"progressing", "rule 3", dcplan.Snapshot{Config: cfg(2, false), Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseRunning)}}, healthProgressing},
		{"ahead of the status", "rule 2: the newest RC, when the status lags", dcplan.Snapshot{Config: cfg(1, false), Deployments: []dcplan.Deployment{rc(1, dcplan.PhaseComplete), rc(2, dcplan.PhaseNew)}}, healthProgressing},
		{"unknown phase", "rule 3: Banana", dcplan.Snapshot{Config: cfg(2, false), Deployments: []dcplan.Deployment{banana}}, healthUnknown},
		{"complete", "rule 4: the viewer is done", dcplan.Snapshot{Config: cfg(2, false), Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseComplete)}}, healthHealthy},
		{"complete, paused", "rule 4: the viewer's paused exit is normal", dcplan.Snapshot{Config: cfg(2, true), Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseComplete)}}, healthHealthy},
		{"complete, edit unobserved", "rule 4: the viewer waits for the controller", func() dcplan.Snapshot {
			c := cfg(2, false)
			c.Generation = 2
			return dcplan.Snapshot{Config: c, Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseComplete)}}
		}(), healthProgressing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := healthOf(tt.s); got.State != tt.state {
				t.Errorf("healthOf() = %+v, want state %q (%s)", got, tt.state, tt.why)
			}
		})
	}
}

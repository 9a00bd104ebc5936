package main

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// healthConfig is DC ns/web at latestVersion latest, its rollout done
// (one replica, available, observed).
func healthConfig(latest dcplan.Version, paused bool) dcplan.Config {
	return dcplan.Config{Namespace: "ns", Name: "web", UID: "uid", Replicas: 1, Generation: 1, Paused: paused,
		Status: dcplan.ConfigStatus{LatestVersion: latest, ObservedGeneration: 1, Replicas: 1, UpdatedReplicas: 1, AvailableReplicas: 1,
			Conditions: []dcplan.Condition{{Type: dcplan.ConditionProgressing, Status: dcplan.StatusTrue, Reason: dcplan.ReasonNewReplicationControllerAvailable}}}}
}

// healthRC is RC web-<v> of DC web in phase ph.
func healthRC(v dcplan.Version, ph dcplan.Phase) dcplan.Deployment {
	return dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v), Version: v, Phase: ph, ConfigLabel: "web"}
}

// TestHealthOf walks healthOf's rules on small snapshots.
func TestHealthOf(t *testing.T) {
	cfg, rc := healthConfig, healthRC
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
		{"complete, paused, no condition", "rule 4: a paused DC the viewer ends on its paused message is healthy", func() dcplan.Snapshot {
			c := cfg(2, true)
			c.Status.Conditions = nil
			return dcplan.Snapshot{Config: c, Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseComplete)}}
		}(), healthHealthy},
		{"complete, paused, no condition, Exact", "rule 4: Exact's viewer never reaches its paused exit and waits (SPEC 13.2); the DC is as healthy as in Modern", func() dcplan.Snapshot {
			c := cfg(2, true)
			c.Status.Conditions = nil
			return dcplan.Snapshot{Config: c, Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseComplete)}, Settings: dcplan.Exact.Settings()}
		}(), healthHealthy},
		{"complete, paused, edit unobserved", "rule 4: a paused DC whose latest rollout completed is healthy, whatever the viewer waits for", func() dcplan.Snapshot {
			c := cfg(2, true)
			c.Generation = 2
			return dcplan.Snapshot{Config: c, Deployments: []dcplan.Deployment{rc(2, dcplan.PhaseComplete)}}
		}(), healthHealthy},
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

// TestHealthMessages pins the words of the failed, progressing and
// unknown verdicts: a reason only when the RC has one, a cancel under
// way, and a phase quoted as written, not called missing.
func TestHealthMessages(t *testing.T) {
	cancelled := healthRC(2, dcplan.PhaseRunning)
	cancelled.Cancelled = true
	failed := healthRC(2, dcplan.PhaseFailed)
	failed.Reason = "deployer pod no longer exists"
	banana := healthRC(2, dcplan.PhaseUnknown)
	banana.PhaseSpelling = "Banana"
	for name, tt := range map[string]struct {
		d    dcplan.Deployment
		want health
	}{
		"failed without a reason": {healthRC(2, dcplan.PhaseFailed), health{healthFailed, "rollout #2 (web-2) failed"}},
		"failed with a reason":    {failed, health{healthFailed, "rollout #2 (web-2) failed: deployer pod no longer exists"}},
		"being cancelled":         {cancelled, health{healthProgressing, "rollout #2 (web-2) is running, being cancelled"}},
		"unknown phase":           {banana, health{healthUnknown, `rollout #2 (web-2) has phase "Banana", none the controllers know`}},
		"no phase":                {healthRC(2, dcplan.PhaseUnknown), health{healthUnknown, "rollout #2 (web-2) has no phase annotation"}},
	} {
		s := dcplan.Snapshot{Config: healthConfig(2, false), Deployments: []dcplan.Deployment{tt.d}}
		if got := healthOf(s); got != tt.want {
			t.Errorf("%s: healthOf() = %+v, want %+v", name, got, tt.want)
		}
	}
}

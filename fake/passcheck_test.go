package fake_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

func TestPassObservations(t *testing.T) {
	cfg := dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Status: dcplan.ConfigStatus{LatestVersion: 2},
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true}}
	owned := dcplan.OwnerRef{Kind: "DeploymentConfig", Name: "web", UID: "dc-uid", Controller: true}
	rc := func(v dcplan.Version, ph dcplan.Phase) dcplan.Deployment {
		return dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v), UID: "u" + dcplan.DeploymentName("web", v),
			Version: v, Phase: ph, ConfigLabel: "web", ConfigName: "web", HasController: true, Controller: owned}
	}
	s := dcplan.Snapshot{Config: cfg, Deployments: []dcplan.Deployment{rc(1, dcplan.PhaseComplete), rc(2, dcplan.PhaseComplete)}}
	tests := []struct {
		name string
		why  string
		kind fake.PassKind
		plan dcplan.Plan
		want string // substring of the error; "" for none
	}{
		{"legal", "2.1: Complete stays Complete; no write, no break", fake.PassDeployer, dcplan.Plan{}, ""},
		{"backwards", "2.1: a terminal phase never moves", fake.PassDeployer,
			dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-2", From: dcplan.PhaseComplete, To: dcplan.PhaseRunning}}}, "PhaseMoves"},
		{"lower latest", "3.2.7: latestVersion never decreases", fake.PassConfig,
			dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "web", From: cfg.Status, To: dcplan.ConfigStatus{LatestVersion: 1}}}, "LatestVersionMonotonic"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := fake.CheckInvariants(fake.PassObservations(s, tt.plan, tt.kind, "deployer"))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("CheckInvariants() = %v, want nil (%s)", err, tt.why)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("CheckInvariants() = %v, want a %s failure (%s)", err, tt.want, tt.why)
			}
		})
	}
}

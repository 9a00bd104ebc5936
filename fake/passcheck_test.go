package fake_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
)

// passConfig is the DC web of the PassTransition tests, a Recreate one at
// latestVersion latest.
func passConfig(latest dcplan.Version) dcplan.Config {
	return dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Status: dcplan.ConfigStatus{LatestVersion: latest},
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true}, Selector: []dcplan.KeyValue{{Key: "deploymentconfig", Value: "web"}}}
}

// TestPassTransition holds that a planner pass applied to the server
// holding its snapshot is judged by the invariants, write by write.
func TestPassTransition(t *testing.T) {
	cfg := passConfig(2)
	owned := dcplan.OwnerRef{APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig", Name: "web", UID: "dc-uid", Controller: true}
	rc := func(v dcplan.Version, ph dcplan.Phase, n dcplan.Replicas) dcplan.Deployment {
		return dcplan.Deployment{Namespace: "ns", Name: dcplan.DeploymentName("web", v), UID: "u" + dcplan.DeploymentName("web", v),
			Version: v, Phase: ph, Replicas: n, ConfigLabel: "web", ConfigName: "web", HasController: true, Controller: owned}
	}
	s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{rc(1, dcplan.PhaseComplete, 0), rc(2, dcplan.PhaseComplete, 1)}}
	tests := []struct {
		name    string
		why     string
		kind    fake.PassKind
		plan    dcplan.Plan
		want    string // substring of the error; "" for none
		faulted bool   // the server refuses a write of the pass
	}{
		{"legal", "2.1: Complete stays Complete; no write, no break", fake.PassDeployer, dcplan.Plan{}, "", false},
		{"backwards", "2.1: a terminal phase never moves", fake.PassDeployer,
			dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-2", From: dcplan.PhaseComplete, To: dcplan.PhaseRunning}}}, "PhaseMoves", false},
		{"lower latest", "3.2.10: the API server refuses a status write that lowers latestVersion (Invalid), so the pass stops there and the live world never shows it (LatestVersionMonotonic judges the world all the same)", fake.PassConfig,
			dcplan.Plan{Status: &dcplan.StatusUpdate{Config: "web", From: cfg.Status, To: dcplan.ConfigStatus{LatestVersion: 1}}}, "", true},
		{"delete active", "3.7.5: the active RC is never deleted", fake.PassConfig,
			dcplan.Plan{DeleteRCs: []dcplan.DeleteRC{{RC: "web-2", Replicas: 0}}}, "HistoryKeepsLive", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := fake.PassTransition(s, tt.plan, tt.kind, "deployer")
			if err == nil {
				if tr.Faulted != tt.faulted {
					t.Errorf("PassTransition().Faulted = %v, want %v (%s)", tr.Faulted, tt.faulted, tt.why)
				}
				err = fake.CheckTransition(tr, s.Settings)
			}
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("CheckTransition() = %v, want nil (%s)", err, tt.why)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("CheckTransition() = %v, want a %s failure (%s)", err, tt.want, tt.why)
			}
			// CheckPass is the two in one call.
			if got := fake.CheckPass(s, tt.plan, tt.kind, "deployer"); fmt.Sprint(got) != fmt.Sprint(err) {
				t.Errorf("CheckPass() = %v, want %v (%s)", got, err, tt.why)
			}
		})
	}
	// A plan the snapshot cannot render is no pass to judge: an error.
	err := fake.CheckPass(s, dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-9", To: 1}}}, fake.PassConfig, "dc-controller")
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Errorf("CheckPass() of a plan naming an RC the snapshot lacks = %v, want ErrInvalidSnapshot", err)
	}
}

package dcstatus

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// originProgressingWeb2 is a seed-era Progressing condition of the latest
// RC web-2 or of a paused or resumed DC, texts of SPEC 7 rows 16-20
// written out, with only a lastTransitionTime (at).
func originProgressingWeb2(st dcplan.ConditionStatus, r dcplan.ConditionReason, at time.Time) dcplan.Condition {
	msgs := map[dcplan.ConditionReason]string{
		dcplan.ReasonNone:                              `Waiting on deployer pod for "web-2" to be scheduled`,
		dcplan.ReasonReplicationControllerUpdated:      `Replication controller "web-2" is progressing`,
		dcplan.ReasonProgressDeadlineExceeded:          `Replication controller "web-2" has failed progressing`,
		dcplan.ReasonNewReplicationControllerAvailable: `Replication controller "web-2" has completed progressing`,
		dcplan.ReasonDeploymentConfigPaused:            "Deployment config is paused",
		dcplan.ReasonDeploymentConfigResumed:           "Deployment config is resumed",
	}
	return seed(cond(dcplan.ConditionProgressing, st, r, msgs[r], at))
}

// TestStatusSeedConditions pins the conditions of Status with the
// SeedConditions switch (SPEC 7 rows 16-20), each case's list written
// out: Progressing by the seed rules of the latest RC's phase (Failed
// and Complete leave a condition that already has their reason), then,
// when the latest RC is absent or terminal, Paused for a paused DC
// without a DeploymentConfigPaused condition and Resumed for an unpaused
// DC with one; the phase rules are skipped while such a paused DC shows
// DeploymentConfigPaused already. Seed conditions carry no
// lastUpdateTime. Available is by SPEC 3.10.1, and with the SeedStatus
// switch has no "at least one" rule (SPEC 7 row 15).
func TestStatusSeedConditions(t *testing.T) {
	// Reference: Origin deploymentconfig_controller.go updateConditions
	const (
		unknown = dcplan.StatusUnknown
		yes     = dcplan.StatusTrue
		no      = dcplan.StatusFalse
	)
	avail := seed(availT0)
	unavail := seed(unavailT0)
	web2 := func(ph dcplan.Phase) []dcplan.Deployment {
		return []dcplan.Deployment{{Name: "web-2", Version: 2, Phase: ph, Replicas: 1, StatusReplicas: 1, AvailableReplicas: 1}}
	}
	tests := []struct {
		name       string
		why        string
		paused     bool
		seedStatus bool
		version    dcplan.Version
		replicas   dcplan.Replicas
		conds      []dcplan.Condition
		rcs        []dcplan.Deployment
		want       []dcplan.Condition
	}{
		{
			name: "available without lastUpdateTime", why: "7 rows 16-20: seed conditions carry only a lastTransitionTime",
			version: 2, replicas: 1, rcs: web2(dcplan.PhaseComplete),
			want: []dcplan.Condition{seed(withTimes(availT0, now, now)), originProgressingWeb2(yes, dcplan.ReasonNewReplicationControllerAvailable, now)},
		},
		{
			name: "new waits", why: "7 row 16: New and Pending wait on the deployer pod",
			version: 2, replicas: 1, conds: []dcplan.Condition{avail}, rcs: web2(dcplan.PhaseNew),
			want: []dcplan.Condition{avail, originProgressingWeb2(unknown, dcplan.ReasonNone, now)},
		},
		{
			name: "running", why: "7 row 17: Unknown to True takes both times now",
			version: 2, replicas: 1, conds: []dcplan.Condition{avail, originProgressingWeb2(unknown, dcplan.ReasonNone, t0)}, rcs: web2(dcplan.PhaseRunning),
			want: []dcplan.Condition{avail, originProgressingWeb2(yes, dcplan.ReasonReplicationControllerUpdated, now)},
		},
		{
			name: "failed", why: "7 row 18: another reason is replaced",
			version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(yes, dcplan.ReasonReplicationControllerUpdated, t0), avail}, rcs: web2(dcplan.PhaseFailed),
			want: []dcplan.Condition{avail, originProgressingWeb2(no, dcplan.ReasonProgressDeadlineExceeded, now)},
		},
		{
			name: "failed keeps ProgressDeadlineExceeded of any status", why: "7 row 18: unless the condition already has that reason",
			version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(yes, dcplan.ReasonProgressDeadlineExceeded, t0), avail}, rcs: web2(dcplan.PhaseFailed),
			want: []dcplan.Condition{originProgressingWeb2(yes, dcplan.ReasonProgressDeadlineExceeded, t0), avail},
		},
		{
			name: "complete", why: "7 row 19: True stays True with a new reason: transition kept",
			version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(yes, dcplan.ReasonReplicationControllerUpdated, t0), avail}, rcs: web2(dcplan.PhaseComplete),
			want: []dcplan.Condition{avail, withTimes(originProgressingWeb2(yes, dcplan.ReasonNewReplicationControllerAvailable, now), time.Time{}, t0)},
		},
		{
			name: "complete keeps NewReplicationControllerAvailable of any status", why: "7 row 19: unless the condition already has that reason",
			version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(unknown, dcplan.ReasonNewReplicationControllerAvailable, t0), avail}, rcs: web2(dcplan.PhaseComplete),
			want: []dcplan.Condition{originProgressingWeb2(unknown, dcplan.ReasonNewReplicationControllerAvailable, t0), avail},
		},
		{
			name: "paused after completing", why: "7 row 20: latest RC terminal, paused, no Paused condition yet",
			paused: true, version: 2, replicas: 1, conds: []dcplan.Condition{avail, originProgressingWeb2(yes, dcplan.ReasonNewReplicationControllerAvailable, t0)}, rcs: web2(dcplan.PhaseComplete),
			want: []dcplan.Condition{avail, originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigPaused, now)},
		},
		{
			name: "paused and showing it", why: "7 row 20: the phase rules are skipped, nothing changes",
			paused: true, version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigPaused, t0), avail}, rcs: web2(dcplan.PhaseComplete),
			want: []dcplan.Condition{originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigPaused, t0), avail},
		},
		{
			name: "paused without RCs", why: "7 row 20: no latest RC counts as idle",
			paused: true, replicas: 1, conds: []dcplan.Condition{unavail},
			want: []dcplan.Condition{unavail, originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigPaused, now)},
		},
		{
			name: "resumed", why: "7 rows 19-20: Complete replaces Paused, then Resumed replaces it",
			version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigPaused, t0), avail}, rcs: web2(dcplan.PhaseComplete),
			want: []dcplan.Condition{avail, originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigResumed, now)},
		},
		{
			name: "paused while running", why: "7 rows 17, 20: a running RC is not idle: no Paused condition, phase rule applies",
			paused: true, version: 2, replicas: 1, conds: []dcplan.Condition{originProgressingWeb2(unknown, dcplan.ReasonDeploymentConfigPaused, t0), avail}, rcs: web2(dcplan.PhaseRunning),
			want: []dcplan.Condition{avail, originProgressingWeb2(yes, dcplan.ReasonReplicationControllerUpdated, now)},
		},
		{
			name: "seed status: scaled to 0 is available", why: "7 row 15: no \"at least one\" rule",
			seedStatus: true, version: 2, conds: []dcplan.Condition{unavail}, rcs: []dcplan.Deployment{{Name: "web-2", Version: 2, Phase: dcplan.PhasePending}},
			want: []dcplan.Condition{seed(withTimes(availT0, now, now)), originProgressingWeb2(unknown, dcplan.ReasonNone, now)},
		},
		{
			name: "scaled to 0 without seed status", why: "3.10.1: at least one available replica",
			version: 2, conds: []dcplan.Condition{unavail}, rcs: []dcplan.Deployment{{Name: "web-2", Version: 2, Phase: dcplan.PhasePending}},
			want: []dcplan.Condition{unavail, originProgressingWeb2(unknown, dcplan.ReasonNone, now)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := dcplan.Snapshot{
				Now: now,
				Config: dcplan.Config{Name: "web", Generation: 1, Replicas: tt.replicas, Paused: tt.paused,
					Status: dcplan.ConfigStatus{LatestVersion: tt.version, Conditions: tt.conds}},
				Deployments: tt.rcs,
			}
			s.Settings.SeedConditions = true
			s.Settings.SeedStatus = tt.seedStatus
			got := statusOf(&s, true)
			if d := cmp.Diff(tt.want, got.Conditions); d != "" {
				t.Errorf("Status() conditions mismatch (-want +got):\n%s", d)
			}
		})
	}
}

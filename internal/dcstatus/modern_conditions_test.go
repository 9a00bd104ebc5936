package dcstatus

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// Progressing conditions of the latest RC web-2, written out (SPEC 1.5).
func progressingWeb2(st dcplan.ConditionStatus, r dcplan.ConditionReason) dcplan.Condition {
	msgs := map[dcplan.ConditionReason]string{
		dcplan.ReasonNone:                              `replication controller "web-2" is waiting for pod "web-2-deploy" to run`,
		dcplan.ReasonReplicationControllerUpdated:      `replication controller "web-2" is progressing`,
		dcplan.ReasonRolloutCancelled:                  `rollout of replication controller "web-2" was cancelled`,
		dcplan.ReasonProgressDeadlineExceeded:          `replication controller "web-2" has failed progressing`,
		dcplan.ReasonNewReplicationControllerAvailable: `replication controller "web-2" successfully rolled out`,
	}
	return cond(dcplan.ConditionProgressing, st, r, msgs[r], t0)
}

// TestStatusModernConditions pins the conditions of Status without the
// SeedConditions switch (SPEC 3.10), each case's list written out:
// Available by SPEC 3.10.1 (at least spec.replicas - maxUnavailable
// available, and at least one), then Progressing by the phase of the
// latest RC when it exists (SPEC 3.10.2; a Running RC only when it made
// progress, the old condition removed first), then the extra conditions,
// all by the set rule from the current conditions, timestamps s.Now.
func TestStatusModernConditions(t *testing.T) {
	// Reference: deploymentconfig_controller.go updateConditions
	availNow := withTimes(availT0, now, now)
	unavailNow := withTimes(unavailT0, now, now)
	rc2 := func(ph dcplan.Phase, spec, status, avail dcplan.Replicas) []dcplan.Deployment {
		return []dcplan.Deployment{
			{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Replicas: 1, StatusReplicas: 1, AvailableReplicas: 1},
			{Name: "web-2", Version: 2, Phase: ph, Replicas: spec, StatusReplicas: status, AvailableReplicas: avail},
		}
	}
	progressingT0 := progressingWeb2(dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated)
	tests := []struct {
		name     string
		why      string
		replicas dcplan.Replicas
		strategy dcplan.Strategy
		version  dcplan.Version
		cur      dcplan.ConfigStatus // LatestVersion is version
		rcs      []dcplan.Deployment
		extra    []dcplan.Condition
		want     []dcplan.Condition
	}{
		{
			name: "no RCs, no conditions", why: "3.10.1: 0 available of 0 is not available; no latest RC, no Progressing",
			want: []dcplan.Condition{unavailNow},
		},
		{
			name: "available and unchanged", why: "3.10.1, 3.10: Available=True kept as written at t0; Complete adds Progressing",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{availT0}},
			rcs:  rc2(dcplan.PhaseComplete, 2, 2, 2),
			want: []dcplan.Condition{availT0, withTimes(progressingWeb2(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable), now, now)},
		},
		{
			name: "becomes unavailable", why: "3.10.1: 2 available of 3, maxUnavailable 0 (not Rolling); a status change takes both times now",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{availT0}},
			rcs:  rc2(dcplan.PhasePending, 2, 1, 1),
			want: []dcplan.Condition{unavailNow, withTimes(progressingWeb2(dcplan.StatusUnknown, dcplan.ReasonNone), now, now)},
		},
		{
			name: "rolling maxUnavailable", why: "3.10.1, 5.17: 25 % of 4 lets 1 be unavailable: 3 of 4 is available",
			replicas: 4, strategy: rolling(strFP("25%"), strFP("25%")), version: 2,
			rcs:  rc2(dcplan.PhaseComplete, 3, 2, 2),
			want: []dcplan.Condition{availNow, withTimes(progressingWeb2(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable), now, now)},
		},
		{
			name: "rolling maxUnavailable, one short", why: "3.10.1, 5.17: 2 of 4 with 1 allowed unavailable is not available",
			replicas: 4, strategy: rolling(strFP("25%"), strFP("25%")), version: 2,
			rcs:  rc2(dcplan.PhaseComplete, 3, 1, 1),
			want: []dcplan.Condition{unavailNow, withTimes(progressingWeb2(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable), now, now)},
		},
		{
			name: "scaled to 0 is never available", why: "3.10.1: at least one available replica",
			replicas: 0, version: 1, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{availT0}},
			rcs:  []dcplan.Deployment{{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete}},
			want: []dcplan.Condition{unavailNow, cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, `replication controller "web-1" successfully rolled out`, now)},
		},
		{
			name: "running with more updated replicas", why: "3.10.2: progress (updated 1 to 2): the old condition is removed first, so both times are now and it moves last",
			replicas: 3, version: 2,
			cur:  dcplan.ConfigStatus{Replicas: 2, UpdatedReplicas: 1, Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:  rc2(dcplan.PhaseRunning, 2, 2, 2),
			want: []dcplan.Condition{availT0, withTimes(progressingT0, now, now)},
		},
		{
			name: "running with fewer old replicas", why: "3.10.2: progress (replicas - updated 2 to 1, updated stays 2)",
			replicas: 3, version: 2,
			cur:  dcplan.ConfigStatus{Replicas: 4, UpdatedReplicas: 2, Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:  rc2(dcplan.PhaseRunning, 2, 2, 2),
			want: []dcplan.Condition{availT0, withTimes(progressingT0, now, now)},
		},
		{
			name: "running without progress", why: "3.10.2: updated 2 and 1 old, as before: Progressing untouched",
			replicas: 3, version: 2,
			cur:  dcplan.ConfigStatus{Replicas: 3, UpdatedReplicas: 2, Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:  rc2(dcplan.PhaseRunning, 2, 2, 2),
			want: []dcplan.Condition{progressingT0, availT0},
		},
		{
			name: "failed, cancelled", why: "3.10.2: False/RolloutCancelled; a status change takes both times now",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{progressingT0}},
			rcs:  []dcplan.Deployment{{Name: "web-2", Version: 2, Phase: dcplan.PhaseFailed, Cancelled: true}},
			want: []dcplan.Condition{unavailNow, withTimes(progressingWeb2(dcplan.StatusFalse, dcplan.ReasonRolloutCancelled), now, now)},
		},
		{
			name: "failed", why: "3.10.2: False/ProgressDeadlineExceeded when not cancelled",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{progressingT0}},
			rcs:  []dcplan.Deployment{{Name: "web-2", Version: 2, Phase: dcplan.PhaseFailed}},
			want: []dcplan.Condition{unavailNow, withTimes(progressingWeb2(dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded), now, now)},
		},
		{
			name: "complete after running keeps the transition time", why: "3.10: same status, new reason: True stays True, transition kept",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:  rc2(dcplan.PhaseComplete, 2, 2, 2),
			want: []dcplan.Condition{availT0, withTimes(progressingWeb2(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable), now, t0)},
		},
		{
			name: "new leaves Progressing untouched", why: "3.10.2: no rule for New",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:  rc2(dcplan.PhaseNew, 2, 2, 2),
			want: []dcplan.Condition{progressingT0, availT0},
		},
		{
			name: "latest RC absent", why: "3.10.2: version 3 has no RC: Progressing untouched",
			replicas: 3, version: 3, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:  rc2(dcplan.PhaseComplete, 2, 2, 2),
			want: []dcplan.Condition{progressingT0, availT0},
		},
		{
			name: "extra conditions last", why: "3.10, 3.2.12: the create condition replaces the phase's Progressing (True stays True: transition kept)",
			replicas: 3, version: 2, cur: dcplan.ConfigStatus{Conditions: []dcplan.Condition{progressingT0, availT0}},
			rcs:   rc2(dcplan.PhaseComplete, 2, 2, 2),
			extra: []dcplan.Condition{cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerCreated, `Created new replication controller "web-3" for version 3`, now)},
			want:  []dcplan.Condition{availT0, withTimes(cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerCreated, `Created new replication controller "web-3" for version 3`, now), now, t0)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cur := tt.cur
			cur.LatestVersion = tt.version
			s := dcplan.Snapshot{
				Now:         now,
				Config:      dcplan.Config{Name: "web", Generation: 1, Replicas: tt.replicas, Strategy: tt.strategy, Status: cur},
				Deployments: tt.rcs,
			}
			got := statusOf(&s, true, tt.extra...)
			if d := cmp.Diff(tt.want, got.Conditions); d != "" {
				t.Errorf("Status() conditions mismatch (-want +got):\n%s", d)
			}
		})
	}
}

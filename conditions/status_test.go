package conditions_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/dcstatus"
	"github.com/google/go-cmp/cmp"
)

// statusCase is one row of the Modern status table: a config, the RC list
// used at that point, the bump flag and extra conditions.
type statusCase struct {
	name  string
	why   string
	cfg   dcplan.Config
	rcs   []dcplan.Deployment
	bump  bool
	extra []dcplan.Condition
	want  dcplan.ConfigStatus
}

// withStatus returns cfg with the current status counters and conditions.
func withStatus(cfg dcplan.Config, replicas, updated dcplan.Replicas, conds ...dcplan.Condition) dcplan.Config {
	cfg.Status.Replicas, cfg.Status.UpdatedReplicas = replicas, updated
	cfg.Status.Conditions = conds
	return cfg
}

// status builds a wanted status: latestVersion v, observedGeneration og,
// then replicas, updated, available, unavailable, ready, and conditions.
func status(v dcplan.Version, og int64, replicas, updated, available, unavailable, ready dcplan.Replicas, conds ...dcplan.Condition) dcplan.ConfigStatus {
	return dcplan.ConfigStatus{
		LatestVersion: v, ObservedGeneration: og,
		Replicas: replicas, UpdatedReplicas: updated, AvailableReplicas: available,
		UnavailableReplicas: unavailable, ReadyReplicas: ready,
		Conditions: conds,
	}
}

func modernCases() []statusCase {
	cfgRolling := config(3)
	cfgRolling.Replicas = 4
	cfgRolling.Strategy = rolling(strFP("25%"), strFP("25%"))
	cfgZero := config(3)
	cfgZero.Replicas = 0
	cfgDetails := config(3)
	cfgDetails.Status.Details = dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}
	wantDetails := status(3, 5, 3, 3, 3, 0, 3, dcstatus.Available(now), dcstatus.RolledOut("web-3", now))
	wantDetails.Details = cfgDetails.Status.Details
	foreign := cond(dcplan.ConditionReplicaFailure, dcplan.StatusTrue, dcplan.ReasonOther, "quota", t0)
	foreign.OtherReason = "FailedCreate"
	created3 := withTimes(conditions.Created("web-3", 3, now), t0, t0)
	rolledOut2 := withTimes(dcstatus.RolledOut("web-2", now), t0, t0)
	progressing3 := withTimes(dcstatus.Progressing("web-3", now), t0, t0)

	return []statusCase{
		{
			name: "sums of the RC counters", why: "3.9: replicas, available and ready are sums; updated is the latest RC's status.replicas",
			cfg: config(3),
			rcs: []dcplan.Deployment{
				rc(1, dcplan.PhaseComplete, 0, 1, 1, 1),
				rc(2, dcplan.PhaseFailed, 0, 0, 0, 0),
				rc(3, dcplan.PhaseComplete, 3, 3, 3, 2),
			},
			bump: true,
			want: status(3, 5, 4, 3, 3, 0, 4, dcstatus.Available(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "observed generation kept without bump", why: "3.9: only branches that bump write metadata.generation",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 4, 3, 3, 3, 0, 3, dcstatus.Available(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "latest RC missing", why: "3.9: updatedReplicas is 0 unless latestExists; 3.10.2: Progressing untouched",
			cfg:  config(4),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true,
			want: status(4, 5, 3, 0, 3, 0, 3, dcstatus.Available(now)),
		},
		{
			name: "candidate newer than latestVersion", why: "5.6: the highest RC is not the latest, so latestExists is false",
			cfg:  config(2),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhaseRunning, 0, 0, 0, 0)},
			bump: true,
			want: status(2, 5, 3, 0, 3, 0, 3, dcstatus.Available(now)),
		},
		{
			name: "no version, no RCs", why: "3.2.1: status from an empty list: nothing is available, nothing is missing (unavailable sums RC spec.replicas)",
			cfg:  config(0),
			bump: true,
			want: status(0, 5, 0, 0, 0, 0, 0, dcstatus.Unavailable(now)),
		},
		{
			name: "unavailable clamped at zero", why: "3.9: max(0, spec - available) when pods outnumber spec.replicas",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 1, 3, 3, 3)},
			bump: true,
			want: status(3, 5, 3, 3, 3, 0, 3, dcstatus.Available(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "unavailable counts spec replicas", why: "3.9: sum of spec.replicas minus available",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 1), rc(3, dcplan.PhaseComplete, 3, 3, 3, 1)},
			bump: true,
			want: status(3, 5, 5, 3, 2, 3, 5, dcstatus.Unavailable(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "recreate needs every replica", why: "3.10.1: Recreate has MaxUnavailable 0",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 2)},
			bump: true,
			want: status(3, 5, 3, 3, 2, 1, 3, dcstatus.Unavailable(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "rolling tolerates maxUnavailable", why: "3.10.1: 25% of 4 may be missing",
			cfg:  cfgRolling,
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 4, 4, 4, 3)},
			bump: true,
			want: status(3, 5, 4, 4, 3, 1, 4, dcstatus.Available(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "scaled to zero is never available", why: "3.10.1 [probe]: available > 0 is required",
			cfg:  cfgZero,
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 0, 0, 0, 0)},
			bump: true,
			want: status(3, 5, 0, 0, 0, 0, 0, dcstatus.Unavailable(now), dcstatus.RolledOut("web-3", now)),
		},
		{
			name: "pending waits for the deployer pod", why: "3.10.2: Pending is Unknown with the waiting message; status change resets both times",
			cfg:  withStatus(config(3), 0, 0, unavailT0, created3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhasePending, 0, 0, 0, 0)},
			want: status(3, 4, 0, 0, 0, 0, 0, unavailT0, dcstatus.WaitingForPod("web-3", now)),
		},
		{
			name: "running with more updated replicas", why: "3.10.2: progress re-adds the condition, so even an equal one gets transition time now",
			cfg:  withStatus(config(3), 2, 0, unavailT0, progressing3),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 2), rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 4, 3, 1, 3, 0, 3, dcstatus.Available(now), dcstatus.Progressing("web-3", now)),
		},
		{
			name: "running with fewer old replicas", why: "3.10.2: replicas - updated shrinking is progress too",
			cfg:  withStatus(config(3), 3, 1, unavailT0, progressing3),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 1, 1, 1, 1), rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 4, 2, 1, 2, 0, 2, withTimes(unavailT0, t0, t0), dcstatus.Progressing("web-3", now)),
		},
		{
			name: "running without progress", why: "3.10.2: no progress leaves Progressing untouched",
			cfg:  withStatus(config(3), 3, 1, progressing3, unavailT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 2), rc(3, dcplan.PhaseRunning, 1, 1, 1, 0)},
			want: status(3, 4, 3, 1, 2, 1, 3, progressing3, unavailT0),
		},
		{
			name: "running without progress adds nothing", why: "3.10.2: no progress, no condition",
			cfg:  withStatus(config(3), 1, 1),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 4, 1, 1, 1, 0, 1, dcstatus.Unavailable(now)),
		},
		{
			name: "failed and cancelled", why: "3.10.2: cancelled failures are RolloutCancelled; the absent Available is appended before Progressing moves to the end",
			cfg:  withStatus(config(3), 0, 0, progressing3),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), cancelled(rc(3, dcplan.PhaseFailed, 0, 0, 0, 0))},
			bump: true,
			want: status(3, 5, 3, 0, 3, 0, 3, dcstatus.Available(now), dcstatus.RolloutCancelled("web-3", now)),
		},
		{
			name: "failed", why: "3.10.2: other failures are ProgressDeadlineExceeded",
			cfg:  withStatus(config(3), 0, 0, progressing3),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhaseFailed, 0, 0, 0, 0)},
			bump: true,
			want: status(3, 5, 3, 0, 3, 0, 3, dcstatus.Available(now), dcstatus.FailedProgressing("web-3", now)),
		},
		{
			name: "complete after running keeps the transition time", why: "3.10: same status, new reason keeps lastTransitionTime",
			cfg:  withStatus(config(3), 3, 3, progressing3, availT0),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true,
			want: status(3, 5, 3, 3, 3, 0, 3, availT0, withTimes(dcstatus.RolledOut("web-3", now), now, t0)),
		},
		{
			name: "complete with an old message", why: "3.10: same status and reason: message not refreshed",
			cfg:  withStatus(config(3), 3, 3, rolledOut2, availT0),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true,
			want: status(3, 5, 3, 3, 3, 0, 3, rolledOut2, availT0),
		},
		{
			name: "new leaves progressing untouched", why: "3.10.2: New sets nothing",
			cfg:  withStatus(config(3), 3, 0, created3, availT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhaseNew, 0, 0, 0, 0)},
			want: status(3, 4, 3, 0, 3, 0, 3, created3, availT0),
		},
		{
			name: "unknown phase leaves progressing untouched", why: "3.10.2: an empty phase sets nothing",
			cfg:  withStatus(config(3), 3, 0, created3, availT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhaseUnknown, 0, 0, 0, 0)},
			want: status(3, 4, 3, 0, 3, 0, 3, created3, availT0),
		},
		{
			name: "created extra", why: "3.2.12: the created RC is in the list, and the extra condition is set last",
			cfg:  withStatus(config(4), 3, 3, availT0, withTimes(dcstatus.RolledOut("web-3", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3), rc(4, dcplan.PhaseNew, 0, 0, 0, 0)},
			bump: true, extra: []dcplan.Condition{conditions.Created("web-4", 4, now)},
			want: status(4, 5, 3, 0, 3, 0, 3, availT0, withTimes(conditions.Created("web-4", 4, now), now, t0)),
		},
		{
			name: "create error extra", why: "3.2.12: failure condition, status change resets both times",
			cfg:  withStatus(config(4), 3, 3, availT0, withTimes(dcstatus.RolledOut("web-3", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true, extra: []dcplan.Condition{conditions.CreateError(`replicationcontrollers "web-4" already exists`, now)},
			want: status(4, 5, 3, 0, 3, 0, 3, availT0, conditions.CreateError(`replicationcontrollers "web-4" already exists`, now)),
		},
		{
			name: "extras apply in order", why: "3.9: each extra goes through the set rule after the computed ones",
			cfg:  withStatus(config(4), 3, 3, availT0),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true, extra: []dcplan.Condition{conditions.Created("web-4", 4, t1), conditions.CreateError("boom", now)},
			want: status(4, 5, 3, 0, 3, 0, 3, availT0, conditions.CreateError("boom", now)),
		},
		{
			name: "latest version and details copied", why: "3.9: latestVersion and details are unchanged",
			cfg:  cfgDetails,
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true,
			want: wantDetails,
		},
		{
			name: "foreign conditions stay in place", why: "3.10: only replaced types move to the end",
			cfg:  withStatus(config(3), 3, 3, unavailT0, foreign, rolledOut2),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			bump: true,
			want: status(3, 5, 3, 3, 3, 0, 3, foreign, rolledOut2, dcstatus.Available(now)),
		},
	}
}

// SPEC 3.9, 3.10, 5.18: status fields from the replica sums, then the
// conditions.
func TestStatusModern(t *testing.T) {
	// Reference: deploymentconfig_controller.go calculateStatus, updateConditions
	for _, tt := range modernCases() {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(dcplan.Modern, tt.cfg, tt.rcs...)
			got := conditions.Status(s, tt.bump, tt.extra...)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Status() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestStatusExactIsModern(t *testing.T) {
	// SPEC 11: no accident of section 10 touches the status, so Exact computes what Modern does.
	for _, tt := range modernCases() {
		t.Run(tt.name, func(t *testing.T) {
			got := conditions.Status(snap(dcplan.Exact, tt.cfg, tt.rcs...), tt.bump, tt.extra...)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Status(Exact) mismatch (-want +got):\n%s", d)
			}
		})
	}
}

func TestChangedAgreesWithStatus(t *testing.T) {
	for _, tt := range modernCases() {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(dcplan.Modern, tt.cfg, tt.rcs...)
			want := !tt.want.Equal(tt.cfg.Status)
			if got := conditions.Changed(s, tt.bump, tt.extra...); got != want {
				t.Errorf("Changed() = %v, want %v", got, want)
			}
			// Writing the computed status converges: the next pass has nothing to write.
			s.Config.Status = conditions.Status(s, tt.bump, tt.extra...)
			if conditions.Changed(s, tt.bump, tt.extra...) {
				t.Errorf("Changed() after writing Status() = true, want false:\n%s", cmp.Diff(s.Config.Status, conditions.Status(s, tt.bump, tt.extra...)))
			}
		})
	}
}

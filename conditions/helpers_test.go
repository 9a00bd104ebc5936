package conditions_test

import (
	"time"

	"github.com/dcplan/dcplan"
)

// Fixed clock readings: t0 is when existing conditions were written, now is
// the clock of the pass under test.
var (
	t0  = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	t1  = t0.Add(10 * time.Minute)
	now = t0.Add(time.Hour)
)

// config returns DC "web" with 3 replicas, a Recreate strategy (so
// MaxUnavailable is 0), generation 5 observed at 4, latestVersion v.
func config(v dcplan.Version) dcplan.Config {
	return dcplan.Config{
		Namespace:  "ns",
		Name:       "web",
		UID:        "dc-uid",
		Generation: 5,
		Replicas:   3,
		Strategy:   dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true},
		Status:     dcplan.ConfigStatus{LatestVersion: v, ObservedGeneration: 4},
	}
}

// rc returns RC web-<v> in phase ph with spec.replicas spec and status
// replicas / ready / available.
func rc(v dcplan.Version, ph dcplan.Phase, spec, status, ready, available dcplan.Replicas) dcplan.Deployment {
	return dcplan.Deployment{
		Namespace:         "ns",
		Name:              dcplan.DeploymentName("web", v),
		Version:           v,
		Phase:             ph,
		Replicas:          spec,
		StatusReplicas:    status,
		ReadyReplicas:     ready,
		AvailableReplicas: available,
	}
}

// cancelled marks d cancelled by a newer rollout.
func cancelled(d dcplan.Deployment) dcplan.Deployment {
	d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByNewer
	return d
}

// snap builds a Snapshot of cfg and rcs at now, in profile p.
func snap(p dcplan.Preset, cfg dcplan.Config, rcs ...dcplan.Deployment) dcplan.Snapshot {
	return dcplan.Snapshot{Now: now, Config: cfg, Deployments: rcs, Settings: dcplan.Settings{Switches: p.Switches()}}
}

// cond builds a condition with both timestamps at, or LastUpdateTime zero
// when update is false (the seed-era stamping).
func cond(t dcplan.ConditionType, st dcplan.ConditionStatus, r dcplan.ConditionReason, msg string, at time.Time) dcplan.Condition {
	return dcplan.Condition{Type: t, Status: st, Reason: r, Message: msg, LastUpdateTime: at, LastTransitionTime: at}
}

// seed strips LastUpdateTime, as seed-era conditions have none.
// availableStatus returns the status of the Available condition among
// conds, StatusUnset when there is none.
func availableStatus(conds []dcplan.Condition) dcplan.ConditionStatus {
	for _, c := range conds {
		if c.Type == dcplan.ConditionAvailable {
			return c.Status
		}
	}
	return dcplan.StatusUnset
}

func seed(c dcplan.Condition) dcplan.Condition {
	c.LastUpdateTime = time.Time{}
	return c
}

// withTimes returns c with the given update and transition times.
func withTimes(c dcplan.Condition, update, transition time.Time) dcplan.Condition {
	c.LastUpdateTime, c.LastTransitionTime = update, transition
	return c
}

// Conditions as the existing status of a DC holds them (written at t0).
var (
	availT0   = cond(dcplan.ConditionAvailable, dcplan.StatusTrue, dcplan.ReasonNone, "Deployment config has minimum availability.", t0)
	unavailT0 = cond(dcplan.ConditionAvailable, dcplan.StatusFalse, dcplan.ReasonNone, "Deployment config does not have minimum availability.", t0)
)

// strFP is a string (percentage) fencepost.
func strFP(s string) dcplan.Fencepost { return dcplan.Fencepost{Set: true, IsString: true, Str: s} }

// rolling is the Rolling strategy with the given fenceposts.
func rolling(surge, unavailable dcplan.Fencepost) dcplan.Strategy {
	return dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true, MaxSurge: surge, MaxUnavailable: unavailable}
}

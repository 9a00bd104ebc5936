package dcstatus

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

// cond builds a condition with both timestamps at.
func cond(t dcplan.ConditionType, st dcplan.ConditionStatus, r dcplan.ConditionReason, msg string, at time.Time) dcplan.Condition {
	return dcplan.Condition{Type: t, Status: st, Reason: r, Message: msg, LastUpdateTime: at, LastTransitionTime: at}
}

// seed strips LastUpdateTime, as seed-era conditions have none.
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

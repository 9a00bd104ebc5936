package conditions

import (
	"slices"
	"time"

	"github.com/dcplan/dcplan"
)

// Set returns conds with c applied by the DC condition set rule (SPEC
// 3.10). The rules, in order:
//
//  1. If conds has a condition of c's type (the first one, as Get finds it)
//     with the same status and the same reason, nothing changes: the result
//     is a copy of conds, and neither the message nor either timestamp of
//     the existing condition is refreshed.
//  2. If it has one with the same status but another reason, c replaces it
//     but keeps the existing lastTransitionTime.
//  3. Otherwise c replaces it (or is added) as given: both timestamps are
//     c's.
//
// Replacement removes every condition of c's type and appends c at the
// end, so the order of conditions changes. Reasons compare as upstream's
// strings do: two ReasonOther values are the same reason only when their
// OtherReason texts are equal.
//
// The result never aliases conds, and conds is not modified.
//
// Ports: appsutil.SetDeploymentCondition.
func Set(conds []dcplan.Condition, c dcplan.Condition) []dcplan.Condition {
	cur, ok := Get(conds, c.Type)
	if ok && cur.Status == c.Status && sameReason(cur, c) {
		return clone(conds)
	}
	if ok && cur.Status == c.Status {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	out := make([]dcplan.Condition, 0, len(conds)+1)
	for _, x := range conds {
		if x.Type != c.Type {
			out = append(out, x)
		}
	}
	return append(out, c)
}

// Remove returns conds without any condition of type t, keeping the order
// of the others. It returns nil when nothing is left (the normal form of
// an empty list), and a copy of conds when there is no condition of type t.
// The result never aliases conds.
//
// Ports: appsutil.RemoveDeploymentCondition (filterOutCondition).
func Remove(conds []dcplan.Condition, t dcplan.ConditionType) []dcplan.Condition {
	var out []dcplan.Condition
	for _, x := range conds {
		if x.Type != t {
			out = append(out, x)
		}
	}
	return out
}

// Get returns the first condition of type t in conds, and whether there is
// one. The zero Condition is returned when there is none.
//
// Ports: appsutil.GetDeploymentCondition.
func Get(conds []dcplan.Condition, t dcplan.ConditionType) (dcplan.Condition, bool) {
	for _, x := range conds {
		if x.Type == t {
			return x, true
		}
	}
	return dcplan.Condition{}, false
}

// New returns a condition of type t with the given status, reason and
// message, both timestamps set to now. Reasons outside the closed set of
// SPEC 1.5 are built by setting Reason to ReasonOther and OtherReason by
// hand.
//
// Ports: appsutil.NewDeploymentCondition.
func New(t dcplan.ConditionType, status dcplan.ConditionStatus, reason dcplan.ConditionReason, message string, now time.Time) dcplan.Condition {
	return dcplan.Condition{
		Type:               t,
		Status:             status,
		Reason:             reason,
		Message:            message,
		LastUpdateTime:     now,
		LastTransitionTime: now,
	}
}

// sameReason reports whether a and b carry the same reason string.
func sameReason(a, b dcplan.Condition) bool {
	if a.Reason != b.Reason {
		return false
	}
	return a.Reason != dcplan.ReasonOther || a.OtherReason == b.OtherReason
}

// clone copies conds, keeping nil for an empty list.
func clone(conds []dcplan.Condition) []dcplan.Condition {
	if len(conds) == 0 {
		return nil
	}
	return slices.Clone(conds)
}

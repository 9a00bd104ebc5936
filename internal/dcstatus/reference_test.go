package dcstatus

import (
	"slices"
	"time"

	"github.com/dcplan/dcplan"
)

// The condition set rule of SPEC 3.10 written the plain way, on real
// slices: the reference the overlay (the only implementation in the
// library) is held to by TestOverlayMatchesSetRemove, and which the table
// tests of set_test.go pin to the SPEC as they pin the overlay.

// refSet returns conds with c applied by the DC condition set rule (SPEC
// 3.10). The rules, in order:
//
//  1. If conds has a condition of c's type (the first one, as refGet finds
//     it) with the same status and the same reason, nothing changes: the
//     result is a copy of conds, and neither the message nor either
//     timestamp of the existing condition is refreshed.
//  2. If it has one with the same status but another reason, c replaces it
//     but keeps the existing lastTransitionTime.
//  3. Otherwise c replaces it (or is added) as given: both timestamps are
//     c's.
//
// Replacement removes every condition of c's type and appends c at the
// end, so the order of conditions changes. Types, statuses and reasons
// compare as upstream's strings do: two ConditionOther types, StatusOther
// statuses or ReasonOther reasons are the same only when their texts
// (OtherType, OtherStatus, OtherReason) are equal. The result never
// aliases conds.
//
// Reference: appsutil.SetDeploymentCondition.
func refSet(conds []dcplan.Condition, c dcplan.Condition) []dcplan.Condition {
	var cur dcplan.Condition
	ok := false
	for _, x := range conds {
		if refSameType(x, c) {
			cur, ok = x, true
			break
		}
	}
	sameStatus := ok && cur.Status == c.Status && (c.Status != dcplan.StatusOther || cur.OtherStatus == c.OtherStatus)
	if sameStatus && sameReason(cur, c) {
		if len(conds) == 0 {
			return nil
		}
		return slices.Clone(conds)
	}
	if sameStatus {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	out := make([]dcplan.Condition, 0, len(conds)+1)
	for _, x := range conds {
		if !refSameType(x, c) {
			out = append(out, x)
		}
	}
	return append(out, c)
}

// refSetSeed is refSet for a status condition set with the SeedConditions
// switch (overlay.set with seed): a condition of c's type with the same
// status and reason but another message is replaced by c, keeping its
// lastTransitionTime, so that the seed's Progressing message names the
// latest RC (SPEC 7 rows 16, 17); otherwise as refSet.
func refSetSeed(conds []dcplan.Condition, c dcplan.Condition) []dcplan.Condition {
	for _, x := range conds {
		if !refSameType(x, c) {
			continue
		}
		if x.Status == c.Status && sameReason(x, c) && x.Message != c.Message {
			c.LastTransitionTime = x.LastTransitionTime
			out := make([]dcplan.Condition, 0, len(conds))
			for _, y := range conds {
				if !refSameType(y, c) {
					out = append(out, y)
				}
			}
			return append(out, c)
		}
		break
	}
	return refSet(conds, c)
}

// refSameType reports whether a and b have the same type text: upstream's
// condition types are strings, so two conditions of other writers' types
// are of one type only when their OtherType texts are equal.
func refSameType(a, b dcplan.Condition) bool {
	return a.Type == b.Type && (a.Type != dcplan.ConditionOther || a.OtherType == b.OtherType)
}

// refRemove returns conds without any condition of type t, keeping the
// order of the others; nil when nothing is left. The result never aliases
// conds.
//
// Reference: appsutil.RemoveDeploymentCondition (filterOutCondition).
func refRemove(conds []dcplan.Condition, t dcplan.ConditionType) []dcplan.Condition {
	var out []dcplan.Condition
	for _, x := range conds {
		if x.Type != t {
			out = append(out, x)
		}
	}
	return out
}

// refGet returns the first condition of type t in conds, and whether there
// is one.
//
// Reference: appsutil.GetDeploymentCondition.
func refGet(conds []dcplan.Condition, t dcplan.ConditionType) (dcplan.Condition, bool) {
	for _, x := range conds {
		if x.Type == t {
			return x, true
		}
	}
	return dcplan.Condition{}, false
}

// newCondition is appsutil.NewDeploymentCondition: both timestamps now.
func newCondition(t dcplan.ConditionType, status dcplan.ConditionStatus, reason dcplan.ConditionReason, message string, now time.Time) dcplan.Condition {
	return dcplan.Condition{Type: t, Status: status, Reason: reason, Message: message, LastUpdateTime: now, LastTransitionTime: now}
}

// The overlay's answers for one operation on a base list, as the
// reference functions give theirs.

func overlaySet(conds []dcplan.Condition, c dcplan.Condition) []dcplan.Condition {
	o := overlay{base: conds}
	o.setCondition(&c)
	return o.list()
}

func overlayRemove(conds []dcplan.Condition, t dcplan.ConditionType) []dcplan.Condition {
	o := overlay{base: conds}
	o.remove(t)
	return o.list()
}

func overlayGet(conds []dcplan.Condition, t dcplan.ConditionType) (dcplan.Condition, bool) {
	o := overlay{base: conds}
	if c := o.get(condType{typ: t}); c != nil {
		return *c, true
	}
	return dcplan.Condition{}, false
}

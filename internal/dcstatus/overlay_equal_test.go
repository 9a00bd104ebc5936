package dcstatus

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestOverlayEqualTouched pins overlay.equal once a condition was set
// (the in-place comparison behind Changed and the no-write rule of SPEC
// 3.9): the list it stands for is the base entries of untouched types in
// base order, then the set conditions (SPEC 3.10), and equal is true for
// exactly that list, each entry compared, base entries included.
func TestOverlayEqualTouched(t *testing.T) {
	progT0 := cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "p", t0)
	failT0 := cond(dcplan.ConditionReplicaFailure, dcplan.StatusTrue, dcplan.ReasonNone, "quota", t0)
	done := cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done", now)
	// Setting done keeps progT0's transition time (same status: the second
	// case of the SPEC 3.10 set rule).
	doneKept := withTimes(done, now, t0)
	edited := func(c dcplan.Condition) dcplan.Condition { c.Message = "edited"; return c }
	tests := []struct {
		name string
		want []dcplan.Condition
		eq   bool
	}{
		{name: "its own list", want: []dcplan.Condition{availT0, failT0, doneKept}, eq: true},
		{name: "the base", want: []dcplan.Condition{availT0, progT0, failT0}},
		{name: "first base entry differs", want: []dcplan.Condition{edited(availT0), failT0, doneKept}},
		{name: "second base entry differs", want: []dcplan.Condition{availT0, edited(failT0), doneKept}},
		{name: "set entry differs", want: []dcplan.Condition{availT0, failT0, edited(doneKept)}},
		{name: "base order swapped", want: []dcplan.Condition{failT0, availT0, doneKept}},
		{name: "set entry first", want: []dcplan.Condition{doneKept, availT0, failT0}},
		{name: "one short", want: []dcplan.Condition{availT0, failT0}},
		{name: "one more", want: []dcplan.Condition{availT0, failT0, doneKept, progT0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := overlay{base: []dcplan.Condition{availT0, progT0, failT0}, now: now}
			o.setCondition(&done)
			if got := o.equal(tt.want); got != tt.eq {
				t.Errorf("overlay.equal() = %v, want %v", got, tt.eq)
			}
		})
	}
}

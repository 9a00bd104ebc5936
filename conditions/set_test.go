package conditions_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/google/go-cmp/cmp"
)

// SPEC 3.10, 5.19 SetDeploymentCondition.
func TestSet(t *testing.T) {
	// Reference: appsutil.SetDeploymentCondition
	prog := func(st dcplan.ConditionStatus, r dcplan.ConditionReason, msg string) dcplan.Condition {
		return cond(dcplan.ConditionProgressing, st, r, msg, t0)
	}
	other := func(text string) dcplan.Condition {
		c := prog(dcplan.StatusTrue, dcplan.ReasonOther, "by someone else")
		c.OtherReason = text
		return c
	}
	tests := []struct {
		name  string
		why   string
		conds []dcplan.Condition
		c     dcplan.Condition
		want  []dcplan.Condition
	}{
		{
			name: "absent type is appended",
			why:  "3.10: no condition of the type: the new one is added as given",
			c:    withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done"), now, now),
			want: []dcplan.Condition{withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done"), now, now)},
		},
		{
			name:  "absent type goes after the others",
			why:   "3.10: appending keeps existing conditions first",
			conds: []dcplan.Condition{availT0},
			c:     withTimes(prog(dcplan.StatusUnknown, dcplan.ReasonNone, "waiting"), now, now),
			want:  []dcplan.Condition{availT0, withTimes(prog(dcplan.StatusUnknown, dcplan.ReasonNone, "waiting"), now, now)},
		},
		{
			name:  "same status and reason changes nothing",
			why:   "3.10: message and lastUpdateTime are not refreshed",
			conds: []dcplan.Condition{prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "old text"), availT0},
			c:     withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "new text"), now, now),
			want:  []dcplan.Condition{prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "old text"), availT0},
		},
		{
			name:  "same status, new reason keeps the transition time",
			why:   "3.10: the replacement takes the old lastTransitionTime and its own lastUpdateTime",
			conds: []dcplan.Condition{prog(dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "progressing")},
			c:     withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done"), now, now),
			want:  []dcplan.Condition{withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done"), now, t0)},
		},
		{
			name:  "status change resets both times",
			why:   "3.10: a new status takes both timestamps from the new condition",
			conds: []dcplan.Condition{prog(dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "progressing")},
			c:     withTimes(prog(dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded, "failed"), now, now),
			want:  []dcplan.Condition{withTimes(prog(dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded, "failed"), now, now)},
		},
		{
			name:  "status change with the same reason resets both times",
			why:   "3.10: only status and reason together make a no-op",
			conds: []dcplan.Condition{unavailT0},
			c:     withTimes(availT0, now, now),
			want:  []dcplan.Condition{withTimes(availT0, now, now)},
		},
		{
			name:  "replacement moves the condition to the end",
			why:   "3.10: the old entry is removed and the new one appended, so the order changes",
			conds: []dcplan.Condition{unavailT0, prog(dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "progressing")},
			c:     withTimes(availT0, now, now),
			want:  []dcplan.Condition{prog(dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "progressing"), withTimes(availT0, now, now)},
		},
		{
			name: "duplicates are all removed on replacement",
			why:  "filterOutCondition drops every condition of the type; the first one decides the rule",
			conds: []dcplan.Condition{
				prog(dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "first"),
				availT0,
				prog(dcplan.StatusFalse, dcplan.ReasonRolloutCancelled, "second"),
			},
			c:    withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done"), now, now),
			want: []dcplan.Condition{availT0, withTimes(prog(dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, "done"), now, t0)},
		},
		{
			name:  "other reasons with equal text are the same reason",
			why:   "reasons compare as strings upstream",
			conds: []dcplan.Condition{other("Foreign")},
			c:     withTimes(func() dcplan.Condition { c := other("Foreign"); c.Message = "new"; return c }(), now, now),
			want:  []dcplan.Condition{other("Foreign")},
		},
		{
			name:  "other reasons with different text are different reasons",
			why:   "reasons compare as strings upstream",
			conds: []dcplan.Condition{other("Foreign")},
			c:     withTimes(other("Alien"), now, now),
			want:  []dcplan.Condition{withTimes(other("Alien"), now, t0)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]dcplan.Condition(nil), tt.conds...)
			got := conditions.Set(tt.conds, tt.c)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Set() mismatch (-want +got):\n%s", d)
			}
			if d := cmp.Diff(in, tt.conds); d != "" {
				t.Errorf("Set() modified its input (-before +after):\n%s", d)
			}
			if len(got) > 0 && len(tt.conds) > 0 && &got[0] == &tt.conds[0] {
				t.Errorf("Set() result aliases its input")
			}
		})
	}
}

func TestRemove(t *testing.T) {
	// Reference: appsutil.RemoveDeploymentCondition
	prog := cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "p", t0)
	tests := []struct {
		name  string
		why   string
		conds []dcplan.Condition
		typ   dcplan.ConditionType
		want  []dcplan.Condition
	}{
		{name: "nil stays nil", why: "normal form", typ: dcplan.ConditionProgressing},
		{name: "absent type copies", why: "nothing to filter", conds: []dcplan.Condition{availT0}, typ: dcplan.ConditionProgressing, want: []dcplan.Condition{availT0}},
		{name: "present type is dropped", why: "order of the rest kept", conds: []dcplan.Condition{prog, availT0}, typ: dcplan.ConditionProgressing, want: []dcplan.Condition{availT0}},
		{name: "last one gives nil", why: "empty lists are nil", conds: []dcplan.Condition{prog}, typ: dcplan.ConditionProgressing},
		{name: "duplicates all go", why: "filterOutCondition drops every match", conds: []dcplan.Condition{prog, availT0, prog}, typ: dcplan.ConditionProgressing, want: []dcplan.Condition{availT0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := conditions.Remove(tt.conds, tt.typ)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Remove() mismatch (-want +got):\n%s", d)
			}
			if tt.want == nil && got != nil {
				t.Errorf("Remove() = %#v, want nil", got)
			}
			if len(got) > 0 && &got[0] == &tt.conds[0] {
				t.Errorf("Remove() result aliases its input")
			}
		})
	}
}

func TestGet(t *testing.T) {
	// Reference: appsutil.GetDeploymentCondition
	first := cond(dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "first", t0)
	second := cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonRolloutCancelled, "second", t1)
	tests := []struct {
		name   string
		why    string
		conds  []dcplan.Condition
		typ    dcplan.ConditionType
		want   dcplan.Condition
		wantOK bool
	}{
		{name: "empty", why: "nothing to find", typ: dcplan.ConditionAvailable},
		{name: "absent", why: "other types only", conds: []dcplan.Condition{first}, typ: dcplan.ConditionAvailable},
		{name: "present", why: "found by type", conds: []dcplan.Condition{availT0, first}, typ: dcplan.ConditionProgressing, want: first, wantOK: true},
		{name: "first of duplicates", why: "upstream returns the first match", conds: []dcplan.Condition{first, second}, typ: dcplan.ConditionProgressing, want: first, wantOK: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := conditions.Get(tt.conds, tt.typ)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Get() mismatch (-want +got):\n%s", d)
			}
			if ok != tt.wantOK {
				t.Errorf("Get() ok = %v, want %v", ok, tt.wantOK)
			}
		})
	}
}

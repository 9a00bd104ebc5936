package dcstatus

import (
	"slices"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// SPEC 3.10, 5.19 SetDeploymentCondition, through the overlay (the
// library's set rule) and through the reference refSet.
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
			for name, set := range map[string]func([]dcplan.Condition, dcplan.Condition) []dcplan.Condition{"overlay": overlaySet, "refSet": refSet} {
				in := append([]dcplan.Condition(nil), tt.conds...)
				got := set(tt.conds, tt.c)
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Errorf("%s mismatch (-want +got):\n%s", name, d)
				}
				if d := cmp.Diff(in, tt.conds); d != "" {
					t.Errorf("%s modified its input (-before +after):\n%s", name, d)
				}
				if len(got) > 0 && len(tt.conds) > 0 && &got[0] == &tt.conds[0] {
					t.Errorf("%s result aliases its input", name)
				}
			}
		})
	}
}

// TestRemove: SPEC 3.10 RemoveDeploymentCondition, through the overlay
// and the reference refRemove.
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
			for name, remove := range map[string]func([]dcplan.Condition, dcplan.ConditionType) []dcplan.Condition{"overlay": overlayRemove, "refRemove": refRemove} {
				got := remove(tt.conds, tt.typ)
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Errorf("%s mismatch (-want +got):\n%s", name, d)
				}
				if tt.want == nil && got != nil {
					t.Errorf("%s = %#v, want nil", name, got)
				}
				if len(got) > 0 && &got[0] == &tt.conds[0] {
					t.Errorf("%s result aliases its input", name)
				}
			}
		})
	}
}

// TestGet: the first condition of a type, through the overlay and the
// reference refGet.
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
			for name, get := range map[string]func([]dcplan.Condition, dcplan.ConditionType) (dcplan.Condition, bool){"overlay": overlayGet, "refGet": refGet} {
				got, ok := get(tt.conds, tt.typ)
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Errorf("%s mismatch (-want +got):\n%s", name, d)
				}
				if ok != tt.wantOK {
					t.Errorf("%s ok = %v, want %v", name, ok, tt.wantOK)
				}
			}
		})
	}
}

// genCondition draws a condition of any type, status and reason, with
// timestamps near t0, so that the set rule meets every case.
func genCondition() *rapid.Generator[dcplan.Condition] {
	times := []time.Time{{}, t0.Add(-time.Hour), t0, t0.Add(time.Minute)}
	return rapid.Custom(func(t *rapid.T) dcplan.Condition {
		c := dcplan.Condition{
			Type:               rapid.SampledFrom([]dcplan.ConditionType{dcplan.ConditionAvailable, dcplan.ConditionProgressing, dcplan.ConditionProgressing, dcplan.ConditionReplicaFailure}).Draw(t, "type"),
			Status:             rapid.SampledFrom([]dcplan.ConditionStatus{dcplan.StatusTrue, dcplan.StatusFalse, dcplan.StatusUnknown}).Draw(t, "status"),
			Reason:             dcplan.ConditionReason(rapid.IntRange(int(dcplan.ReasonNone), int(dcplan.ReasonOther)).Draw(t, "reason")),
			Message:            rapid.SampledFrom([]string{"", "m1", MessageAvailable, `replication controller "web-3" successfully rolled out`}).Draw(t, "message"),
			LastUpdateTime:     rapid.SampledFrom(times).Draw(t, "update"),
			LastTransitionTime: rapid.SampledFrom(times).Draw(t, "transition"),
		}
		if c.Reason == dcplan.ReasonOther {
			c.OtherReason = rapid.SampledFrom([]string{"X", "Y"}).Draw(t, "other")
		}
		return c
	})
}

// TestSetProperties: the set rule's properties, through the overlay and
// the reference refSet: the input is never modified or aliased, a no-op
// changes nothing, and otherwise c (keeping the old transition time when
// the status stays) is last, the only one of its type, after the others
// in their order.
func TestSetProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		conds := rapid.SliceOfN(genCondition(), 0, 5).Draw(t, "conds")
		c := genCondition().Draw(t, "c")
		set := overlaySet
		if rapid.Bool().Draw(t, "reference") {
			set = refSet
		}
		before := slices.Clone(conds)
		got := set(conds, c)
		if d := mutation.Diff(before, conds); d != "" {
			t.Fatalf("Set() modified its input:\n%s", d)
		}
		cur, had := refGet(conds, c.Type)
		now, ok := refGet(got, c.Type)
		if !ok {
			t.Fatalf("Set() result has no %v condition", c.Type)
		}
		noop := had && cur.Status == c.Status && cur.Reason == c.Reason && cur.OtherReason == c.OtherReason
		switch {
		case noop:
			if d := cmp.Diff(conds, got, cmpopts.EquateEmpty()); d != "" {
				t.Fatalf("Set() changed a list on a no-op:\n%s", d)
			}
		default:
			want := c
			if had && cur.Status == c.Status {
				want.LastTransitionTime = cur.LastTransitionTime
			}
			if d := cmp.Diff(want, got[len(got)-1]); d != "" {
				t.Fatalf("Set() last entry mismatch (-want +got):\n%s", d)
			}
			if d := cmp.Diff(want, now); d != "" {
				t.Fatalf("Set() left another %v condition first:\n%s", c.Type, d)
			}
			if d := cmp.Diff(refRemove(conds, c.Type), got[:len(got)-1], cmpopts.EquateEmpty()); d != "" {
				t.Fatalf("Set() did not keep the other conditions in order:\n%s", d)
			}
		}
		if len(got) > 0 {
			got[0].Message = "scribbled"
			if d := mutation.Diff(before, conds); d != "" {
				t.Fatalf("Set() result aliases its input:\n%s", d)
			}
		}
	})
}

package conditions_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// TestExtraConditionOfAnotherType: the set rule (SPEC 3.10) finds a
// condition by its type's text, as upstream's SetDeploymentCondition
// compares type strings, and compares statuses by their text (SPEC 13.1:
// another writer's types and statuses are kept as they stand). An extra
// condition of one type another writer owns ("example.com/Gate") neither
// replaces nor is absorbed by a condition of another such type
// ("example.com/Ready"), and a status of another spelling is a change.
func TestExtraConditionOfAnotherType(t *testing.T) {
	other := func(typ string, st dcplan.ConditionStatus, otherStatus string, at time.Time) dcplan.Condition {
		c := cond(dcplan.ConditionOther, st, dcplan.ReasonOther, "", at)
		c.OtherType, c.OtherStatus, c.OtherReason = typ, otherStatus, "GateReason"
		return c
	}
	ready := other("example.com/Ready", dcplan.StatusOther, "Perhaps", t0)
	cases := []struct {
		name  string
		extra dcplan.Condition
		want  []dcplan.Condition
	}{{
		name:  "another type is added beside it",
		extra: other("example.com/Gate", dcplan.StatusTrue, "", now),
		want:  []dcplan.Condition{ready, other("example.com/Gate", dcplan.StatusTrue, "", now)},
	}, {
		name:  "the same type, status and reason changes nothing",
		extra: other("example.com/Ready", dcplan.StatusOther, "Perhaps", now),
		want:  []dcplan.Condition{ready},
	}, {
		name:  "the same type with another status of another writer's spelling replaces it, both times new",
		extra: other("example.com/Ready", dcplan.StatusOther, "Maybe", now),
		want:  []dcplan.Condition{other("example.com/Ready", dcplan.StatusOther, "Maybe", now)},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config(1)
			cfg.Status.Conditions = []dcplan.Condition{ready}
			s := snap(dcplan.Modern, cfg, rc(1, dcplan.PhaseComplete, 3, 3, 3, 3))
			// The DC's own conditions as this pass sets them, then the
			// caller's extra one last.
			base := conditions.Status(s, false).Conditions
			got := conditions.Status(s, false, tc.extra).Conditions
			var mine []dcplan.Condition
			for _, c := range got {
				if c.Type == dcplan.ConditionOther {
					mine = append(mine, c)
				}
			}
			if d := cmp.Diff(tc.want, mine); d != "" {
				t.Errorf("conditions of other writers (-want +got):\n%s\nall: %v\nwithout the extra: %v", d, got, base)
			}
		})
	}
}

package explore_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/wire"
)

// TestExploreEveryUserOperation: every oc command and edit of Operations
// but delete (TestExploreDeleting's) is made at least once, not only
// refused, in a search that can reach it: two user moves per trace, from
// two finished rollouts and from the same DC paused, at replicas 1 and
// 2. The default tier's searches, with one user move from a fresh DC,
// never resume, undo or scale (an undo needs an earlier revision, a
// resume a paused DC), so a planner mutant there went unseen.
func TestExploreEveryUserOperation(t *testing.T) {
	st := dcplan.Modern.Settings()
	o := explore.Defaults(st)
	o.Users, o.Faults, o.Stale, o.Hooks = 2, 0, 0, 0
	o.Replicas = []int{1, 2}
	o.Ops = slices.DeleteFunc(slices.Clone(explore.Operations), func(op string) bool { return op == "delete" })
	o.Initial = []explore.Objects{historyWorld(t), pausedHistoryWorld(t)}
	res := mustExplore(t, o)
	t.Logf("%d states, %d transitions, ops %v", res.States, res.Transitions, res.Ops)
	for _, op := range o.Ops {
		made := 0
		for k, n := range res.Ops {
			if k == op || strings.HasPrefix(k, op+"=") {
				made += n
			}
		}
		if made == 0 {
			t.Errorf("no %s was made in %d transitions", op, res.Transitions)
		}
	}
	for _, v := range res.Violations {
		text, _ := explore.Scenario(v, st, scenario.FormatState)
		t.Errorf("%s: %v\n%s", v.Property, v.Err, text)
	}
}

// pausedHistoryWorld is historyWorld with the DC paused.
func pausedHistoryWorld(t *testing.T) explore.Objects {
	t.Helper()
	o := historyWorld(t)
	cfg := config(t, 2, "registry.example/app:1")
	cfg.ResourceVersion, cfg.RevisionHistoryLimit, cfg.Paused = "5", 1, true
	o[wire.ResourceConfigs+"/"+cfg.Name] = dcJSON(t, cfg)
	return o
}

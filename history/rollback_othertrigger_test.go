package history_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// TestRollbackRestoresOtherTypeTrigger: with IncludeTriggers, a rollback
// to a revision whose only difference is the text of a trigger of another
// type (SPEC 13.1) writes the triggers back, and Describe names it.
func TestRollbackRestoresOtherTypeTrigger(t *testing.T) {
	cur := lrConfig(2)
	cur.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerOther, OtherType: "GenericWebHook"}}
	old := lrRC(1, dcplan.PhaseComplete, time.Hour)
	old.Encoded.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerOther, OtherType: "GitHubWebHook"}}
	s := lrSnap(dcplan.Modern, cur, old, lrRC(2, dcplan.PhaseComplete, time.Minute))
	p, cfg, _, err := history.Rollback(s, 1, history.RollbackOptions{IncludeTriggers: true})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Triggers[0].OtherType != "GitHubWebHook" {
		t.Fatalf("result cfg trigger %+v", cfg.Triggers)
	}
	if !p.UpdateConfig[0].SetTriggers {
		t.Errorf("plan does not write the restored triggers: result has %q, DC has %q", cfg.Triggers[0].TypeText(), cur.Triggers[0].TypeText())
	}
	u := dcplan.ConfigUpdate{Config: "web", SetTriggers: true, Triggers: cfg.Triggers}
	d := dcplan.Describe(dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{u}})
	if !strings.Contains(d, "GitHubWebHook") {
		t.Errorf("Describe loses the type: %s", d)
	}
}

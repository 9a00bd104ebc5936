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

// TestRollbackChangeTriggersNamesRevision: with IncludeTriggers the update
// writes the revision's triggers and names the RC they come from, even
// when they equal the DC's in every typed field: the revision's elements
// may carry members the library does not model (from.uid, say), which
// upstream's generated DC carries and wire sends (SPEC 6m.4a). Without
// IncludeTriggers the triggers are the DC's own, and no RC is named.
func TestRollbackChangeTriggersNamesRevision(t *testing.T) {
	cur := lrConfig(2)
	cur.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}
	old := lrRC(1, dcplan.PhaseComplete, time.Hour)
	old.Encoded.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}
	s := lrSnap(dcplan.Modern, cur, old, lrRC(2, dcplan.PhaseComplete, time.Minute))
	p, _, _, err := history.Rollback(s, 1, history.RollbackOptions{IncludeTriggers: true})
	if err != nil {
		t.Fatal(err)
	}
	if u := p.UpdateConfig[0]; !u.SetTriggers || u.TriggersRC != old.Name {
		t.Errorf("with IncludeTriggers: SetTriggers %v TriggersRC %q, want true and %q", u.SetTriggers, u.TriggersRC, old.Name)
	}
	p, _, _, err = history.Rollback(s, 1, history.RollbackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if u := p.UpdateConfig[0]; u.SetTriggers || u.TriggersRC != "" {
		t.Errorf("without IncludeTriggers: SetTriggers %v TriggersRC %q, want false and none", u.SetTriggers, u.TriggersRC)
	}
}

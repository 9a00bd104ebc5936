package wire

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// TestTriggerOfOtherTypeRoundTrips: a trigger whose type is neither
// ConfigChange nor ImageChange, which OpenShift's API server stores (it
// requires only a non-empty type, SPEC 13.1), decodes as TriggerOther
// with its spelling, validates, and is written back as read.
func TestTriggerOfOtherTypeRoundTrips(t *testing.T) {
	doc := `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web","namespace":"ns","uid":"u"},` +
		`"spec":{"replicas":1,"selector":{"app":"web"},"strategy":{"type":"Rolling","rollingParams":{}},` +
		`"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"img:1"}]}},` +
		`"triggers":[{"type":"ConfigChange"},{"type":"Manual"},{"type":"GitHubWebHook"}]}}`
	c, err := DecodeConfig([]byte(doc))
	if err != nil {
		t.Fatalf("DecodeConfig: %v", err)
	}
	want := []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}, {Type: dcplan.TriggerManual}, {Type: dcplan.TriggerOther, OtherType: "GitHubWebHook"}}
	if len(c.Triggers) != len(want) {
		t.Fatalf("triggers = %+v, want %+v", c.Triggers, want)
	}
	for i := range want {
		if got := c.Triggers[i]; got.Type != want[i].Type || got.OtherType != want[i].OtherType || got.TypeText() != []string{"ConfigChange", "Manual", "GitHubWebHook"}[i] {
			t.Errorf("trigger %d = %+v (%q), want %+v", i, got, got.TypeText(), want[i])
		}
	}
	if err := (dcplan.Snapshot{Now: time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC), Config: c}).ValidateConfig(); err != nil {
		t.Errorf("ValidateConfig: %v", err)
	}
	out, err := EncodeConfig(c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"triggers":[{"type":"ConfigChange"},{"type":"Manual"},{"type":"GitHubWebHook"}]`) {
		t.Errorf("EncodeConfig lost the triggers' types:\n%s", out)
	}
	c.Triggers[2].OtherType = "Other"
	if out, _ := EncodeConfig(c); !strings.Contains(string(out), `{"type":"Other"}`) {
		t.Errorf("EncodeConfig did not write the changed type:\n%s", out)
	}
}

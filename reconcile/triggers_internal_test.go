package reconcile

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// TestEvaluateTriggersQuiet holds triggerActivated's "nothing fires"
// rules to SPEC 3.5 as the evaluation itself states them, not only as the
// pass around it shows them (the pass returns before the evaluation for a
// DC at version 0 without triggers, SPEC 3.2.1).
//
// Reference: deploymentconfig_controller.go triggerActivated.
func TestEvaluateTriggersQuiet(t *testing.T) {
	tmpl := func(hash, image string) dcplan.Template {
		return dcplan.Template{Hash: hash, Containers: []dcplan.Container{{Name: "web", Image: image}}}
	}
	config := func(version dcplan.Version, t dcplan.Template, triggers ...dcplan.Trigger) *dcplan.Config {
		return &dcplan.Config{Name: "web", Template: t, Triggers: triggers, Status: dcplan.ConfigStatus{LatestVersion: version}}
	}
	configChange := dcplan.Trigger{Type: dcplan.TriggerConfigChange}
	imageChange := dcplan.Trigger{Type: dcplan.TriggerImageChange, FromName: "app:latest", LastTriggeredImage: "app:1"}
	v1 := tmpl("h1", "app:1")
	// web1 was made from v1: its template, and v1 encoded.
	web1 := &dcplan.Deployment{Name: "web-1", Version: 1, Phase: dcplan.PhaseComplete, Template: v1, Encoded: config(1, v1)}
	changed := tmpl("h2", "app:2")

	tests := []struct {
		name   string
		why    string
		cfg    *dcplan.Config
		latest history.LatestInfo
	}{
		{"3.5.2: no trigger at version 0", "neither a ConfigChange nor an ImageChange trigger: no trigger, even for the initial rollout",
			config(0, changed), history.LatestInfo{}},
		{"3.5.2: no trigger, template changed", "a DC without triggers never fires, however its template changed",
			config(1, changed), history.LatestInfo{Candidate: web1, Exists: true}},
		{"3.5.2: other trigger types", "only ConfigChange and ImageChange count (SPEC 13.1)",
			config(0, changed, dcplan.Trigger{Type: dcplan.TriggerOther, OtherType: "Manual"}), history.LatestInfo{}},
		{"3.5.4: latest RC not created", "after the initial rollout, a missing latest RC waits for its creation: a changed template and image fire nothing",
			config(2, changed, configChange, imageChange), history.LatestInfo{Candidate: web1}},
		{"3.5.4: no RC at all", "latestVersion 1 and no RC: nothing to compare with, no trigger",
			config(1, changed, configChange, imageChange), history.LatestInfo{}},
		{"3.5.7: nothing changed", "both triggers, the image among the RC's and the template as encoded: no trigger",
			config(1, v1, configChange, imageChange), history.LatestInfo{Candidate: web1, Exists: true}},
		{"3.5.6: image trigger only, template changed", "without a ConfigChange trigger a template that differs from the encoded one (its image as the RC runs it) fires nothing",
			config(1, tmpl("h3", "app:1"), imageChange), history.LatestInfo{Candidate: web1, Exists: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := evaluateTriggers(tt.cfg, false, tt.latest, false)
			if got.decision != noTrigger || got.err != "" || len(got.details.Causes) != 0 {
				t.Errorf("evaluateTriggers() = %+v, want no trigger (%s)", got, tt.why)
			}
		})
	}
	// The quiet rows are quiet for their rule's reason: with the trigger
	// they lack, or with the latest RC present, the same DC fires.
	if got := evaluateTriggers(config(1, changed, configChange), false, history.LatestInfo{Candidate: web1, Exists: true}, false); got.decision != fire {
		t.Errorf("a ConfigChange trigger on the changed template: %+v, want fire", got)
	}
	if got := evaluateTriggers(config(0, changed, configChange), false, history.LatestInfo{}, false); got.decision != fire {
		t.Errorf("a ConfigChange trigger at version 0: %+v, want fire", got)
	}
	if got := evaluateTriggers(config(1, tmpl("h3", "app:1"), configChange, imageChange), false, history.LatestInfo{Candidate: web1, Exists: true}, false); got.decision != fire {
		t.Errorf("a ConfigChange trigger beside the image trigger on a template changed but for its image: %+v, want fire", got)
	}
}

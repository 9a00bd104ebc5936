package dcplan_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestConfigUpdateApplyToReportsChange: ConfigUpdate.ApplyTo reports a
// change, the API server's cue to bump metadata.generation (SPEC 6.4,
// 6m.4a, 6m.7.5), exactly when a flagged field gets another value: writing
// the value a field holds changes nothing, and a template that differs
// in its JSON only is another template.
func TestConfigUpdateApplyToReportsChange(t *testing.T) {
	base := func() dcplan.Config {
		return dcplan.Config{Name: "web", Replicas: 2, Paused: true,
			Selector: []dcplan.KeyValue{{Key: "app", Value: "web"}},
			Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}},
			Strategy: dcplan.Strategy{Type: dcplan.StrategyRolling, HasParams: true, Raw: dcplan.RawJSON(`{"type":"Rolling"}`)},
			Template: dcplan.Template{Containers: []dcplan.Container{{Name: "c", Image: "i"}}, Hash: "h", Raw: dcplan.RawJSON(`{"a":1}`)}}
	}
	otherRaw := base().Template
	otherRaw.Raw = dcplan.RawJSON(`{"a":2}`)
	tests := []struct {
		name    string
		why     string
		update  dcplan.ConfigUpdate
		changed bool
		want    func(*dcplan.Config)
	}{
		{"same replicas", "the value held", dcplan.ConfigUpdate{SetReplicas: true, ReplicasTo: 2}, false, func(*dcplan.Config) {}},
		{"same selector", "the value held", dcplan.ConfigUpdate{SetSelector: true, Selector: []dcplan.KeyValue{{Key: "app", Value: "web"}}},
			false, func(*dcplan.Config) {}},
		{"same paused", "pause of a paused DC (SPEC 6m.7.5)", dcplan.ConfigUpdate{SetPaused: true, PausedTo: true}, false, func(*dcplan.Config) {}},
		{"same template", "the value held", dcplan.ConfigUpdate{SetTemplate: true, Template: base().Template}, false, func(*dcplan.Config) {}},
		{"same triggers", "the value held", dcplan.ConfigUpdate{SetTriggers: true, Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}},
			false, func(*dcplan.Config) {}},
		{"same strategy", "the value held, its JSON included", dcplan.ConfigUpdate{SetStrategy: true, Strategy: base().Strategy},
			false, func(*dcplan.Config) {}},
		{"template JSON only", "a rollback restores the whole pod template (SPEC 6m.4a)", dcplan.ConfigUpdate{SetTemplate: true, Template: otherRaw},
			true, func(c *dcplan.Config) { c.Template = otherRaw }},
		{"resume", "resume of a paused DC", dcplan.ConfigUpdate{SetPaused: true, PausedTo: false}, true, func(c *dcplan.Config) { c.Paused = false }},
		{"latest version", "status: no change reported", dcplan.ConfigUpdate{SetLatestVersion: true, LatestVersionTo: 1}, false,
			func(c *dcplan.Config) { c.Status.LatestVersion = 1 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base()
			changed := tt.update.ApplyTo(&c)
			want := base()
			tt.want(&want)
			if changed != tt.changed {
				t.Errorf("ApplyTo() = %v, want %v (%s)", changed, tt.changed, tt.why)
			}
			if d := cmp.Diff(want, c); d != "" {
				t.Errorf("ApplyTo() config mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestTransitionApplyToAnnotations: SyncDesired (the seed deployer-pod
// controller on a Failed RC, SPEC 12 SeedReplicasAnnotation) copies the
// desired count into openshift.io/deployment.replicas only when the RC
// has one, keeping the annotation it has otherwise; and a retry's
// RetriedAt is written as the deployer's stamps are (SPEC
// 4.3.new.3.retry).
func TestTransitionApplyToAnnotations(t *testing.T) {
	retried := t0.Add(time.Hour)
	tests := []struct {
		name string
		d    dcplan.Deployment
		tr   dcplan.Transition
		want func(*dcplan.Deployment)
	}{
		{"sync without desired", dcplan.Deployment{SyncedReplicas: 2, HasSyncedReplicas: true},
			dcplan.Transition{To: dcplan.PhaseComplete, SyncDesired: true},
			func(d *dcplan.Deployment) { d.Phase = dcplan.PhaseComplete }},
		{"sync with desired", dcplan.Deployment{DesiredReplicas: 5, HasDesiredReplicas: true},
			dcplan.Transition{To: dcplan.PhaseComplete, SyncDesired: true},
			func(d *dcplan.Deployment) {
				d.Phase, d.SyncedReplicas, d.HasSyncedReplicas = dcplan.PhaseComplete, 5, true
			}},
		{"retried", dcplan.Deployment{Phase: dcplan.PhaseFailed, Cancelled: true, Reason: dcplan.ReasonCancelledByUser},
			dcplan.Transition{From: dcplan.PhaseFailed, To: dcplan.PhaseNew, ClearCancel: true, RetriedAt: retried, RetriedPod: "old-pod"},
			func(d *dcplan.Deployment) {
				d.Phase, d.Cancelled, d.Reason, d.RetriedAt, d.RetriedPod = dcplan.PhaseNew, false, "", retried, "old-pod"
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.d
			tt.tr.ApplyTo(&got)
			want := tt.d
			tt.want(&want)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("ApplyTo() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

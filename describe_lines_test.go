package dcplan_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestDescribeLines pins the fields of Describe's lines that fullPlan
// leaves at their default: each row sets the fields of one kind of line
// that print only when set (STYLE rule 14: fields at their default are
// omitted), and the wait line's class and quoting rules.
func TestDescribeLines(t *testing.T) {
	later := t0.Add(time.Minute)
	tests := []struct {
		name string
		why  string
		plan dcplan.Plan
		want string
	}{
		{"update-dc every field", "each flagged field prints from->to, the strategy only as replaced, the template by short hash",
			dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Rule: "6.3", Config: "web",
				SetSelector: true, Selector: []dcplan.KeyValue{{Key: "a", Value: "b"}, {Key: "c", Value: "d"}},
				SetPaused: true, PausedTo: true,
				SetTemplate: true, TemplateFrom: "0123456789abcdef", Template: dcplan.Template{Hash: "beef"},
				SetTriggers: true, Triggers: []dcplan.Trigger{{Type: dcplan.TriggerConfigChange},
					{Type: dcplan.TriggerImageChange}, {Type: dcplan.TriggerImageChange, Automatic: true},
					{Type: dcplan.TriggerOther, OtherType: "Gate"}},
				SetStrategy:      true,
				SetLatestVersion: true, LatestVersionFrom: 3, LatestVersionTo: 4,
				Patch: true}}},
			`update-dc dc/web selector="{a=b,c=d}"` + " paused=false->true template=01234567->beef " +
				"triggers=[ConfigChange,ImageChange(manual),ImageChange,Gate] strategy=replaced latestVersion=3->4 write=patch rule=6.3\n"},
		{"update-dc template from none", "a template seen without a hash prints none",
			dcplan.Plan{UpdateConfig: []dcplan.ConfigUpdate{{Config: "web", SetTemplate: true, Template: dcplan.Template{Hash: "12345678"}}}},
			"update-dc dc/web template=none->12345678\n"},
		{"claims after a create", "an adoption or release of the RC read live after AlreadyExists prints live",
			dcplan.Plan{Adopt: []dcplan.Adopt{{Rule: "3.3.2", RC: "web-2", Config: "web", Live: true}},
				Release: []dcplan.Release{{Rule: "3.3.1", RC: "web-3", Live: true}}},
			"adopt rc/web-2 owner=dc/web live=true rule=3.3.2\nrelease rc/web-3 live=true rule=3.3.1\n"},
		{"seed deployer pod", "a pod without an owner reference and the seed spec print so",
			dcplan.Plan{CreatePods: []dcplan.CreatePod{{Rule: "4.3.new.4", Pod: dcplan.DeployerPod{Name: "web-2-deploy", RC: "web-2", Image: "d", ServiceAccount: "sa",
				ActiveDeadlineSeconds: 21600, Unowned: true, SeedSpec: true}}}},
			"create-pod pod/web-2-deploy rc=web-2 image=d serviceAccount=sa deadline=21600 owner=none spec=seed rule=4.3.new.4\n"},
		{"details recorded again", "details replaced whole that read the same print as recorded",
			dcplan.Plan{Status: &dcplan.StatusUpdate{Rule: "3.2.11", Config: "web", RecordsDetails: true,
				From: dcplan.ConfigStatus{Details: dcplan.Details{Message: "config change"}},
				To:   dcplan.ConfigStatus{Details: dcplan.Details{Message: "config change"}}}},
			"status dc/web details=recorded rule=3.2.11\n"},
		{"instantiate", "latest and force print as booleans, both",
			dcplan.Plan{Instantiate: []dcplan.Instantiate{{Rule: "6m.3", Config: "web", Latest: true}}},
			"instantiate dc/web latest=true force=false rule=6m.3\n"},
		{"set-pod-deadline from a deadline", "a pod that had a deadline prints it as the from value",
			dcplan.Plan{SetPodDeadlines: []dcplan.SetPodDeadline{{Rule: "2.3", Pod: "web-2-deploy", HadDeadline: true, From: 600, To: 1}}},
			"set-pod-deadline pod/web-2-deploy deadline=600->1 rule=2.3\n"},
		{"delete-pod stopping", "stopOnFailure prints when set",
			dcplan.Plan{DeletePods: []dcplan.DeletePod{{Pod: "web-2-hook", RC: "web-2", StopOnFailure: true}}},
			"delete-pod pod/web-2-hook rc=web-2 stopOnFailure=true\n"},
		{"cancel by the user", "who cancels, the patch write and the reclaim print when set",
			dcplan.Plan{Cancels: []dcplan.Cancel{{Rule: "6m.1", RC: "web-2", Version: 2, Phase: dcplan.PhasePending,
				Reason: dcplan.ReasonCancelledByUser, ByUser: true, Patch: true, Reclaim: true}}},
			`cancel rc/web-2 v=2 phase=Pending reason="cancelled by the user" by=user write=patch reclaim=true rule=6m.1` + "\n"},
		{"scale with annotation", "the annotation sync and the reclaim print when set",
			dcplan.Plan{Scales: []dcplan.Scale{{RC: "web-1", Version: 1, From: 0, To: 2, SyncAnnotation: true, Reclaim: true}}},
			"scale rc/web-1 v=1 replicas=0->2 syncAnnotation=true reclaim=true\n"},
		{"transition every flag", "clearCancel, the reason, the pod, four stamps, syncDesired, replicas->0 and the patch write",
			dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-3", Version: 3, From: dcplan.PhaseNew, To: dcplan.PhaseFailed,
				ClearCancel: true, SetReason: true, Reason: dcplan.ReasonDeployerCreateFailed, DeployerPod: "web-3-deploy",
				CreatedAt: t0, StartedAt: t0, CompletedAt: later, RetriedAt: later,
				SyncDesired: true, Desired: 2, ScaleToZero: true, ReplicasFrom: 2, Patch: true}}},
			`transition rc/web-3 v=3 phase=New->Failed clearCancel=true reason="unable to create deployer pod" deployerPod=web-3-deploy ` +
				"createdAt=2026-11-30T10:00:00Z startedAt=2026-11-30T10:00:00Z completedAt=2026-11-30T10:01:00Z " +
				"retriedAt=2026-11-30T10:01:00Z syncDesired=2 replicas=2->0 write=patch\n"},
		{"transition completed without finishedAt", "Completed prints the zero time it writes (SPEC 1.1, 2.2)",
			dcplan.Plan{Transitions: []dcplan.Transition{{RC: "web-3", Version: 3, From: dcplan.PhaseRunning, To: dcplan.PhaseFailed, Completed: true}}},
			"transition rc/web-3 v=3 phase=Running->Failed completedAt=0001-01-01T00:00:00Z\n"},
		{"create-rc without desired", "no desired count, no desired field",
			dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: dcplan.Deployment{Name: "web-1", Version: 1, Phase: dcplan.PhaseNew}}}},
			"create-rc rc/web-1 v=1 phase=New replicas=0\n"},
		{"events on an rc and a pod", "the kind prints short for an RC, lowercased otherwise",
			dcplan.Plan{Events: []dcplan.Event{
				{Object: dcplan.ObjectRef{Kind: "ReplicationController", Name: "web-2"}, Type: dcplan.EventWarning, Reason: dcplan.EventFailedCreate},
				{Object: dcplan.ObjectRef{Kind: "Pod", Name: "web-2-deploy"}, Reason: "Killing"}}},
			"event rc/web-2 type=Warning reason=FailedCreate\nevent pod/web-2-deploy type=Normal reason=Killing\n"},
		{"unprintable text quoted", "a value with a character that does not print is quoted, escaped",
			dcplan.Plan{Events: []dcplan.Event{{Object: dcplan.ObjectRef{Kind: "DeploymentConfig", Name: "web"}, Reason: "R", Message: "a\u200bb"}}},
			`event dc/web type=Normal reason=R message="a\u200bb"` + "\n"},
		{"retried error", "1.7: a plain retried error prints no class",
			dcplan.Plan{Wait: dcplan.WaitRetry, Message: "boom", Error: dcplan.ErrorRetry},
			"wait retry \"boom\"\n"},
		{"actionable error", "1.7: the deployer's actionable errors say so",
			dcplan.Plan{Message: "boom", Error: dcplan.ErrorActionable},
			"wait \"boom\" error=actionable\n"},
		{"recheck only", "a deadline ahead prints without a wait line",
			dcplan.Plan{RecheckAfter: 2 * time.Second},
			"recheck-after 2s\n"},
		{"recheck of the shortest deadline", "any positive RecheckAfter prints, one nanosecond too (a deadline due next is still ahead)",
			dcplan.Plan{RecheckAfter: time.Nanosecond},
			"recheck-after 1ns\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, dcplan.Describe(tt.plan)); d != "" {
				t.Errorf("Describe() mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
		})
	}
}

// TestDescribeStatusConditions: a status line prints each condition that
// changed or is new, and each that went away, matching conditions by type
// and, for another writer's type (ConditionOther), by its text (SPEC 3.10,
// 13.1: conditions of other writers are kept as they stand); and the
// details when they changed, causes and images included, a message-less
// one too.
func TestDescribeStatusConditions(t *testing.T) {
	gate := dcplan.Condition{Type: dcplan.ConditionOther, OtherType: "Gate", Status: dcplan.StatusTrue}
	ready := dcplan.Condition{Type: dcplan.ConditionOther, OtherType: "Ready", Status: dcplan.StatusTrue}
	prog := dcplan.Condition{Type: dcplan.ConditionProgressing, Status: dcplan.StatusUnknown, Message: "old"}
	progNow := prog
	progNow.Status, progNow.Reason, progNow.Message = dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, "new"
	p := dcplan.Plan{Status: &dcplan.StatusUpdate{Rule: "3.9", Config: "web",
		From: dcplan.ConfigStatus{ObservedGeneration: 1, UnavailableReplicas: 2, Conditions: []dcplan.Condition{gate, ready, prog}},
		To: dcplan.ConfigStatus{ObservedGeneration: 2, UnavailableReplicas: 1,
			Details:    dcplan.Details{Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}, {Type: dcplan.TriggerImageChange, Image: "img:2"}}},
			Conditions: []dcplan.Condition{ready, progNow}}}}
	want := `status dc/web observedGeneration=1->2 unavailable=2->1 details=" [ConfigChange,ImageChange:img:2]" rule=3.9
  condition Progressing status=True reason=ReplicationControllerUpdated message=new
  condition Gate removed=true
`
	if d := cmp.Diff(want, dcplan.Describe(p)); d != "" {
		t.Errorf("Describe() mismatch (-want +got):\n%s", d)
	}
	p.Status.From, p.Status.To = p.Status.To, dcplan.ConfigStatus{ObservedGeneration: 2, UnavailableReplicas: 1, Conditions: []dcplan.Condition{ready, progNow}}
	want = "status dc/web details=none rule=3.9\n"
	if d := cmp.Diff(want, dcplan.Describe(p)); d != "" {
		t.Errorf("Describe() of cleared details mismatch (-want +got):\n%s", d)
	}
}

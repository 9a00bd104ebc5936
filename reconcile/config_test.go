package reconcile_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/reconcile"
)

const (
	normal  = dcplan.EventNormal
	warning = dcplan.EventWarning
)

// TestConfigDecisionList walks SPEC 3.2, the DC controller's decision
// list, one case per branch in upstream's order.
//
// Reference: deploymentconfig_controller.go (*DeploymentConfigController).Handle
func TestConfigDecisionList(t *testing.T) {
	v2 := config(2)
	noTriggers := config(0)
	noTriggers.Triggers = nil
	paused := config(4)
	paused.Paused = true
	paused.HasRevisionHistoryLimit, paused.RevisionHistoryLimit = true, 0
	deleting := config(1)
	deleting.Deleting = true
	unresolved := config(1)
	unresolved.Template = fake.TemplateOf(" ")
	cancelled := rollout(t, v2, 2, dcplan.PhaseRunning, 1)
	cancelled.Cancelled = true
	initialImages := config(0)
	initialImages.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, Automatic: true, FromName: "app:latest"}}
	resolved := config(0)
	resolved.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, FromName: "app:latest", LastTriggeredImage: imageA}}
	imageChanged := config(1)
	imageChanged.Triggers = append(imageChanged.Triggers, dcplan.Trigger{Type: dcplan.TriggerImageChange, FromName: "app:latest"})
	imageChanged.Template = fake.TemplateOf(imageB, imageA, imageB)
	configChanged := config(1)
	configChanged.Template = fake.TemplateOf(imageA, imageA)
	noEncoded := rollout(t, v2, 1, dcplan.PhaseComplete, 3)
	noEncoded.Encoded = nil
	undecodable := rollout(t, v2, 1, dcplan.PhaseComplete, 3)
	undecodable.Encoded, undecodable.EncodedProblem = nil, "couldn't get version/kind; json parse error: unexpected end of JSON input"
	testDC := config(2)
	testDC.Test = true
	limited := func(v dcplan.Version, limit int32) dcplan.Config {
		c := config(v)
		c.HasRevisionHistoryLimit, c.RevisionHistoryLimit = true, limit
		return c
	}
	configChange := dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}
	rolledOut := func(rc string) string {
		return `True/NewReplicationControllerAvailable: replication controller "` + rc + `" successfully rolled out`
	}
	failed := func(rc string) string {
		return `False/ProgressDeadlineExceeded: replication controller "` + rc + `" has failed progressing`
	}
	scaled := func(rc string, v dcplan.Version, from, to dcplan.Replicas) (dcplan.Scale, string) {
		return dcplan.Scale{Rule: "3.6.3", RC: rc, Version: v, From: from, To: to},
			ev(normal, "ReplicationControllerScaled", `Scaled replication controller "`+rc+`" from `+itoa(from)+" to "+itoa(to), "3.6.3")
	}
	s2up, e2up := scaled("web-2", 2, 0, 3)
	s1down, e1down := scaled("web-1", 1, 3, 0)
	s2down, e2down := scaled("web-2", 2, 2, 0)
	s1up, e1up := scaled("web-1", 1, 0, 3)
	s2test, e2test := scaled("web-2", 2, 3, 0)

	tests := []struct {
		name string
		why  string
		s    dcplan.Snapshot
		want shape
		// modern, when set, is the Modern plan where it differs from
		// Exact's (want).
		modern *shape
	}{{
		name: "version 0 without triggers",
		why: "3.2.1: nothing to reconcile; the status comes from an empty RC list even when RCs exist " +
			"(NoTriggersIgnoresRCs); Modern catches the status up to the RC it claims (3.2.1.claim, 3.2.7)",
		s:      snapshot(noTriggers, rollout(t, v2, 1, dcplan.PhaseComplete, 3)),
		want:   shape{Status: &statusShape{Rule: "3.2.1", ObservedGeneration: 2}},
		modern: &shape{Status: &statusShape{Rule: "3.2.7", LatestVersion: 1}, Wait: dcplan.WaitStatusLag},
	}, {
		name: "version 0 without triggers or RCs",
		why:  "3.2.1: with no RC of a rollout to claim, Modern too computes the status from no RCs and stops",
		s:    snapshot(noTriggers),
		want: shape{Status: &statusShape{Rule: "3.2.1", ObservedGeneration: 2}},
	}, {
		name: "deleting",
		why:  "3.2.4: a DC being deleted only refreshes its status",
		s:    snapshot(deleting, rollout(t, v2, 1, dcplan.PhaseNew, 0)),
		want: shape{Status: &statusShape{Rule: "3.2.4", LatestVersion: 1, ObservedGeneration: 2}},
	}, {
		name: "paused",
		why:  "3.2.5: cleanup and status only; the superseded v3 is not cancelled and v2 is not scaled",
		s: snapshot(paused, rollout(t, paused, 1, dcplan.PhaseComplete, 0), rollout(t, paused, 2, dcplan.PhaseComplete, 0),
			rollout(t, paused, 3, dcplan.PhaseRunning, 2)),
		want: shape{
			DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "web-1", Version: 1, IfUnchanged: true}},
			Status:    &statusShape{Rule: "3.2.5", LatestVersion: 4, ObservedGeneration: 2},
		},
	}, {
		name: "status lags the RCs",
		why:  "3.2.7: only +1 per pass, nothing else recomputed, observedGeneration kept",
		s:    snapshot(config(1), rollout(t, v2, 3, dcplan.PhaseComplete, 3)),
		want: shape{Status: &statusShape{Rule: "3.2.7", LatestVersion: 2}, Wait: dcplan.WaitStatusLag},
	}, {
		name: "cancel superseded rollouts",
		why:  "3.4: an unknown phase counts as in flight (AwaitUnknownPhase; Modern leaves it); an already-cancelled rollout is awaited but not written",
		s:    snapshot(config(3), rollout(t, v2, 1, dcplan.PhaseUnknown, 0), cancelled),
		want: shape{
			Cancels: []dcplan.Cancel{{Rule: "3.4.3", RC: "web-1", Version: 1, Phase: dcplan.PhaseUnknown, Reason: dcplan.ReasonCancelledByNewer}},
			Events: []string{
				ev(normal, "DeploymentCancelled", `Cancelled deployment "web-1" superceded by version 3`, "3.4.3"),
				ev(normal, "DeploymentAwaitingCancellation", "Deployment of version 3 awaiting cancellation of older running deployments", "3.4.4"),
			},
			Wait:    dcplan.WaitCancellation,
			Message: "found previous inflight deployment for ns/web - requeuing",
		},
		modern: &shape{
			Events: []string{
				ev(normal, "DeploymentAwaitingCancellation", "Deployment of version 3 awaiting cancellation of older running deployments", "3.4.4"),
			},
			Wait:    dcplan.WaitCancellation,
			Message: "found previous inflight deployment for ns/web - requeuing",
		},
	}, {
		name: "cancel newest first",
		why:  "SPEC 11 item 9: cancellations by version descending",
		s:    snapshot(config(3), rollout(t, v2, 1, dcplan.PhasePending, 0), rollout(t, v2, 2, dcplan.PhaseNew, 0)),
		want: shape{
			Cancels: []dcplan.Cancel{
				{Rule: "3.4.3", RC: "web-2", Version: 2, Phase: dcplan.PhaseNew, Reason: dcplan.ReasonCancelledByNewer},
				{Rule: "3.4.3", RC: "web-1", Version: 1, Phase: dcplan.PhasePending, Reason: dcplan.ReasonCancelledByNewer},
			},
			Events: []string{
				ev(normal, "DeploymentCancelled", `Cancelled deployment "web-2" superceded by version 3`, "3.4.3"),
				ev(normal, "DeploymentCancelled", `Cancelled deployment "web-1" superceded by version 3`, "3.4.3"),
				ev(normal, "DeploymentAwaitingCancellation", "Deployment of version 3 awaiting cancellation of older running deployments", "3.4.4"),
			},
			Wait:    dcplan.WaitCancellation,
			Message: "found previous inflight deployment for ns/web - requeuing",
		},
	}, {
		name: "unresolved image",
		why:  "3.2.9: an image that is blank after trimming postpones the rollout",
		s:    snapshot(unresolved, rollout(t, v2, 1, dcplan.PhaseComplete, 3)),
		want: shape{Status: &statusShape{Rule: "3.2.9", LatestVersion: 1, ObservedGeneration: 2, Progressing: rolledOut("web-1")}, Wait: dcplan.WaitImages},
	}, {
		name: "initial rollout waits for images",
		why:  "3.5.3: an ImageChange trigger without lastTriggeredImage skips",
		s:    snapshot(initialImages),
		want: shape{Status: &statusShape{Rule: "3.5.3", ObservedGeneration: 2}, Wait: dcplan.WaitImages},
	}, {
		name: "initial rollout with resolved images",
		why:  "3.5.3: every image trigger resolved (automatic or not) starts the first rollout as a config change",
		s:    snapshot(resolved),
		want: shape{Status: &statusShape{Rule: "3.2.10", LatestVersion: 1, Details: configChange}, Wait: dcplan.WaitStatusLag},
	}, {
		name: "initial rollout by config change",
		why:  "3.5.3: a ConfigChange trigger alone starts the first rollout",
		s:    snapshot(config(0)),
		want: shape{Status: &statusShape{Rule: "3.2.10", LatestVersion: 1, Details: configChange}, Wait: dcplan.WaitStatusLag},
	}, {
		name: "image change",
		why:  "3.5.5: one cause per DC image missing from the latest RC, in container order, duplicates kept",
		s:    snapshot(imageChanged, rollout(t, v2, 1, dcplan.PhaseComplete, 3)),
		want: shape{Status: &statusShape{Rule: "3.2.10", LatestVersion: 2, Details: dcplan.Details{Message: "image change",
			Causes: []dcplan.Cause{{Type: dcplan.TriggerImageChange, Image: imageB, FromKind: "DockerImage"}, {Type: dcplan.TriggerImageChange, Image: imageB, FromKind: "DockerImage"}}}},
			Wait: dcplan.WaitStatusLag},
	}, {
		name: "config change",
		why:  "3.5.6: the DC template differs from the one encoded in the latest RC",
		s:    snapshot(configChanged, rollout(t, v2, 1, dcplan.PhaseComplete, 3)),
		want: shape{Status: &statusShape{Rule: "3.2.10", LatestVersion: 2, Details: configChange}, Wait: dcplan.WaitStatusLag},
	}, {
		name: "latest RC without encoded config",
		why:  "3.5.6: the config-change trigger cannot decode the latest RC",
		s:    snapshot(config(1), noEncoded),
		want: shape{Wait: dcplan.WaitConfigDecode,
			Message: "triggerActivated failed: error while checking for latest pod template in replication controller: object web-1 does not have encoded deployment config annotation"},
	}, {
		name: "latest RC with an undecodable encoded config",
		why:  "3.5.6: an annotation present but undecodable gives the codec's error, as upstream's decoder words it",
		s:    snapshot(config(1), undecodable),
		want: shape{Wait: dcplan.WaitConfigDecode,
			Message: "triggerActivated failed: error while checking for latest pod template in replication controller: couldn't get version/kind; json parse error: unexpected end of JSON input"},
	}, {
		name: "latest running",
		why:  "3.2.11: status only, observedGeneration not bumped, no scaling while the deployer works",
		s:    snapshot(v2, rollout(t, v2, 1, dcplan.PhaseComplete, 3), rollout(t, v2, 2, dcplan.PhaseRunning, 1)),
		want: shape{Status: &statusShape{Rule: "3.2.11", LatestVersion: 2,
			Progressing: `True/ReplicationControllerUpdated: replication controller "web-2" is progressing`}},
	}, {
		name: "reconcile scales",
		why:  "3.6: the active RC gets spec.replicas, the others 0, newest first",
		s:    snapshot(v2, rollout(t, v2, 1, dcplan.PhaseComplete, 3), rollout(t, v2, 2, dcplan.PhaseComplete, 0)),
		want: shape{Scales: []dcplan.Scale{s2up, s1down}, Events: []string{e2up, e1down},
			Status: &statusShape{Rule: "3.6.5", LatestVersion: 2, ObservedGeneration: 2, Progressing: rolledOut("web-2")}},
	}, {
		name: "failed latest falls back",
		why:  "3.6: the last Complete RC is active again when the latest failed",
		s:    snapshot(v2, rollout(t, v2, 1, dcplan.PhaseComplete, 0), rollout(t, v2, 2, dcplan.PhaseFailed, 2)),
		want: shape{Scales: []dcplan.Scale{s2down, s1up}, Events: []string{e2down, e1up},
			Status: &statusShape{Rule: "3.6.5", LatestVersion: 2, ObservedGeneration: 2, Progressing: failed("web-2")}},
	}, {
		name: "test DC",
		why:  "2.4: a test DC has zero replicas once its rollout ended",
		s:    snapshot(testDC, rollout(t, testDC, 1, dcplan.PhaseComplete, 0), rollout(t, testDC, 2, dcplan.PhaseComplete, 3)),
		want: shape{Scales: []dcplan.Scale{s2test}, Events: []string{e2test},
			Status: &statusShape{Rule: "3.6.5", LatestVersion: 2, ObservedGeneration: 2, Progressing: rolledOut("web-2")}},
	}, {
		name: "cleanup after reconcile",
		why:  "3.7 probe: limit 1; v2 is scaled to 0 first, then v1 and v2 are pruned, v3 kept, v5 and v6 untouchable",
		s: snapshot(limited(6, 1),
			rollout(t, v2, 1, dcplan.PhaseComplete, 0), rollout(t, v2, 2, dcplan.PhaseFailed, 2), rollout(t, v2, 3, dcplan.PhaseComplete, 0),
			rollout(t, v2, 4, dcplan.PhaseComplete, 3), rollout(t, v2, 5, dcplan.PhaseFailed, 0), rollout(t, v2, 6, dcplan.PhaseFailed, 0)),
		want: shape{Scales: []dcplan.Scale{s2down}, Events: []string{e2down},
			DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "web-1", Version: 1, IfUnchanged: true}, {Rule: "3.7.5", RC: "web-2", Version: 2, IfUnchanged: true}},
			Status:    &statusShape{Rule: "3.6.5", LatestVersion: 6, ObservedGeneration: 2, Progressing: failed("web-6")}},
	}, {
		name: "create",
		why:  "3.2.12: nothing in flight and the latest RC missing: create it",
		s:    snapshot(v2, rollout(t, v2, 1, dcplan.PhaseComplete, 3)),
		want: shape{CreateRCs: []string{"web-2"},
			Events: []string{ev(normal, "DeploymentCreated", `Created new replication controller "web-2" for version 2`, "3.2.12")},
			Status: &statusShape{Rule: "3.2.12", LatestVersion: 2, ObservedGeneration: 2,
				Progressing: `True/NewReplicationControllerCreated: Created new replication controller "web-2" for version 2`}},
	}, {
		name: "create prunes",
		why:  "3.2.12, 3.7: cleanup runs over the list plus the new RC",
		s:    snapshot(limited(3, 0), rollout(t, v2, 1, dcplan.PhaseComplete, 0), rollout(t, v2, 2, dcplan.PhaseComplete, 3)),
		want: shape{CreateRCs: []string{"web-3"},
			DeleteRCs: []dcplan.DeleteRC{{Rule: "3.7.5", RC: "web-1", Version: 1, IfUnchanged: true}},
			Events:    []string{ev(normal, "DeploymentCreated", `Created new replication controller "web-3" for version 3`, "3.2.12")},
			Status: &statusShape{Rule: "3.2.12", LatestVersion: 3, ObservedGeneration: 2,
				Progressing: `True/NewReplicationControllerCreated: Created new replication controller "web-3" for version 3`}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, profile := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
				want := tt.want
				if profile == dcplan.Modern && tt.modern != nil {
					want = *tt.modern
				}
				if profile == dcplan.Exact {
					want.DeleteRCs = unconditional(want.DeleteRCs)
				}
				got := shapeOf(reconcile.Config(withPreset(tt.s, profile)))
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("Config() %v mismatch (-want +got):\n%s\nwhy: %s", profile, d, tt.why)
				}
			}
		})
	}
}

func itoa(r dcplan.Replicas) string { return dcplan.DeploymentName("", dcplan.Version(r))[1:] }

// A converged DC plans nothing.
func TestConfigSteadyState(t *testing.T) {
	cfg := config(2)
	s := settled(snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 0), rollout(t, cfg, 2, dcplan.PhaseComplete, 3)))
	for _, profile := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		if got := reconcile.Config(withPreset(s, profile)); !got.IsEmpty() {
			t.Errorf("Config() %v = %s, want an empty plan", profile, dcplan.Describe(got))
		}
	}
}

func TestConfigInvalidSnapshot(t *testing.T) {
	cfg := config(1)
	bad := rollout(t, cfg, 1, dcplan.PhaseComplete, 3)
	bad.Replicas = -1
	s := snapshot(cfg, bad)
	if d := cmp.Diff(dcplan.Plan{}, reconcile.Config(s)); d != "" {
		t.Errorf("Config() of an invalid snapshot mismatch (-want +got):\n%s", d)
	}
}

// unconditional returns dels as Exact plans them: without preconditions
// (UnconditionalDeletes, SPEC 3.7.5.unchanged).
func unconditional(dels []dcplan.DeleteRC) []dcplan.DeleteRC {
	out := slices.Clone(dels)
	for i := range out {
		out[i].IfUnchanged = false
	}
	return out
}

// TestConfigErrorClass: a pass that plans its writes ends with no error
// class; one that retries a failed write carries the failure's message
// and the retry class: upstream's handler returns the error, not fatal,
// and the queue requeues the DC rate-limited (SPEC 1.7).
func TestConfigErrorClass(t *testing.T) {
	cfg := config(1)
	s := settled(snapshot(cfg, rollout(t, cfg, 1, dcplan.PhaseComplete, 3)))
	s.Config.Replicas = 5
	p := reconcile.Config(s)
	if p.Status == nil || p.Error != dcplan.ErrorNone || p.Message != "" {
		t.Fatalf("Config() of a scaled DC = %s, want a status write and no error", dcplan.Describe(p))
	}
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionStatus, Name: "web", Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}}}
	p = reconcile.Config(s)
	if p.Wait != dcplan.WaitRetry || p.Error != dcplan.ErrorRetry || !strings.Contains(p.Message, "etcd timeout") {
		t.Errorf("Config() after a failed status write = %s, want the retry class with the failure's message", dcplan.Describe(p))
	}
}

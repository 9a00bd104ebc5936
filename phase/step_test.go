package phase_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// wantPod is the deployer pod Step creates for RC web-1 of testConfig with
// the settings of snapshot, written out by hand.
func wantPod(profile dcplan.Preset) dcplan.DeployerPod {
	p := dcplan.DeployerPod{
		Namespace: "ns", Name: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1", ConfigName: "web",
		Image: "registry.example/deployer:v4", ServiceAccount: "deployer", ActiveDeadlineSeconds: 21600,
		Env: []dcplan.EnvVar{
			{Name: "OPENSHIFT_DEPLOYMENT_NAME", Value: "web-1"},
			{Name: "OPENSHIFT_DEPLOYMENT_NAMESPACE", Value: "ns"},
		},
		Labels: []dcplan.KeyValue{{Key: "openshift.io/deployer-pod-for.name", Value: "web-1"}},
		Annotations: []dcplan.KeyValue{
			{Key: "openshift.io/deployment-config.name", Value: "web"},
			{Key: "openshift.io/deployment.name", Value: "web-1"},
		},
		CopyFields: dcplan.ModernTemplateFields,
	}
	if profile.Switches().SeedDeployerPod {
		p.Unowned, p.SeedSpec = true, true
		p.Annotations = p.Annotations[1:]
		p.CopyFields = dcplan.OriginTemplateFields
	}
	return p
}

func TestStep(t *testing.T) {
	const (
		modern   = dcplan.Modern
		exact    = dcplan.Exact
		origin   = dcplan.Origin
		origin10 = dcplan.Origin10
		origin13 = dcplan.Origin13
	)
	rcs := func(d ...dcplan.Deployment) []dcplan.Deployment { return d }
	tr := func(rule dcplan.Rule, from, to dcplan.Phase) dcplan.Transition {
		return dcplan.Transition{Rule: rule, RC: "web-1", Version: 1, From: from, To: to}
	}
	with := func(t dcplan.Transition, f func(*dcplan.Transition)) []dcplan.Transition {
		f(&t)
		return []dcplan.Transition{t}
	}
	del := func(rule dcplan.Rule, pods ...string) []dcplan.DeletePod {
		var out []dcplan.DeletePod
		for _, p := range pods {
			out = append(out, dcplan.DeletePod{Rule: rule, Pod: p, RC: "web-1"})
		}
		return out
	}
	var (
		timeoutEvent = early(dcEvent("4.3.new.3", dcplan.EventWarning, "RolloutTimeout", `Rollout for "ns/web-1" failed to create deployer pod (timeoutSeconds: 600s)`))
		racedEvent   = early(dcEvent("2.3", dcplan.EventWarning, "FailedCancellation", "Succeeded before cancel recorded"))
		// Modern's: once, after the write that completes the RC (11 item 13).
		racedOnce   = afterTransition(dcEvent("2.3", dcplan.EventWarning, "FailedCancellation", "Succeeded before cancel recorded"))
		goneEvent   = early(dcEvent("4.3.pending.1", dcplan.EventWarning, "Failed", `Deployer pod "web-1-deploy" has gone missing`))
		cancelEvent = afterTransition(dcEvent("4.4.4", dcplan.EventNormal, "RolloutCancelled", `Rollout for "ns/web-1" cancelled`))
		squatEvent  = early(dcEvent("4.3.new.6", dcplan.EventWarning, "FailedCreate", `Error creating deployer pod since another pod with the same name ("web-1-deploy") exists`))
	)
	tests := []struct {
		name     string
		why      string
		profile  dcplan.Preset
		flip     func(*dcplan.Switches) // switches flipped on the preset
		rcs      []dcplan.Deployment
		pods     []dcplan.Pod
		requeues int
		rc       string
		want     dcplan.Plan
	}{
		// New: create.
		{
			name: "new/create", why: "4.3.new.4: no deployer pod: create it and move to Pending, created-at = Now",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew)),
			want: dcplan.Plan{
				CreatePods:  []dcplan.CreatePod{{Rule: "4.3.new.4", Pod: wantPod(modern)}},
				Transitions: with(tr("4.3.new.4", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod, t.CreatedAt = "web-1-deploy", now }),
			},
		},
		{
			name: "new/create/exact", why: "4.3.new.4: Exact creates the same pod",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew)),
			want: dcplan.Plan{
				CreatePods:  []dcplan.CreatePod{{Rule: "4.3.new.4", Pod: wantPod(exact)}},
				Transitions: with(tr("4.3.new.4", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod, t.CreatedAt = "web-1-deploy", now }),
			},
		},
		{
			name: "new/create/origin", why: "7.31, 7.33: the seed pod has no owner ref nor dc annotation; no created-at",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseNew)),
			want: dcplan.Plan{
				CreatePods:  []dcplan.CreatePod{{Rule: "4.3.new.4", Pod: wantPod(origin)}},
				Transitions: with(tr("4.3.new.4", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod = "web-1-deploy" }),
			},
		},
		{
			name: "new/ignore-pod", why: "4.3.new.4: the ignore annotation stops creation; the armed timeout fires 601 s after creation",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, ignorePod)),
			want: dcplan.Plan{RecheckAfter: 541 * time.Second},
		},
		{
			name: "new/ignore-pod/origin", why: "7.23: no timeout in Origin, so nothing to recheck",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseNew, ignorePod)),
			want: dcplan.Plan{},
		},
		{
			name: "new/cancelled", why: "4.3.new.1: a cancelled New RC goes to Pending and its deployer and hook pods are deleted",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{hook("web-1", "hook-pre"), deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{
				DeletePods:  del("4.3.new.1", "web-1-deploy", "web-1-hook-pre"),
				Transitions: []dcplan.Transition{tr("4.3.new.1", dcplan.PhaseNew, dcplan.PhasePending)},
			},
		},
		{
			name: "new/cancelled/origin", why: "7.21: later seed: Pending (and its pods deleted, like modern; it has none here)",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)),
			want: dcplan.Plan{Transitions: []dcplan.Transition{tr("4.3.new.1", dcplan.PhaseNew, dcplan.PhasePending)}},
		},
		{
			name: "new/cancelled/origin13", why: "7.21, SPEC 12 NewCancelledFails off in Origin13: Pending and delete pods",
			profile: origin13, rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{
				DeletePods:  del("4.3.new.1", "web-1-deploy"),
				Transitions: []dcplan.Transition{tr("4.3.new.1", dcplan.PhaseNew, dcplan.PhasePending)},
			},
		},
		{
			name: "new/cancelled/origin10", why: "7.21, SPEC 12 NewCancelledFails: the oldest seed fails a cancelled New RC at once, pods untouched, and records nothing: RolloutCancelled is modern (SPEC 1.6, NoRolloutCancelledEvent, issue 35 item 3)",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{
				Transitions: []dcplan.Transition{tr("7.21", dcplan.PhaseNew, dcplan.PhaseFailed)},
			},
		},
		{
			name: "new/cancelled/origin10/rollout-cancelled", why: "4.4.4: NoRolloutCancelledEvent flipped off in Origin10 brings back the modern RolloutCancelled, on the RC (EventsOnRC)",
			profile: origin10, flip: func(sw *dcplan.Switches) { sw.NoRolloutCancelledEvent = false },
			rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{
				Transitions: []dcplan.Transition{tr("7.21", dcplan.PhaseNew, dcplan.PhaseFailed)},
				Events:      []dcplan.Event{afterTransition(rcEvent("4.4.4", dcplan.EventNormal, "RolloutCancelled", `Rollout for "ns/web-1" cancelled`))},
			},
		},
		{
			name: "new/cancelled/NewCancelledFails", why: "SPEC 12 NewCancelledFails flipped on Modern: Failed without pods, event on the DC",
			profile: modern, flip: func(sw *dcplan.Switches) { sw.NewCancelledFails = true },
			rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{
				Transitions: []dcplan.Transition{tr("7.21", dcplan.PhaseNew, dcplan.PhaseFailed)},
				Events:      []dcplan.Event{cancelEvent},
			},
		},
		{
			name: "new/no-encoded-config", why: "4.3.new.2: without an encoded config upstream returns the decode error",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, noEncoded)),
			want: dcplan.Plan{Wait: dcplan.WaitConfigDecode, Message: "object web-1 does not have encoded deployment config annotation", Error: dcplan.ErrorRetry},
		},
		{
			name: "new/no-encoded-config/origin", why: "7.22: Origin needs the config only to build the pod (fatal error)",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseNew, noEncoded)),
			want: dcplan.Plan{Wait: dcplan.WaitConfigDecode, Message: `fatal error handling rollout: couldn't make deployer pod for "ns/web-1": object web-1 does not have encoded deployment config annotation`, Error: dcplan.ErrorFatal},
		},
		{
			name: "new/no-encoded-config/origin-existing-pod", why: "7.22: the later seeds look for the pod before they build one: an existing related pod needs no config",
			profile: origin13, rcs: rcs(testRC(1, dcplan.PhaseNew, noEncoded)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod = "web-1-deploy" })},
		},
		{
			name: "new/no-encoded-config/origin10-existing-pod", why: "7.22, 4.3.new.4: the oldest deployer looks at an existing pod only after its create met AlreadyExists, and it builds the pod (fatal without a config) before it creates it",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhaseNew, noEncoded)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Wait: dcplan.WaitConfigDecode, Message: `fatal error handling rollout: couldn't make deployer pod for "ns/web-1": object web-1 does not have encoded deployment config annotation`, Error: dcplan.ErrorFatal},
		},
		{
			name: "new/no-encoded-config/origin10-unrelated-pod", why: "7.22, 4.3.new.4: nor does it see an unrelated pod of that name: the build fails first",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhaseNew, noEncoded)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, unrelated)},
			want: dcplan.Plan{Wait: dcplan.WaitConfigDecode, Message: `fatal error handling rollout: couldn't make deployer pod for "ns/web-1": object web-1 does not have encoded deployment config annotation`, Error: dcplan.ErrorFatal},
		},
		// New: timeout.
		{
			name: "new/timeout", why: "4.3.new.3: 11 minutes New with a 600 s timeout fails the RC",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, age(11*time.Minute))),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.3", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "unable to create deployer pod" }),
				Events:      []dcplan.Event{timeoutEvent},
			},
		},
		{
			name: "new/timeout/encoded-without-name", why: "1.6: events go to the DC encoded in the RC; one that names no DC leaves the RC as the event's object",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, age(11*time.Minute), func(d *dcplan.Deployment) { d.Encoded.Name = "" })),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.3", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "unable to create deployer pod" }),
				Events:      []dcplan.Event{early(rcEvent("4.3.new.3", dcplan.EventWarning, "RolloutTimeout", `Rollout for "ns/web-1" failed to create deployer pod (timeoutSeconds: 600s)`))},
			},
		},
		{
			name: "new/timeout/encoded-without-namespace", why: "1.6: an encoded DC that names no namespace is the DC in the RC's namespace",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, age(11*time.Minute), func(d *dcplan.Deployment) { d.Encoded.Namespace = "" })),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.3", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "unable to create deployer pod" }),
				Events:      []dcplan.Event{timeoutEvent},
			},
		},
		{
			name: "new/timeout/spares-related-pod", why: "SPEC 11 item 4: Modern adopts the related pod instead of timing out",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, age(11*time.Minute))), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhaseRunning), func(t *dcplan.Transition) {
				t.DeployerPod, t.CreatedAt, t.StartedAt = "web-1-deploy", podCreated, podStarted
			})},
		},
		{
			name: "new/timeout/exact-before-pod", why: "SPEC 10.4 [probe]: Exact times out even with a healthy related pod",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew, age(11*time.Minute))), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.3", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "unable to create deployer pod" }),
				Events:      []dcplan.Event{timeoutEvent},
			},
		},
		{
			name: "new/timeout/zero-creation", why: "SPEC 11 item 4: Modern never times out an RC without creation time",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, noCreation)),
			want: dcplan.Plan{
				CreatePods:  []dcplan.CreatePod{{Rule: "4.3.new.4", Pod: wantPod(modern)}},
				Transitions: with(tr("4.3.new.4", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod, t.CreatedAt = "web-1-deploy", now }),
			},
		},
		{
			name: "new/timeout/exact-zero-creation", why: "SPEC 10.1 [probe]: Exact times out a zero creation time at once",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew, noCreation)),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.3", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "unable to create deployer pod" }),
				Events:      []dcplan.Event{timeoutEvent},
			},
		},
		{
			name: "new/timeout/zero-means-never", why: "5.21: timeoutSeconds 0 never expires",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew, timeout(0), age(24*time.Hour), ignorePod)),
			want: dcplan.Plan{},
		},
		{
			name: "new/timeout/origin-none", why: "7.23: Origin has no New timeout",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseNew, age(24*time.Hour), ignorePod)),
			want: dcplan.Plan{},
		},
		// New: existing pod.
		{
			name: "new/unrelated", why: "4.3.new.6 + SPEC 11 item 4: Modern fails the RC without the pod's side effects",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, unrelated)},
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) {
					t.SetReason, t.Reason = true, "unrelated pod with the same name as this deployment is already running"
				}),
				Events: []dcplan.Event{squatEvent},
			},
		},
		{
			name: "new/unrelated/exact-side-effects", why: "4.3.new.6 [probe]: an unrelated Succeeded pod still commits desired replicas and completed-at",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, unrelated)},
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) {
					t.SetReason, t.Reason = true, "unrelated pod with the same name as this deployment is already running"
					t.CompletedAt, t.CommitDesired, t.Desired, t.Completed = podFinished, true, 3, true
				}),
				Events: []dcplan.Event{squatEvent},
			},
		},
		{
			name: "new/unrelated/origin10", why: "7.22, 11a.1, 1.6: the oldest seed writes the short reason; events on the RC (EventsOnRC), its own failedCreate text naming the RC (SeedEventReasons)",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, unrelated)},
			want: dcplan.Plan{
				Transitions: with(tr("7.22", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) {
					t.SetReason, t.Reason = true, "unrelated pod with the same name as this deployment is already running"
				}),
				Events: []dcplan.Event{early(rcEvent("7.22", dcplan.EventWarning, "failedCreate", `Error creating deployer pod for ns/web-1 since another pod with the same name ("web-1-deploy") exists`))},
			},
		},
		{
			name: "new/unrelated/LongReasons", why: "SPEC 12 LongReasons, 7.32: the switch writes the long reason; Origin15 checks the pod before creating (4.3.new.6)",
			profile: origin, flip: func(sw *dcplan.Switches) { sw.LongReasons = true },
			rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, unrelated)},
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhaseFailed), func(t *dcplan.Transition) {
					t.SetReason, t.Reason = true, "The deployment failed as an unrelated pod with the same name as this deployment is already running"
				}),
				Events: []dcplan.Event{squatEvent},
			},
		},
		{
			name: "new/related-pending", why: "4.3.new.6: adopt the related pod; a Pending pod gives Pending",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) {
				t.DeployerPod, t.CreatedAt = "web-1-deploy", podCreated
			})},
		},
		{
			name: "new/related-unknown", why: "2.2: a pod without phase gives New, and nextStatusComp makes it Pending",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodUnknown)},
			want: dcplan.Plan{Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) {
				t.DeployerPod, t.CreatedAt, t.StartedAt = "web-1-deploy", podCreated, podStarted
			})},
		},
		{
			name: "new/related-succeeded", why: "2.2: a Succeeded pod completes a New RC in one pass",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhaseComplete), func(t *dcplan.Transition) {
				t.DeployerPod, t.CreatedAt, t.StartedAt, t.CompletedAt, t.Completed = "web-1-deploy", podCreated, podStarted, podFinished, true
				t.CommitDesired, t.Desired = true, 3
			})},
		},
		{
			name: "new/related/origin", why: "7.22, 7.29: Origin moves to Pending whatever the pod phase (GET before create: 4.3.new.6)",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod = "web-1-deploy" })},
		},
		{
			name: "new/related/origin10", why: "7.22, SPEC 12 PodCheckAfterAlreadyExists: the oldest seed cites its after-AlreadyExists check",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhaseNew)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: with(tr("7.22", dcplan.PhaseNew, dcplan.PhasePending), func(t *dcplan.Transition) { t.DeployerPod = "web-1-deploy" })},
		},
		{
			name: "new/raced", why: "SPEC 11 item 2: Modern completes a cancelled New RC whose pod succeeded and clears the cancel",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{
				Transitions: with(tr("2.3", dcplan.PhaseNew, dcplan.PhaseComplete), func(t *dcplan.Transition) {
					t.ClearCancel = true
					t.DeployerPod, t.CreatedAt, t.StartedAt, t.CompletedAt, t.Completed = "web-1-deploy", podCreated, podStarted, podFinished, true
					t.CommitDesired, t.Desired = true, 3
				}),
				Events: []dcplan.Event{racedOnce},
			},
		},
		{
			name: "new/raced/exact", why: "SPEC 10.2: Exact records FailedCancellation first and keeps the cancel annotations",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseNew, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{
				Transitions: with(tr("4.3.new.6", dcplan.PhaseNew, dcplan.PhaseComplete), func(t *dcplan.Transition) {
					t.DeployerPod, t.CreatedAt, t.StartedAt, t.CompletedAt, t.Completed = "web-1-deploy", podCreated, podStarted, podFinished, true
					t.CommitDesired, t.Desired = true, 3
				}),
				Events: []dcplan.Event{racedEvent},
			},
		},
		// Pending and Running.
		{
			name: "pending/missing/wait", why: "4.3.pending.1: the pod may not be in the cache yet; retry while requeues < 13",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhasePending)), requeues: 12,
			want: dcplan.Plan{Wait: dcplan.WaitDeployer, Message: `pod "web-1-deploy" not found`, Error: dcplan.ErrorRetry},
		},
		{
			name: "pending/missing/dropped", why: "4.3.pending.1: at 13 requeues the RC fails",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhasePending)), requeues: 13,
			want: dcplan.Plan{
				Transitions: with(tr("4.3.pending.1", dcplan.PhasePending, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "deployer pod no longer exists" }),
				Events:      []dcplan.Event{goneEvent},
			},
		},
		{
			name: "pending/missing/origin", why: "7.24, 11a.1, 1.6: Origin fails a Pending RC at once, with the short reason and the event Failed (lowercase only in the oldest deployer, Origin10)",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhasePending)),
			want: dcplan.Plan{
				Transitions: with(tr("7.24", dcplan.PhasePending, dcplan.PhaseFailed), func(t *dcplan.Transition) {
					t.SetReason, t.Reason = true, "deployer pod no longer exists"
				}),
				Events: []dcplan.Event{early(dcEvent("7.24", dcplan.EventWarning, "Failed", `Deployer pod "web-1-deploy" has gone missing`))},
			},
		},
		{
			name: "running/missing", why: "4.3.pending.1: a Running RC fails at once",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning)),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.pending.1", dcplan.PhaseRunning, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "deployer pod no longer exists" }),
				Events:      []dcplan.Event{goneEvent},
			},
		},
		{
			name: "running/missing/no-encoded-config", why: "1.6: without an encoded config events go to the RC",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning, noEncoded)),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.pending.1", dcplan.PhaseRunning, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "deployer pod no longer exists" }),
				Events: []dcplan.Event{early(dcplan.Event{Rule: "4.3.pending.1", Object: dcplan.ObjectRef{Kind: "ReplicationController", Namespace: "ns", Name: "web-1", UID: "uid-web-1"},
					Type: dcplan.EventWarning, Reason: "Failed", Message: `Deployer pod "web-1-deploy" has gone missing`})},
			},
		},
		{
			name: "pending/missing/cancelled", why: "2.3: a cancelled RC whose pod is gone fails silently, keeping the cancel reason; RolloutCancelled",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhasePending, cancelled)),
			want: dcplan.Plan{
				Transitions: []dcplan.Transition{tr("4.3.pending.1", dcplan.PhasePending, dcplan.PhaseFailed)},
				Events:      []dcplan.Event{cancelEvent},
			},
		},
		{
			name: "running/missing/test-config", why: "2.4: a test config's RC entering Failed is scaled to 0 in the same write",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning, testDC, replicas(2))),
			want: dcplan.Plan{
				Transitions: with(tr("4.3.pending.1", dcplan.PhaseRunning, dcplan.PhaseFailed), func(t *dcplan.Transition) {
					t.SetReason, t.Reason = true, "deployer pod no longer exists"
					t.ScaleToZero, t.ReplicasFrom = true, 2
				}),
				Events: []dcplan.Event{goneEvent},
			},
		},
		{
			name: "running/steady", why: "4.3.pending.3: a Running RC with its owned Running pod: nothing to do",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{},
		},
		{
			name: "running/owners", why: "4.6: deployer and hook pods without any owner get the RC as owner, by name",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning)),
			pods: []dcplan.Pod{hook("web-1", "hook-pre"), deployer("web-1", dcplan.PodRunning, orphan), hook("web-1", "hook-mid", func(p *dcplan.Pod) { p.Owners = []dcplan.OwnerRef{{Kind: "Node", Name: "x"}} })},
			want: dcplan.Plan{SetPodOwners: []dcplan.SetPodOwner{
				{Rule: "4.6", Pod: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1"},
				{Rule: "4.6", Pod: "web-1-hook-pre", RC: "web-1", RCUID: "uid-web-1"},
			}},
		},
		{
			name: "running/owners/origin", why: "7.26: the seed sets no owner references",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, orphan)},
			want: dcplan.Plan{},
		},
		{
			name: "pending/to-running", why: "2.2: the RC follows its pod",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhasePending)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Transitions: []dcplan.Transition{tr("2.2", dcplan.PhasePending, dcplan.PhaseRunning)}},
		},
		{
			name: "running/to-complete", why: "2.2: Succeeded completes the RC, commits desired replicas and writes completed-at",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: with(tr("2.2", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
				t.CompletedAt, t.CommitDesired, t.Desired, t.Completed = podFinished, true, 3, true
			})},
		},
		{
			name: "running/to-complete/no-desired", why: "13.1: Modern writes nothing into openshift.io/deployment.replicas when desired-replicas is absent",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning, noDesired)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: with(tr("2.2", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
				t.CompletedAt, t.Completed = podFinished, true
			})},
		},
		{
			name: "running/to-complete/no-desired/exact", why: "13.1, SPEC 12 CommitAbsentDesired: Exact commits the absent desired-replicas as \"\"",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseRunning, noDesired)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: with(tr("2.2", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
				t.CompletedAt, t.CommitDesired, t.Completed = podFinished, true, true
			})},
		},
		{
			name: "running/to-failed/test-config", why: "2.2, 2.4: a failed pod fails the RC; test config scaled to 0",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning, testDC, replicas(3))), pods: []dcplan.Pod{deployer("web-1", dcplan.PodFailed)},
			want: dcplan.Plan{Transitions: with(tr("2.2", dcplan.PhaseRunning, dcplan.PhaseFailed), func(t *dcplan.Transition) {
				t.CompletedAt, t.ScaleToZero, t.ReplicasFrom, t.Completed = podFinished, true, 3, true
			})},
		},
		{
			name: "running/to-complete/origin", why: "7.29: in Origin the pod phase is DeployerPod's job",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{},
		},
		{
			name: "running/cancelled", why: "4.3.pending.3: a cancelled RC's pods are deleted; the RC waits for them to vanish",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning), hook("web-1", "hook-mid")},
			want: dcplan.Plan{DeletePods: del("4.3.pending.3", "web-1-deploy", "web-1-hook-mid")},
		},
		{
			name: "pending/cancelled/to-running", why: "4.3.pending.3: the pod-derived phase is still written in the same pass",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhasePending, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{
				DeletePods:  del("4.3.pending.3", "web-1-deploy"),
				Transitions: []dcplan.Transition{tr("2.2", dcplan.PhasePending, dcplan.PhaseRunning)},
			},
		},
		{
			name: "running/cancelled/origin10", why: "2.3, 7.25, 11a.2, SPEC 12 CancelByDeadline: Origin10 cuts the pods short with activeDeadlineSeconds 1 (pods at 1 skipped) and records cancelled on the RC",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhaseRunning, cancelled)),
			pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, podDeadline(21600)), hook("web-1", "hook-mid", podDeadline(1)), hook("web-1", "hook-pre")},
			want: dcplan.Plan{
				SetPodDeadlines: []dcplan.SetPodDeadline{
					{Rule: "7.25", Pod: "web-1-deploy", HadDeadline: true, From: 21600, To: 1},
					{Rule: "7.25", Pod: "web-1-hook-pre", To: 1},
				},
				Events: []dcplan.Event{afterDeadline(1, rcEvent("7.25", dcplan.EventNormal, "cancelled", "Cancelled deployment"))},
			},
		},
		{
			name: "running/cancelled/origin", why: "11a.2: Origin15 deletes the pods of a cancelled rollout",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseRunning, cancelled)),
			pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning), hook("web-1", "hook-pre")},
			want: dcplan.Plan{DeletePods: del("4.3.pending.3", "web-1-deploy", "web-1-hook-pre")},
		},
		{
			name: "running/backwards/WriteAnyPhaseChange", why: "7.28, SPEC 12 WriteAnyPhaseChange: the oldest seed writes even a backwards change (Running -> Pending for a Pending pod)",
			profile: exact, flip: func(sw *dcplan.Switches) { sw.WriteAnyPhaseChange = true },
			rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{Transitions: []dcplan.Transition{tr("7.28", dcplan.PhaseRunning, dcplan.PhasePending)}},
		},
		{
			name: "pending/cancelled/origin-all-at-one", why: "2.3: every pod already at 1: nothing to write, no event; the pod failure will fail the RC",
			profile: origin10, rcs: rcs(testRC(1, dcplan.PhasePending, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, podDeadline(1))},
			want: dcplan.Plan{},
		},
		{
			name: "running/raced", why: "SPEC 11 item 2, 4.6: Modern completes, clears the cancel in the written RC, records FailedCancellation",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, orphan)},
			want: dcplan.Plan{
				SetPodOwners: []dcplan.SetPodOwner{{Rule: "4.6", Pod: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1"}},
				Transitions: with(tr("2.3", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
					t.ClearCancel, t.CompletedAt, t.CommitDesired, t.Desired, t.Completed = true, podFinished, true, 3, true
				}),
				Events: []dcplan.Event{racedOnce},
			},
		},
		{
			name: "running/raced/KeepCancelOnRace", why: "SPEC 12 KeepCancelOnRace flipped on Modern (10.2): Complete is written with the cancel annotations kept; FailedCancellation still once, with the write",
			profile: modern, flip: func(sw *dcplan.Switches) { sw.KeepCancelOnRace = true },
			rcs: rcs(testRC(1, dcplan.PhaseRunning, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{
				Transitions: with(tr("2.3", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
					t.CompletedAt, t.CommitDesired, t.Desired, t.Completed = podFinished, true, 3, true
				}),
				Events: []dcplan.Event{racedOnce},
			},
		},
		{
			name: "running/raced/exact", why: "4.6 [probe]: Exact patches owner refs, writes Complete and keeps the cancel annotations",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseRunning, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, orphan)},
			want: dcplan.Plan{
				SetPodOwners: []dcplan.SetPodOwner{{Rule: "4.6", Pod: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1"}},
				Transitions: with(tr("2.2", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
					t.CompletedAt, t.CommitDesired, t.Desired, t.Completed = podFinished, true, 3, true
				}),
				Events: []dcplan.Event{racedEvent},
			},
		},
		{
			name: "running/unrelated", why: "SPEC 11 item 4: Modern counts an unrelated pod as no deployer pod",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, unrelated)},
			want: dcplan.Plan{
				Transitions: with(tr("4.3.pending.1", dcplan.PhaseRunning, dcplan.PhaseFailed), func(t *dcplan.Transition) { t.SetReason, t.Reason = true, "deployer pod no longer exists" }),
				Events:      []dcplan.Event{goneEvent},
			},
		},
		{
			name: "running/unrelated/exact", why: "4.3.pending.3: upstream does not check relatedness outside New",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseRunning)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, unrelated)},
			want: dcplan.Plan{Transitions: with(tr("2.2", dcplan.PhaseRunning, dcplan.PhaseComplete), func(t *dcplan.Transition) {
				t.CompletedAt, t.CommitDesired, t.Desired, t.Completed = podFinished, true, 3, true
			})},
		},
		// Failed, Complete, unknown.
		{
			name: "failed/cancelled", why: "4.3.failed: hook pods created late are deleted again",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseFailed, cancelled)), pods: []dcplan.Pod{hook("web-1", "hook-post")},
			want: dcplan.Plan{DeletePods: del("4.3.failed", "web-1-hook-post")},
		},
		{
			name: "failed/owners", why: "4.3.failed, 4.6: a failed RC's pods get owner references",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseFailed)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodFailed, orphan)},
			want: dcplan.Plan{SetPodOwners: []dcplan.SetPodOwner{{Rule: "4.6", Pod: "web-1-deploy", RC: "web-1", RCUID: "uid-web-1"}}},
		},
		{
			name: "failed/owners/origin", why: "7.26: no owner references in Origin",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseFailed)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodFailed, orphan)},
			want: dcplan.Plan{},
		},
		{
			name: "complete/keeps-pods", why: "4.3.complete: modern preserves deployer and hook pods",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseComplete)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, orphan)},
			want: dcplan.Plan{},
		},
		{
			name: "complete/origin-deletes-pods", why: "7.26: the seed deletes deployer and hook pods of a Complete RC",
			profile: origin, rcs: rcs(testRC(1, dcplan.PhaseComplete)), pods: []dcplan.Pod{hook("web-1", "hook-post"), deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{DeletePods: del("7.26", "web-1-deploy", "web-1-hook-post")},
		},
		{
			name: "complete/exact-failed-cancellation-every-pass", why: "SPEC 10.13 [probe]: Exact repeats FailedCancellation for a Complete RC still cancelled",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseComplete, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Events: []dcplan.Event{racedEvent}},
		},
		{
			name: "complete/modern-no-repeat", why: "SPEC 11 item 13: Modern records FailedCancellation only on the completing pass",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseComplete, cancelled)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{},
		},
		{
			name: "unknown-phase", why: "4.3: no transition leaves the unknown phase",
			profile: exact, rcs: rcs(testRC(1, dcplan.PhaseUnknown)), pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, orphan)},
			want: dcplan.Plan{},
		},
		// Gateways.
		{
			name: "unknown-rc", why: "4.7: the worker skips RCs that are gone",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew)), rc: "web-9",
			want: dcplan.Plan{},
		},
		{
			name: "invalid-snapshot", why: "an invalid snapshot gives an empty plan, never a destructive one",
			profile: modern, rcs: rcs(testRC(1, dcplan.PhaseNew, replicas(-1))),
			want: dcplan.Plan{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(tt.profile, tt.rcs, tt.pods...)
			if tt.flip != nil {
				tt.flip(&s.Settings.Switches)
			}
			s.Requeues = tt.requeues
			rc := tt.rc
			if rc == "" {
				rc = "web-1"
			}
			got := phase.Step(s, rc)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Step() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// TestStepWaitsForItsOwnPod: SPEC 4.2.expect (issue 11). While the RC's
// deployer pod is one the controller created (Snapshot.Unobserved) and
// the snapshot does not show it, Modern plans nothing in any phase and
// waits for the cache; once the pod shows, or when only another RC's pod
// is unobserved, the plan is the one without expectations. Exact
// (IgnoreExpectations) plans from the stale view: a cancelled RC fails
// while its pod runs on.
func TestStepWaitsForItsOwnPod(t *testing.T) {
	stale := dcplan.Plan{Wait: dcplan.WaitStaleCache}
	cancelNewer := func(d *dcplan.Deployment) { d.Cancelled, d.Reason = true, dcplan.ReasonCancelledByNewer }
	for _, tc := range []struct {
		name string
		rc   dcplan.Deployment
	}{
		{"new", testRC(1, dcplan.PhaseNew)},
		{"new/cancelled", testRC(1, dcplan.PhaseNew, cancelNewer)},
		{"pending", testRC(1, dcplan.PhasePending)},
		{"pending/cancelled", testRC(1, dcplan.PhasePending, cancelNewer)},
		{"running", testRC(1, dcplan.PhaseRunning)},
		{"failed/cancelled", testRC(1, dcplan.PhaseFailed, cancelNewer)},
	} {
		t.Run("4.2.expect/"+tc.name, func(t *testing.T) {
			s := snapshot(dcplan.Modern, []dcplan.Deployment{tc.rc})
			s.Unobserved = []string{"web-1-deploy"}
			if d := cmp.Diff(stale, phase.Step(s, "web-1")); d != "" {
				t.Errorf("Modern, pod unobserved (-want +got):\n%s", d)
			}
			for _, other := range []struct {
				why  string
				edit func(*dcplan.Snapshot)
			}{
				{"Exact ignores expectations", func(s *dcplan.Snapshot) { s.Settings.Switches = dcplan.Exact.Switches() }},
				{"another RC's pod is unobserved", func(s *dcplan.Snapshot) { s.Unobserved = []string{"web-2-deploy"} }},
				{"the cache shows the pod", func(s *dcplan.Snapshot) { s.Pods = []dcplan.Pod{deployer("web-1", dcplan.PodPending)} }},
			} {
				with := s
				other.edit(&with)
				without := with
				without.Unobserved = nil
				got, want := phase.Step(with, "web-1"), phase.Step(without, "web-1")
				if got.Wait == dcplan.WaitStaleCache {
					t.Errorf("%s: Step waits for the cache: %s", other.why, dcplan.Describe(got))
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%s: plan differs from the one without expectations (-want +got):\n%s", other.why, d)
				}
			}
		})
	}
	// The interleaving of issue 11 from the stale view, in Exact: the
	// cancelled Pending RC fails although its pod exists.
	s := snapshot(dcplan.Exact, []dcplan.Deployment{testRC(1, dcplan.PhasePending, cancelNewer)})
	s.Unobserved = []string{"web-1-deploy"}
	if p := phase.Step(s, "web-1"); len(p.Transitions) != 1 || p.Transitions[0].To != dcplan.PhaseFailed {
		t.Errorf("Exact from the stale view: %s, want the RC failed", dcplan.Describe(p))
	}
}

// TestStepRecheckOneSecondTimeout: a New RC whose deployer pod is not
// created (ignore annotation) with timeoutSeconds 1 is armed: the plan
// rechecks when the timeout first fires, creation + 2 s (SPEC 4.3.new.3,
// 5.21: elapsed whole seconds must exceed the timeout).
func TestStepRecheckOneSecondTimeout(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhaseNew, ignorePod, timeout(1), age(0))})
	p := phase.Step(s, "web-1")
	if d := cmp.Diff(dcplan.Describe(dcplan.Plan{RecheckAfter: 2 * time.Second}), dcplan.Describe(p)); d != "" {
		t.Errorf("Step() (-want +got):\n%s", d)
	}
}

// TestStepDeadlineFailureStopsBeforeTheRCWrite: under CancelByDeadline
// (Origin10) with SeedPodController off (SPEC 12: switches combine
// freely; the deployer half then writes the RC itself, see deadlines) a
// cancelled Pending RC whose deployer pod runs gets its deadline cut and,
// in the same pass, its pod-derived phase written (Pending -> Running,
// SPEC 2.2). When the deadline write fails
// (Snapshot.Outcome), upstream returned there (SPEC 2.3 "Old mechanism",
// 7 row 25, 13): the RC write after it is never reached, so the plan
// repeats the deadline write with the retried error and no transition.
func TestStepDeadlineFailureStopsBeforeTheRCWrite(t *testing.T) {
	s := snapshot(dcplan.Origin10, []dcplan.Deployment{testRC(1, dcplan.PhasePending, cancelled)}, deployer("web-1", dcplan.PodRunning))
	s.Settings.SeedPodController = false
	first := phase.Step(s, "web-1")
	if len(first.SetPodDeadlines) != 1 || len(first.Transitions) != 1 {
		t.Fatalf("Step() = %s, want one deadline write and one transition (the precondition of this test)", dcplan.Describe(first))
	}
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionSetPodDeadline, Name: "web-1-deploy", Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}}}
	p := phase.Step(s, "web-1")
	if len(p.Transitions) != 0 {
		t.Errorf("Step() after a failed deadline write = %s, want no RC write", dcplan.Describe(p))
	}
	if p.Wait != dcplan.WaitRetry || p.Error != dcplan.ErrorRetry || len(p.SetPodDeadlines) != 1 {
		t.Errorf("Step() after a failed deadline write = %s, want the deadline write retried", dcplan.Describe(p))
	}
}

// TestStepFailedRCWriteDropsEventsToNil: SPEC 4.4.4 (and 4.4.3): when the
// RC write of a cancelled rollout fails, upstream returned before
// recording RolloutCancelled, so the repeated plan has no events, and by
// the Plan contract ("a nil field means nothing of that kind") its
// Events field is nil, not an emptied slice.
func TestStepFailedRCWriteDropsEventsToNil(t *testing.T) {
	s := snapshot(dcplan.Modern, []dcplan.Deployment{testRC(1, dcplan.PhasePending, cancelled)}, deployer("web-1", dcplan.PodFailed))
	first := phase.Step(s, "web-1")
	if len(first.Transitions) != 1 || len(first.Events) != 1 || first.Events[0].Reason != dcplan.EventRolloutCancelled {
		t.Fatalf("Step() = %s, want one transition and RolloutCancelled (the precondition of this test)", dcplan.Describe(first))
	}
	s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{{Action: dcplan.ActionTransition, Name: "web-1", Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"}}}
	p := phase.Step(s, "web-1")
	if p.Events != nil {
		t.Errorf("Step() after a failed RC write: Events = %#v, want nil", p.Events)
	}
	if p.Wait != dcplan.WaitRetry || len(p.Transitions) != 1 {
		t.Errorf("Step() after a failed RC write = %s, want the transition retried", dcplan.Describe(p))
	}
}

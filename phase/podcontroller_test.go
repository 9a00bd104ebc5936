package phase_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
)

// Reference: Origin deployerpod controller.go (*DeployerPodController).Handle
func TestDeployerPod(t *testing.T) {
	tr := func(rule dcplan.Rule, from, to dcplan.Phase, f func(*dcplan.Transition)) []dcplan.Transition {
		t := dcplan.Transition{Rule: rule, RC: "web-1", Version: 1, From: from, To: to}
		if f != nil {
			f(&t)
		}
		return []dcplan.Transition{t}
	}
	commit := func(t *dcplan.Transition) { t.CommitDesired, t.Desired = true, 3 }
	tests := []struct {
		name   string
		why    string
		modern bool
		flip   func(*dcplan.Switches) // a switch flipped on the Origin preset
		rcs    []dcplan.Deployment
		pods   []dcplan.Pod
		pod    string
		want   dcplan.Plan
	}{
		{
			name: "running", why: "7.29: a Running pod moves a Pending RC to Running",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhasePending, dcplan.PhaseRunning, nil)},
		},
		{
			name: "running/terminal-rc", why: "2.2: a Running pod does not move a terminal RC",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseFailed)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{},
		},
		{
			name: "pending-pod", why: "7.29: a Pending pod changes nothing",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{},
		},
		{
			name: "succeeded", why: "7.29: success completes the RC and commits desired replicas; no completed-at in the seed (7.33)",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhaseRunning, dcplan.PhaseComplete, commit)},
		},
		{
			name: "succeeded/non-zero-exit", why: "7.29 + SPEC 12 SeedReplicasAnnotation: Succeeded with a non-zero exit code fails the RC, syncs the replicas annotation and keeps desired-replicas",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, exitCode(2))},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhaseRunning, dcplan.PhaseFailed, func(t *dcplan.Transition) { t.SyncDesired, t.Desired = true, 3 })},
		},
		{
			name: "succeeded/non-zero-exit/SeedReplicasAnnotation=false", why: "SPEC 12 SeedReplicasAnnotation off: a Failed RC's annotations stay as they are",
			flip: func(sw *dcplan.Switches) { sw.SeedReplicasAnnotation = false },
			rcs:  []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, exitCode(2))},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhaseRunning, dcplan.PhaseFailed, nil)},
		},
		{
			name: "succeeded/exit-code-of-running-container", why: "7.29: only a terminated container's exit code counts (ExitCode is a field of state.terminated); a running sidecar's leftover code does not fail the RC",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded, func(p *dcplan.Pod) {
				p.Containers = append([]dcplan.ContainerStatus{{Name: "sidecar", ExitCode: 2}}, p.Containers...)
			})},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhaseRunning, dcplan.PhaseComplete, commit)},
		},
		{
			name: "succeeded/reason-without-cancel", why: "7.30, 5.4: only the cancelled annotation makes a completing RC raced; a status-reason alone clears nothing and records no FailedCancellation",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, func(d *dcplan.Deployment) { d.Reason = dcplan.ReasonCancelledByUser })}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhaseRunning, dcplan.PhaseComplete, commit)},
		},
		{
			name: "failed/test-config", why: "7.27: later seed scales a test RC to 0 on the transition into a terminal phase",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, testDC, replicas(2))}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodFailed)},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhaseRunning, dcplan.PhaseFailed, func(t *dcplan.Transition) {
				t.ScaleToZero, t.ReplicasFrom = true, 2
				t.SyncDesired, t.Desired = true, 3
			})},
		},
		{
			name: "raced", why: "7.30: the seed drops the cancel annotations of an RC that completes, with the event FailedCancellation (1.6: capitalized after the oldest deployer)",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhaseRunning, cancelled)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{
				Transitions: tr("7.30", dcplan.PhaseRunning, dcplan.PhaseComplete, func(t *dcplan.Transition) { commit(t); t.ClearCancel = true }),
				Events:      []dcplan.Event{early(dcEvent("7.30", dcplan.EventWarning, "FailedCancellation", "Succeeded before cancel recorded"))},
			},
		},
		{
			name: "rc-gone", why: "7.29 + SPEC 12 PodControllerDeletesOrphans, 13: the RC is gone: delete all its deployer pods with default delete options",
			pods: []dcplan.Pod{hook("web-1", "hook-pre"), deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{DeletePods: []dcplan.DeletePod{
				{Rule: "7.29", Pod: "web-1-deploy", RC: "web-1"},
				{Rule: "7.29", Pod: "web-1-hook-pre", RC: "web-1"},
			}},
		},
		{
			name: "rc-gone/PodControllerDeletesOrphans=false", why: "SPEC 12 PodControllerDeletesOrphans off: orphaned pods are left to owner-reference GC (7.29 modern column)",
			flip: func(sw *dcplan.Switches) { sw.PodControllerDeletesOrphans = false },
			pods: []dcplan.Pod{hook("web-1", "hook-pre"), deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{},
		},
		{
			name: "hook-pod", why: "7.29: only the main deployer pod is handled",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pods: []dcplan.Pod{hook("web-1", "hook-pre")}, pod: "web-1-hook-pre",
			want: dcplan.Plan{},
		},
		{
			name: "no-deployment-annotation", why: "7.29: a pod that names no RC is ignored",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, func(p *dcplan.Pod) { p.DeploymentName = "" })},
			want: dcplan.Plan{},
		},
		{
			name: "unknown-pod", why: "no pod of that name: nothing to do",
			rcs: []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pod: "nope",
			want: dcplan.Plan{},
		},
		{
			name: "any-change/failed-to-complete", why: "7.28, SPEC 12 WriteAnyPhaseChange: the oldest pod controller writes whenever the phase differs, so a Failed RC whose pod then succeeds completes",
			flip: func(sw *dcplan.Switches) { sw.WriteAnyPhaseChange = true },
			rcs:  []dcplan.Deployment{testRC(1, dcplan.PhaseFailed)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodSucceeded)},
			want: dcplan.Plan{Transitions: tr("7.28", dcplan.PhaseFailed, dcplan.PhaseComplete, commit)},
		},
		{
			name: "any-change/complete-to-running", why: "7.28: with WriteAnyPhaseChange a Running pod moves even a terminal RC (the oldest seed had no terminal guard)",
			flip: func(sw *dcplan.Switches) { sw.WriteAnyPhaseChange = true },
			rcs:  []dcplan.Deployment{testRC(1, dcplan.PhaseComplete)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Transitions: tr("7.28", dcplan.PhaseComplete, dcplan.PhaseRunning, nil)},
		},
		{
			name: "any-change/legal-move", why: "7.29: with WriteAnyPhaseChange a legal move keeps the pod controller's rule",
			flip: func(sw *dcplan.Switches) { sw.WriteAnyPhaseChange = true },
			rcs:  []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{Transitions: tr("7.29", dcplan.PhasePending, dcplan.PhaseRunning, nil)},
		},
		{
			name: "any-change/pending-pod", why: "7.28: with WriteAnyPhaseChange a Pending pod still gives no next phase, so nothing is written",
			flip: func(sw *dcplan.Switches) { sw.WriteAnyPhaseChange = true },
			rcs:  []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodPending)},
			want: dcplan.Plan{},
		},
		{
			name: "modern-profile", why: "SPEC 12 SeedPodController: the deployer-pod controller exists only with the switch (Modern: off)",
			modern: true, rcs: []dcplan.Deployment{testRC(1, dcplan.PhasePending)}, pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			profile := dcplan.Origin
			if tt.modern {
				profile = dcplan.Modern
			}
			pod := tt.pod
			if pod == "" {
				pod = "web-1-deploy"
			}
			s := snapshot(profile, tt.rcs, tt.pods...)
			if tt.flip != nil {
				tt.flip(&s.Settings.Switches)
			}
			got := phase.DeployerPod(s, pod)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("DeployerPod() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// Reference: Origin deployment controller.go Handle, cancellation by
// ActiveDeadlineSeconds (Origin ≈1.0-1.2)
func TestCancelByDeadline(t *testing.T) {
	cancelledEvent := dcEvent("7.25", dcplan.EventNormal, "cancelled", "Cancelled deployment")
	tests := []struct {
		name string
		why  string
		rc   dcplan.Deployment
		pods []dcplan.Pod
		want dcplan.Plan
	}{
		{
			name: "running", why: "7.25, 13.1: every deployer and hook pod gets activeDeadlineSeconds 1, by name; cancelled is recorded after the last",
			rc:   testRC(1, dcplan.PhaseRunning, cancelled),
			pods: []dcplan.Pod{hook("web-1", "hook-pre"), deployer("web-1", dcplan.PodRunning, podDeadline(21600))},
			want: dcplan.Plan{
				SetPodDeadlines: []dcplan.SetPodDeadline{
					{Rule: "7.25", Pod: "web-1-deploy", HadDeadline: true, From: 21600, To: 1},
					{Rule: "7.25", Pod: "web-1-hook-pre", To: 1},
				},
				Events: []dcplan.Event{afterDeadline(1, cancelledEvent)},
			},
		},
		{
			name: "already-at-one", why: "2.3: pods already at 1 are skipped; nothing left means no event",
			rc:   testRC(1, dcplan.PhasePending, cancelled),
			pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, podDeadline(1))},
			want: dcplan.Plan{},
		},
		{
			name: "no-deadline", why: "2.3, 7.25: a pod without activeDeadlineSeconds gets 1, whatever its unset ActiveDeadlineSeconds field holds (it counts only with HasActiveDeadline)",
			rc:   testRC(1, dcplan.PhaseRunning, cancelled),
			pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning, func(p *dcplan.Pod) { p.ActiveDeadlineSeconds = 1 })},
			want: dcplan.Plan{
				SetPodDeadlines: []dcplan.SetPodDeadline{{Rule: "7.25", Pod: "web-1-deploy", To: 1}},
				Events:          []dcplan.Event{afterDeadline(0, cancelledEvent)},
			},
		},
		{
			name: "not-cancelled", why: "2.3: only cancelled rollouts are cut short",
			rc:   testRC(1, dcplan.PhaseRunning),
			pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{},
		},
		{
			name: "terminal", why: "2.3: a Failed RC is not cancelled again",
			rc:   testRC(1, dcplan.PhaseFailed, cancelled),
			pods: []dcplan.Pod{deployer("web-1", dcplan.PodRunning)},
			want: dcplan.Plan{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := phase.CancelByDeadline(snapshot(dcplan.Origin, []dcplan.Deployment{tt.rc}, tt.pods...), "web-1")
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("CancelByDeadline() mismatch (-want +got):\n%s\nwhy: %s", d, tt.why)
			}
		})
	}
}

// TestDeployerPodReportsAFailedWrite: when the seed deployer-pod
// controller's RC update failed (Snapshot.Outcome, SPEC 13), the next plan
// is the same write with the error upstream returned, so the work queue
// retries; a NotFound answer is ignored (SPEC 7 row 29). Without the
// error an adapter forgets the pod's key, and a pod that never changes
// again leaves its RC Running for ever.
//
// Reference: Origin deployerpod controller.go (*DeployerPodController).Handle.
func TestDeployerPodReportsAFailedWrite(t *testing.T) {
	base := snapshot(dcplan.Origin, []dcplan.Deployment{testRC(1, dcplan.PhaseRunning)}, deployer("web-1", dcplan.PodSucceeded))
	first := phase.DeployerPod(base, "web-1-deploy")
	if len(first.Transitions) != 1 {
		t.Fatalf("DeployerPod() = %s, want one transition", dcplan.Describe(first))
	}
	tests := []struct {
		name    string
		failure dcplan.Failure
		want    dcplan.Plan
	}{
		{
			name:    "server error",
			failure: dcplan.Failure{Action: dcplan.ActionTransition, Name: "web-1", Reason: dcplan.StatusInternalError, Code: 500, Message: "etcd timeout"},
			want: dcplan.Plan{Transitions: first.Transitions, Wait: dcplan.WaitRetry, Error: dcplan.ErrorRetry,
				Message: "couldn't update Deployment ns/web-1 to status Complete: etcd timeout"},
		},
		{
			name:    "not found",
			failure: dcplan.Failure{Action: dcplan.ActionTransition, Name: "web-1", Reason: dcplan.StatusNotFound, Code: 404, Message: `replicationcontrollers "web-1" not found`},
			want:    first,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base
			s.Outcome = dcplan.Outcome{Failures: []dcplan.Failure{tt.failure}}
			if d := cmp.Diff(tt.want, phase.DeployerPod(s, "web-1-deploy")); d != "" {
				t.Errorf("DeployerPod() after a failed write mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestDeployerPodOrigin10WritesAnyPhaseChange: Origin10 is the preset
// whose WriteAnyPhaseChange is on (SPEC 12, 7 row 28), and there the
// pod-driven phase is the deployer-pod controller's (7.29), so the
// switch must reach DeployerPod; it used to reach only Step, where no
// seed-era branch moves a phase backwards.
func TestDeployerPodOrigin10WritesAnyPhaseChange(t *testing.T) {
	s := snapshot(dcplan.Origin10, []dcplan.Deployment{testRC(1, dcplan.PhaseFailed)}, deployer("web-1", dcplan.PodSucceeded))
	got := phase.DeployerPod(s, "web-1-deploy")
	if len(got.Transitions) != 1 || got.Transitions[0].To != dcplan.PhaseComplete || got.Transitions[0].Rule != "7.28" {
		t.Errorf("Origin10 DeployerPod = %q, want rule 7.28 writing Failed -> Complete", dcplan.Describe(got))
	}
}

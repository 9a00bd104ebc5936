package phase

import (
	"fmt"
	"slices"
	"time"

	"github.com/dcplan/dcplan"
)

// Step plans one pass of the deployer controller for the RC named rc: the
// pod to create, the pods to delete or to give an owner reference, at most
// one phase transition of the RC, and the events that go with them. It
// returns an empty plan when the snapshot is invalid, when there is no RC
// of that name (the worker skips keys whose RC is gone, SPEC 4.7), and
// when there is nothing to do.
//
// Step plans the RC it is asked about whether or not the RC carries the
// openshift.io/deployment-config.name annotation: upstream's handle reads
// no such annotation. Only its informer does (SPEC 4.7): RC adds and
// updates enqueue an RC with the annotation, while a pod update (new
// resourceVersion) or delete enqueues the RC the pod's
// openshift.io/deployment.name annotation names, annotated or not. When
// to ask is the adapter's choice; StepAll asks only for the annotated
// RCs. The deployer pod of an RC without the annotation carries it empty
// (SPEC 4.5).
//
// The switches of s.Settings (SPEC 12) select the generation reproduced;
// Modern is the zero switches. The pass starts with next = current, the
// RC's phase, and gathers every annotation change in one Transition
// (SPEC 4.2.1, 4.2.2). The rules, in order, drive the deployer's part of
// SPEC 0.7 and 0.8:
//
//  0. Unless IgnoreExpectations: when the RC's deployer pod is one this
//     controller created (it is in s.Unobserved) and the snapshot does
//     not show it (or shows under its name an unrelated pod, which was
//     gone before the create), plan nothing and wait
//     (dcplan.WaitStaleCache) until the cache does (SPEC 4.2.expect,
//     4.2.expect.squat). Planning from that view would create
//     the pod twice, or, for a cancelled RC, delete none of its pods and
//     fail it while the pod runs on beside the next rollout's. Likewise
//     when the RC itself is in s.Unobserved: this controller wrote it and
//     the snapshot shows it as it was before that write. Planning from
//     that view can create the deployer pod of an RC the controller has
//     already failed (its squatted pod name deleted since, SPEC
//     4.3.new.6), which then runs beside the next rollout's. And when
//     the deployer pod the snapshot shows is the one a retry deleted
//     (its uid is the RC's dcplan.io/retried-pod, Deployment.RetriedPod):
//     the cache predates the retry's delete (or a finalizer holds the pod
//     being deleted: the old rollout's all the same), and the old pod's
//     Failed phase would fail the retried rollout at once (SPEC
//     4.2.expect.retry). It waits until the pod is gone, the New-phase
//     timeout unchecked meanwhile. And when the snapshot lists the RC's
//     deployer pod although this controller deleted it (its name is in
//     s.Undeleted): a cancel's delete of a pod that had failed fails the
//     RC in the same pass, a retry then finds no pod to name, and the
//     cached pod's Failed phase would fail the retried rollout at once
//     (SPEC 4.2.expect.delete).
//  1. Look up the deployer pod, dcplan.DeployerPodName(rc) (SPEC 4.2.3).
//     Unless
//     SeedPodController (the seeds: pod phases are DeployerPod's job, SPEC
//     7 row 29), derive a candidate phase from it (Candidate, SPEC 2.2); a
//     Succeeded pod also writes completed-at and commits desired-replicas,
//     and when the RC is cancelled the cancel "raced by success": the pass
//     goes on as if the RC were not cancelled. Without UnrelatedPodEffects
//     only a related pod (its openshift.io/deployment.name annotation names
//     rc) counts (SPEC 11.4); with FailedCancellationEveryPass (Exact,
//     SPEC 10.13) the race happens even when the RC cannot become Complete and records
//     FailedCancellation at once, on every pass.
//  2. New (4.3.new):
//     a. Cancelled: move to Pending and delete every deployer and hook pod
//     (4.3.new.1); with NewCancelledFails move straight to Failed, pods
//     untouched (rule 7.21).
//     b. Unless NoNewTimeout: without an encoded config, wait
//     (dcplan.WaitConfigDecode) with upstream's decode error (4.3.new.2).
//     c. Unless NoNewTimeout: when the strategy timeout (TimeoutSeconds) is
//     exceeded, fail with "unable to create deployer pod" and
//     RolloutTimeout (4.3.new.3). With UnrelatedPodEffects (Exact) the
//     check comes before the pod and times out an RC with no creation time
//     at once (SPEC 10.1, 10.4); without, it is skipped when a related
//     deployer pod exists or the creation time is zero (SPEC 11.4). The
//     timeout counts from the RC's creation, or, unless
//     RetryTimeoutFromCreation, from the retry that reset it to New
//     (Deployment.RetriedAt, rule 4.3.new.3.retry).
//     d. No pod: with the deploy.openshift.io/deployer-pod.ignore annotation
//     do nothing; else create BuildDeployerPod and move to Pending, writing
//     the pod name and created-at, the creationTimestamp the server gives
//     the pod: the plan holds s.Now in whole seconds, and package wire has
//     the adapter write the server's stamp from the create instead (none
//     with NoTimestamps, SPEC 7 row 33) (4.3.new.4, SPEC 1.1).
//     With NoNewTimeout an RC without an encoded config cannot build the
//     pod and waits (dcplan.WaitConfigDecode) with the fatal error
//     upstream returned; with PodCheckAfterAlreadyExists too it does so
//     even when a pod of that name exists (rules e and f come after the
//     create, rule 7.22).
//     e. An unrelated pod: fail with the unrelated-pod reason and a
//     FailedCreate event (4.3.new.6; rule 7.22 with
//     PodCheckAfterAlreadyExists).
//     f. A related pod: write its name, created-at and started-at (not
//     with NoTimestamps) and move to the pod's candidate phase, or Pending
//     when the pod has none (4.3.new.6; 7.22 with
//     PodCheckAfterAlreadyExists); the seeds always move to Pending.
//  3. Pending or Running (SPEC 4.3.pending): without UnrelatedPodEffects an
//     unrelated pod counts as no pod at all.
//     a. No pod: fail. Unless cancelled (then the cancel reason stays), a
//     Pending RC waits for the pod to reach the cache (dcplan.WaitDeployer)
//     while s.Requeues < 13, the 13 requeues of the liveness bound (SPEC
//     11a.4; not with PendingMissingFailsAtOnce, SPEC 7 row 24); otherwise the reason becomes "deployer pod no longer exists"
//     and a Failed event is recorded (4.3.pending.1).
//     b. A pod and cancelled: delete every deployer and hook pod; the
//     candidate phase is still written (4.3.pending.3), and the cancel
//     fails the RC only through a., once the pod is gone (SPEC 0.9). With
//     CancelByDeadline (Origin 1.0 only, SPEC 11a.2), set
//     activeDeadlineSeconds 1 on them instead, as CancelByDeadline does (SPEC 2.3 "Old mechanism", 7 row 25), and the
//     pod failure fails the RC.
//     c. A pod, not cancelled: give every deployer and hook pod without
//     owners an owner reference to the RC (4.6); not with
//     CompleteDeletesPods.
//  4. Failed: cancelled ⇒ delete the deployer and hook pods again; else
//     owner references as in 3c (4.3.failed).
//  5. Complete: nothing (SPEC 4.3.complete); with CompleteDeletesPods
//     delete the deployer and hook pods (SPEC 7 row 26). Any other phase: nothing.
//  6. Commit (4.4): only when CanTransition(current, next) (SPEC 0.1; with
//     WriteAnyPhaseChange: whenever next differs, rule 7.28), one
//     Transition carries the phase and every annotation change above (SPEC
//     4.4.1); a
//     test config's RC entering Complete or Failed with replicas ≠ 0 is
//     scaled to 0 in the same write (SPEC 2.4, 4.4.2). A raced RC loses its
//     cancel annotations (Transition.ClearCancel, SPEC 11.2) unless
//     KeepCancelOnRace (Exact, SPEC 10.2), and records FailedCancellation
//     here, once (SPEC 11.13), unless FailedCancellationEveryPass. When
//     the written RC is cancelled and Failed, RolloutCancelled is recorded (4.4.4), but not
//     with NoRolloutCancelledEvent (the seeds, SPEC 1.6). Without a transition
//     nothing is written (SPEC 10.11, 11.11).
//
// Events go to the DC encoded in the RC, or to the RC when it has none or
// with EventsOnRC. Reason strings are the short forms, the long Origin-era
// forms with LongReasons (UnrelatedPodReason, PodGoneReason); with
// SeedEventReasons the event reasons are the oldest deployer's lowercase
// failed, failedCancellation, cancelled and failedCreate (SPEC 1.6), never
// failedUpdate, which had no message (SPEC 11a.13). A New RC left New
// because its deployer pod is to be ignored (deploy.openshift.io/
// deployer-pod.ignore, no pod) with an armed timeout gets
// Plan.RecheckAfter = the time until the timeout would fire; every other
// New RC either moves (its pod created or found) or waits with an error,
// which the adapter retries with backoff, checking the timeout again.
//
// Ports: deployer_controller.go (*DeploymentController).handle and
// nextStatus (modern); Origin's deployment controller Handle (the seeds).
func Step(s dcplan.Snapshot, rc string) dcplan.Plan {
	if s.Validate() != nil {
		return dcplan.Plan{}
	}
	for i := range s.Deployments {
		if s.Deployments[i].Name == rc {
			return stepOn(&s, s.Pods, &s.Deployments[i])
		}
	}
	return dcplan.Plan{}
}

// stepOn is Step for a validated snapshot and its RC d. Of the pods only
// pods is read, which must hold every pod of s that belongs to d: its
// deployer pod (by name) and the pods labelled for it (s.Pods will do).
func stepOn(s *dcplan.Snapshot, pods []dcplan.Pod, d *dcplan.Deployment) dcplan.Plan {
	d = inNamespace(s, d)
	if !s.Settings.IgnoreExpectations && (unobserved(s, pods, d.Name) || retriedPodListed(pods, d) || undeletedPodListed(s, pods, d.Name)) {
		return dcplan.Plan{Wait: dcplan.WaitStaleCache}
	}
	st := step{now: s.Now, settings: s.Settings, dropping: s.WillBeDropped(), pods: pods, d: d,
		current: d.Phase, next: d.Phase, cancelled: d.Cancelled}
	st.pod = findDeployerPod(pods, d.Name)
	st.found = st.pod != nil
	st.related = st.found && st.pod.DeploymentName == d.Name
	if st.run() {
		st.commit()
	}
	st.outcome(&s.Outcome)
	st.finish(s.Requeues)
	if st.sw().EventsOnRC {
		onRC(st.plan.Events, d)
	}
	return st.plan
}

// inNamespace returns d, or for an RC without a namespace in a snapshot
// whose DC has one a copy of d in the DC's namespace: an RC without one
// is in the DC's (dcplan.Snapshot invariant 3), where package wire sends
// its requests, so its deployer pod (SPEC 4.5:
// OPENSHIFT_DEPLOYMENT_NAMESPACE, which the deployer process reads to
// find the RC), its texts and its events name it there.
func inNamespace(s *dcplan.Snapshot, d *dcplan.Deployment) *dcplan.Deployment {
	if d.Namespace != "" || s.Config.Namespace == "" {
		return d
	}
	in := *d
	in.Namespace = s.Config.Namespace
	return &in
}

// unobserved reports whether the snapshot predates a write of this
// controller to RC rc (SPEC 4.2.expect): rc itself is in s.Unobserved
// (the cache shows a version the controller's write replaced), or its
// deployer pod is (the controller created it) and pods lacks it, or
// shows under its name a pod unrelated to rc: the create made a related
// one, so that pod, a squatter, was gone before it (4.2.expect.squat).
func unobserved(s *dcplan.Snapshot, pods []dcplan.Pod, rc string) bool {
	if len(s.Unobserved) == 0 {
		return false
	}
	if slices.Contains(s.Unobserved, rc) {
		return true
	}
	if !slices.Contains(s.Unobserved, dcplan.DeployerPodName(rc)) {
		return false
	}
	p := findDeployerPod(pods, rc)
	return p == nil || p.DeploymentName != rc
}

// retriedPodListed reports whether pods shows, under the deployer pod's
// name of RC d, the pod a retry of d deleted (SPEC 4.2.expect.retry): its
// uid is d's dcplan.io/retried-pod. A pod made since under that name has
// a uid of its own.
func retriedPodListed(pods []dcplan.Pod, d *dcplan.Deployment) bool {
	if d.RetriedPod == "" {
		return false
	}
	p := findDeployerPod(pods, d.Name)
	return p != nil && p.UID == d.RetriedPod
}

// undeletedPodListed reports whether pods still lists the deployer pod of
// RC rc although this controller deleted it (its name is in s.Undeleted):
// the cache predates the delete (SPEC 4.2.expect.delete). A pod that
// shows its deletionTimestamp counts as listed: the old rollout's all the
// same, whose phase would fail the RC's retried rollout at once. The
// adapter names the pod only while its cache lists the one it deleted,
// not a pod made again under the name.
func undeletedPodListed(s *dcplan.Snapshot, pods []dcplan.Pod, rc string) bool {
	if len(s.Undeleted) == 0 || !slices.Contains(s.Undeleted, dcplan.DeployerPodName(rc)) {
		return false
	}
	return findDeployerPod(pods, rc) != nil
}

// outcome replays what upstream does after a request of this pass failed,
// as o reports it (SPEC 1.7, 4.3-4.6, 11a.12, 13.1). The requests already
// sent stay in the plan; after the failure the pass ends without its RC
// write, and
// so without the events that follow that write:
//
//  1. The deployer pod create failed: a FailedCreate warning `Error
//     creating deployer pod: <err>` right after it (the oldest deployer's
//     failedCreate with SeedEventReasons, none with NoCreateFailedEvent),
//     and the actionable `couldn't create deployer pod for "<ns>/<rc>":
//     <err>`. With PodCheckAfterAlreadyExists an AlreadyExists answer is
//     no failure but the oldest deployer's cue to look the existing pod
//     up (rule 7.22): no event, no error, and a wait
//     (dcplan.WaitStaleCache) for a snapshot that shows that pod.
//  2. An activeDeadlineSeconds write of the oldest deployer's cancel
//     failed: as CancelByDeadline's rule 4 says.
//  3. Some deployer or hook pod deletes failed (NotFound is no failure):
//     the actionable `couldn't clean up all deployer pods for
//     "<ns>/<rc>"`.
//  4. Some owner-reference patches failed: their errors, joined.
//  5. The RC write failed: `couldn't update rollout status for
//     "<ns>/<rc>" to <phase>: <err>`.
func (st *step) outcome(o *dcplan.Outcome) {
	if len(o.Failures) == 0 {
		return
	}
	p, d := &st.plan, st.d
	if deadlineFailure(p, o, d) {
		st.stopBeforeCommit()
		return
	}
	if len(p.CreatePods) > 0 {
		if f, failed := o.Failed(dcplan.ActionCreatePod, p.CreatePods[0].Pod.Name); failed {
			st.stopBeforeCommit()
			if f.Reason == dcplan.StatusAlreadyExists && st.sw().PodCheckAfterAlreadyExists {
				// Rule 7.22: the oldest deployer's cue to look the
				// existing pod up, not a failure; the next snapshot
				// shows the pod.
				p.Wait = dcplan.WaitStaleCache
				return
			}
			at := dcplan.ActionRef{Kind: dcplan.ActionCreatePod, Index: 0}
			if !st.sw().NoCreateFailedEvent {
				p.Events = append(p.Events, eventAfter(at, createFailedEvent(d, st.sw(), f.Message)))
			}
			p.Wait, p.Message, p.Error = dcplan.WaitRetry, fmt.Sprintf("couldn't create deployer pod for %q: %s", label(d), f.Message), dcplan.ErrorActionable
			return
		}
	}
	for _, dp := range p.DeletePods {
		if f, failed := o.Failed(dcplan.ActionDeletePod, dp.Pod); failed && f.Reason != dcplan.StatusNotFound {
			st.stopBeforeCommit()
			p.Wait, p.Message, p.Error = dcplan.WaitRetry, fmt.Sprintf("couldn't clean up all deployer pods for %q", label(d)), dcplan.ErrorActionable
			return
		}
	}
	var errs []string
	for _, po := range p.SetPodOwners {
		if f, failed := o.Failed(dcplan.ActionSetPodOwner, po.Pod); failed {
			errs = append(errs, f.Message)
		}
	}
	if len(errs) > 0 {
		st.stopBeforeCommit()
		p.Wait, p.Message, p.Error = dcplan.WaitRetry, dcplan.Aggregate(errs), dcplan.ErrorRetry
		return
	}
	if len(p.Transitions) > 0 {
		tr := p.Transitions[0]
		if f, failed := o.Failed(dcplan.ActionTransition, tr.RC); failed {
			// Upstream returns on the failed update: the events recorded
			// after it (RolloutCancelled, and those placed at the end)
			// never happen (SPEC 4.4.3, 4.4.4).
			st.dropEventsAfterCommit()
			p.Wait, p.Message, p.Error = dcplan.WaitRetry, fmt.Sprintf("couldn't update rollout status for %q to %s: %s", label(d), tr.To, f.Message), dcplan.ErrorRetry
		}
	}
}

// stopBeforeCommit drops the RC write of the pass and the events recorded
// after it: the pass ended before it.
func (st *step) stopBeforeCommit() {
	st.plan.Transitions = nil
	st.dropEventsAfterCommit()
}

// dropEventsAfterCommit drops the events recorded after the RC write and
// at the end of the pass: a pass that ends at or before that write never
// reaches them.
func (st *step) dropEventsAfterCommit() {
	p := &st.plan
	p.Events = slices.DeleteFunc(p.Events, func(e dcplan.Event) bool {
		return e.After == (dcplan.ActionRef{}) || e.After.Kind == dcplan.ActionTransition
	})
	if len(p.Events) == 0 {
		p.Events = nil
	}
}

// finish classifies the handler error of the pass (SPEC 1.7) and, when
// upstream drops the item after this pass with an actionable error (the
// item was requeued dcplan.MaxRetryCount times), records FailedRetry
// `Stop retrying: <err>` at the end.
func (st *step) finish(requeues int) {
	p := &st.plan
	if p.Message != "" && p.Error == dcplan.ErrorNone {
		p.Error = dcplan.ErrorRetry
	}
	if p.Error == dcplan.ErrorActionable && requeues >= dcplan.MaxRetryCount {
		p.Events = append(p.Events, event(st.d, ruleRetry, dcplan.EventWarning, dcplan.EventFailedRetry, "Stop retrying: "+p.Message))
	}
}

// step is the state of one Step pass: the working annotation changes of
// upstream's map W live in tr until commit.
type step struct {
	// now, settings and dropping (Snapshot.WillBeDropped) are what a step
	// reads of its snapshot. They are copies: a step keeps no pointer into
	// the snapshot, so that stepping leaves the snapshot on its caller's
	// stack.
	now      time.Time
	settings dcplan.Settings
	dropping bool
	// pods are the pods of the snapshot that belong to d (see stepOn).
	pods []dcplan.Pod
	d    *dcplan.Deployment
	plan dcplan.Plan
	tr   dcplan.Transition

	current, next dcplan.Phase
	// cancelled is the RC's cancel state as the rest of the pass sees it;
	// a cancel raced by success clears it (SPEC 4.6).
	cancelled bool
	// raced is true when the deployer pod succeeded while the RC was
	// cancelled (and, in Modern, the RC can still complete).
	raced bool

	pod     *dcplan.Pod // the deployer pod, in pods; nil when !found
	found   bool
	related bool
	// timeout is the armed New-phase timeout in seconds, 0 when none.
	timeout int64
}

// run applies rules 1 to 5. It returns false when the pass ends without a
// commit (a wait, or upstream's early return).
func (st *step) run() bool {
	st.fromPod()
	switch st.current {
	case dcplan.PhaseNew:
		return st.onNew()
	case dcplan.PhasePending, dcplan.PhaseRunning:
		return st.onActive()
	case dcplan.PhaseFailed:
		st.onFailed()
	case dcplan.PhaseComplete:
		if st.sw().CompleteDeletesPods {
			st.plan.DeletePods = cleanup(st.pods, st.d, ruleOriginComplete, false)
		}
	}
	return true
}

// fromPod is rule 1: the candidate phase and its side effects.
func (st *step) fromPod() {
	if st.sw().SeedPodController || !st.found || (!st.sw().UnrelatedPodEffects && !st.related) {
		return
	}
	st.next = Candidate(st.pod.Phase)
	if st.pod.Phase == dcplan.PodSucceeded || st.pod.Phase == dcplan.PodFailed {
		st.tr.CompletedAt, st.tr.Completed = CompletedAt(*st.pod)
	}
	if st.pod.Phase != dcplan.PodSucceeded {
		return
	}
	st.tr.CommitDesired, st.tr.Desired = commitsDesired(st.d, st.sw()), st.d.DesiredReplicas
	if !st.cancelled {
		return
	}
	if !st.sw().FailedCancellationEveryPass && !CanTransition(st.current, dcplan.PhaseComplete) {
		return
	}
	st.cancelled, st.raced = false, true
	if st.sw().FailedCancellationEveryPass {
		st.plan.Events = append(st.plan.Events, racedEvent(st.d, ruleRaced, st.sw()))
	}
}

// commitsDesired reports whether a success commits d's desired-replicas
// into openshift.io/deployment.replicas (Transition.CommitDesired, SPEC
// 2.2): always when d has the annotation, a count or not
// (UnreadDesiredReplicas: its text moves as it stands); without it only
// with CommitAbsentDesired, which writes "" (SPEC 13.1).
func commitsDesired(d *dcplan.Deployment, sw *dcplan.Switches) bool {
	return d.HasDesiredReplicas || d.UnreadDesiredReplicas || sw.CommitAbsentDesired
}

// onNew is rule 2.
func (st *step) onNew() bool {
	d := st.d
	if st.cancelled && st.sw().NewCancelledFails {
		st.next, st.tr.Rule = dcplan.PhaseFailed, ruleOriginNewCancelled
		return true
	}
	if st.cancelled {
		st.next, st.tr.Rule = dcplan.PhasePending, ruleNewCancelled
		st.plan.DeletePods = cleanup(st.pods, d, ruleNewCancelled, false)
		return true
	}
	if !st.sw().NoNewTimeout {
		if d.Encoded == nil {
			st.plan.Wait = dcplan.WaitConfigDecode
			st.plan.Message = decodeError(d)
			return false
		}
		if st.checkTimeout() {
			return true
		}
	}
	if !st.found && d.IgnoreDeployerPod {
		st.recheck()
		return false
	}
	// The pod is built before it is created (4.3.new.4), and the oldest
	// deployer looked at an existing pod only when that create met
	// AlreadyExists (rule 7.22): it needs a pod it can build even when one
	// exists. Only with NoNewTimeout: checked above otherwise.
	if d.Encoded == nil && (!st.found || st.sw().PodCheckAfterAlreadyExists) {
		st.plan.Wait = dcplan.WaitConfigDecode
		st.plan.Message = fmt.Sprintf("fatal error handling rollout: couldn't make deployer pod for %q: %s", label(d), decodeError(d))
		st.plan.Error = dcplan.ErrorFatal
		return false
	}
	switch {
	case !st.found:
		pod := buildDeployerPod(&st.settings, d)
		st.plan.CreatePods = []dcplan.CreatePod{{Rule: ruleNewCreate, Pod: pod}}
		st.tr.Rule = ruleNewCreate
		st.tr.DeployerPod = pod.Name
		if !st.sw().NoTimestamps {
			// An estimate: upstream writes the creationTimestamp the
			// server stamps the pod with, in whole seconds, which the
			// adapter puts in its place (wire.Request.CreatedAtOf).
			st.tr.CreatedAt = st.now.Truncate(time.Second)
		}
		st.next = dcplan.PhasePending
	case !st.related:
		rule := ruleNewExisting
		if st.sw().PodCheckAfterAlreadyExists {
			rule = ruleOriginExisting
		}
		st.next = dcplan.PhaseFailed
		st.tr.Rule = rule
		st.tr.SetReason, st.tr.Reason = true, UnrelatedPodReason(*st.sw())
		st.plan.Events = append(st.plan.Events, unrelatedEvent(d, rule, st.sw(), st.pod.Name))
	default:
		st.tr.Rule = ruleNewExisting
		st.tr.DeployerPod = st.pod.Name
		if st.sw().PodCheckAfterAlreadyExists {
			st.tr.Rule = ruleOriginExisting
		}
		if !st.sw().NoTimestamps {
			st.tr.CreatedAt, st.tr.StartedAt = st.pod.CreationTime, st.pod.StartTime
		}
		st.next = nextStatusComp(st.next, dcplan.PhasePending)
	}
	return true
}

// checkTimeout is rule 2c. It reports whether the RC timed out; when the
// timeout is armed but not yet expired it remembers it for recheck.
func (st *step) checkTimeout() bool {
	d := st.d
	if !st.sw().UnrelatedPodEffects && (st.related || d.CreationTime.IsZero()) {
		return false
	}
	t := TimeoutSeconds(encodedStrategy(d))
	if t <= 0 {
		return false
	}
	start, rule := st.timeoutStart()
	if !timedOut(st.now, start, t) {
		st.timeout = t
		return false
	}
	st.next = dcplan.PhaseFailed
	st.tr.Rule = rule
	st.tr.SetReason, st.tr.Reason = true, dcplan.ReasonDeployerCreateFailed
	st.plan.Events = append(st.plan.Events, timeoutEvent(d, rule, t))
	return true
}

// timeoutStart is when the New-phase timeout of the RC started, and the
// rule that says so: its creation (4.3.new.3), or, unless
// RetryTimeoutFromCreation, the later retry that reset it to New
// (Deployment.RetriedAt, 4.3.new.3.retry).
func (st *step) timeoutStart() (time.Time, dcplan.Rule) {
	d := st.d
	if !st.sw().RetryTimeoutFromCreation && d.RetriedAt.After(d.CreationTime) {
		return d.RetriedAt, ruleNewTimeoutRetry
	}
	return d.CreationTime, ruleNewTimeout
}

// recheck sets RecheckAfter for an RC left New with an armed timeout.
func (st *step) recheck() {
	if st.timeout > 0 {
		start, _ := st.timeoutStart()
		if after := untilTimeout(st.now, start, st.timeout); after > 0 {
			st.plan.RecheckAfter = after
		}
	}
}

// onActive is rule 3.
func (st *step) onActive() bool {
	d := st.d
	missing := !st.found || (!st.sw().UnrelatedPodEffects && !st.related)
	switch {
	case missing:
		rule := rulePendingMissing
		if st.sw().PendingMissingFailsAtOnce {
			rule = ruleOriginMissing
		}
		st.next = dcplan.PhaseFailed
		st.tr.Rule = rule
		if st.cancelled {
			return true
		}
		if !st.sw().PendingMissingFailsAtOnce && !st.dropping && st.current == dcplan.PhasePending {
			st.plan.Wait = dcplan.WaitDeployer
			st.plan.Message = fmt.Sprintf("pod %q not found", dcplan.DeployerPodName(d.Name))
			if st.found { // Modern: a pod at the name that is another RC's deployer
				st.plan.Message = fmt.Sprintf("pod %q is the deployer of %q, not of %q", st.pod.Name, st.pod.DeploymentName, d.Name)
			}
			return false
		}
		st.tr.SetReason, st.tr.Reason = true, PodGoneReason(*st.sw())
		st.plan.Events = append(st.plan.Events, goneEvent(d, rule, st.sw(), dcplan.DeployerPodName(d.Name)))
	case st.cancelled && st.sw().CancelByDeadline:
		var events []dcplan.Event
		st.plan.SetPodDeadlines, events = deadlines(st.pods, d)
		st.plan.Events = append(st.plan.Events, events...)
	case st.cancelled:
		st.plan.DeletePods = cleanup(st.pods, d, rulePendingExists, false)
	case !st.sw().CompleteDeletesPods:
		st.plan.SetPodOwners = owners(st.pods, d)
	}
	return true
}

// onFailed is rule 4. The oldest deployer (CancelByDeadline, the era
// whose cancel leaves the pods to their deadline) had nothing to do for a
// Failed RC: its pods stay (SPEC 7 row 25).
func (st *step) onFailed() {
	switch {
	case st.sw().CancelByDeadline:
	case st.cancelled:
		st.plan.DeletePods = cleanup(st.pods, st.d, ruleFailedCleanup, false)
	case !st.sw().CompleteDeletesPods:
		st.plan.SetPodOwners = owners(st.pods, st.d)
	}
}

// commit is rule 6.
func (st *step) commit() {
	d := st.d
	if !CanTransition(st.current, st.next) && (!st.sw().WriteAnyPhaseChange || st.current == st.next) {
		return
	}
	tr := st.tr
	if tr.Rule == "" {
		tr.Rule = ruleCandidate
	}
	if !CanTransition(st.current, st.next) {
		tr.Rule = ruleOriginAnyPhase // only with WriteAnyPhaseChange
	}
	tr.RC, tr.Version, tr.From, tr.To = d.Name, d.Version, st.current, st.next
	if d.Replicas != 0 && st.next.Terminal() && encodedTest(d) {
		tr.ScaleToZero, tr.ReplicasFrom = true, d.Replicas
	}
	writtenCancelled := d.Cancelled
	if st.raced && !st.sw().KeepCancelOnRace {
		tr.Rule, tr.ClearCancel = ruleRaced, true
		writtenCancelled = false
	}
	if st.raced && !st.sw().FailedCancellationEveryPass {
		tr.Rule = ruleRaced
		// Modern (SPEC 11 item 13): once, on the pass that completes the
		// RC, so after its write: a pass whose write fails records
		// nothing, and the retried pass records it. (A race is never
		// seen under SeedPodController: fromPod leaves pod phases to
		// DeployerPod there.)
		st.plan.Events = append(st.plan.Events, eventAfter(dcplan.ActionRef{Kind: dcplan.ActionTransition}, racedEvent(d, ruleRaced, st.sw())))
	}
	st.plan.Transitions = []dcplan.Transition{tr}
	if writtenCancelled && st.next == dcplan.PhaseFailed && !st.sw().NoRolloutCancelledEvent {
		st.plan.Events = append(st.plan.Events, eventAfter(dcplan.ActionRef{Kind: dcplan.ActionTransition}, cancelledEvent(d)))
	}
}

// decodeError is upstream's error for an RC whose encoded config does not
// decode: the codec's words, or the missing-annotation text.
func decodeError(d *dcplan.Deployment) string {
	if why := d.EncodedProblem; why != "" {
		return why
	}
	return fmt.Sprintf("object %s does not have encoded deployment config annotation", d.Name)
}

// sw returns the switches of the step's settings. It points into the
// step's own copy, never into the snapshot, so that Step leaves its
// snapshot on the caller's stack (TestPassAtRestAllocatesNothing).
func (st *step) sw() *dcplan.Switches { return &st.settings.Switches }

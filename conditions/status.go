package conditions

import (
	"math"
	"strconv"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// Status returns the status the DC controller would write for s.Config,
// computed from the RC list s.Deployments: the RCs "used at that point" of
// the controller's pass (the claimed RCs, as updated by scaling, plus an RC
// just created). bumpGeneration says whether the branch of the pass bumps
// observedGeneration (every branch but "latest exists and still running",
// SPEC 3.2.11). extra are conditions applied last, by the same set rule:
// the create success or failure condition (Created, CreateError).
//
// Fields, without the SeedStatus switch (SPEC 3.9):
//
//  1. latestVersion and details are copied from the current status.
//  2. observedGeneration is metadata.generation when bumpGeneration, else
//     unchanged.
//  3. replicas, availableReplicas and readyReplicas are the sums of the
//     RCs' status.replicas, status.availableReplicas and
//     status.readyReplicas.
//  4. updatedReplicas is the latest RC's status.replicas when the latest
//     RC exists (history.Latest), else 0.
//  5. unavailableReplicas is the sum of the RCs' spec.replicas minus
//     availableReplicas, clamped at 0.
//
// Conditions, without the SeedConditions switch, start from the current
// ones and change by the set rule (Set), timestamps s.Now (SPEC 3.10):
//
//  1. Available: True with MessageAvailable iff availableReplicas >=
//     spec.replicas - MaxUnavailable and availableReplicas > 0, else False
//     with MessageUnavailable (a DC scaled to 0 is never Available).
//  2. Progressing, only when the latest RC exists, by its phase: Pending
//     sets WaitingForPod; Running sets Progressing only when progress is
//     detected (updatedReplicas grew, or replicas - updatedReplicas shrank,
//     against the current status), removing the old condition first so its
//     lastTransitionTime is now; Failed sets RolloutCancelled when the RC is
//     cancelled, else FailedProgressing; Complete sets RolledOut; New and
//     the unknown phase leave it untouched.
//  3. The extra conditions, in order.
//
// The SeedStatus switch reproduces the seed-era counters (SPEC 3.11,
// section 7 row 14): observedGeneration is always metadata.generation;
// unavailableReplicas is not clamped and may be negative; readyReplicas is
// 0 (the seed status has no such field); updatedReplicas is the
// status.replicas of the RC named "<dc>-<latestVersion>" wherever it sits
// in the list. The SeedConditions switch reproduces the seed-era
// conditions (section 7 rows 15-20): Available has no
// "> 0" rule; Progressing follows the seed rules (OriginWaiting for New and
// Pending, OriginProgressing for every Running pass, OriginFailed for
// Failed unless the condition already has reason ProgressDeadlineExceeded,
// OriginCompleted for Complete unless it already has reason
// NewReplicationControllerAvailable); then, when the latest RC is absent or
// terminal, a paused DC without a DeploymentConfigPaused condition gets
// Paused and an unpaused DC with one gets Resumed. Seed conditions carry
// only a lastTransitionTime. Two departures from the seed, both needed for
// a status that converges: availableReplicas comes from the RCs'
// status.availableReplicas (the seed counted available pods with
// minReadySeconds, which an RC list cannot tell), and conditions start from
// the current ones (the seed rebuilt them from nothing on every pass, so
// they were rewritten with fresh timestamps each time); for the same
// reason the phase rules are skipped while a paused DC whose latest RC is
// absent or terminal already shows DeploymentConfigPaused (otherwise the
// Paused and phase conditions would replace each other on every pass).
//
// Sums are taken in 64 bits and clamped to the int32 range. Status does
// not validate s (planners do that first); it never panics, and it never
// modifies s: the returned slices are new.
//
// Ports: deploymentconfig_controller.go calculateStatus and
// updateConditions (modern); Origin deploymentconfig_controller.go
// calculateStatus and updateConditions (seed).
func Status(s dcplan.Snapshot, bumpGeneration bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	return StatusFor(&s, s.Deployments, bumpGeneration, extra...)
}

// Changed reports whether Status(s, bumpGeneration, extra...) differs from
// s.Config.Status by Equal: whether the DC controller has a status to
// write (SPEC 3.9 write rule). It computes the same value as Status but
// compares it in place, so it does not allocate when nothing changed (the
// steady state of a converged DC); otherwise it allocates only to render
// the message of a condition that changes (or when more than four
// condition types change).
//
// Ports: deploymentconfig_controller.go updateStatus, the reflect.DeepEqual test.
func Changed(s dcplan.Snapshot, bumpGeneration bool, extra ...dcplan.Condition) bool {
	return ChangedFor(&s, s.Deployments, bumpGeneration, extra...)
}

// StatusFor is Status computed from the RC list rcs in place of
// s.Deployments: the list a planner holds at that point of its pass (the
// RCs as it scaled them, plus an RC it creates). It copies nothing of s
// and writes to neither s nor rcs.
func StatusFor(s *dcplan.Snapshot, rcs []dcplan.Deployment, bumpGeneration bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	return StatusScaled(s, rcs, nil, bumpGeneration, extra...)
}

// StatusScaled is StatusFor computed from rcs as scales leave them: each
// Scale sets the spec.replicas of its RC from From to To. A planner that
// scales some RCs of a long list asks for the status of the list as
// scaled this way, without a scaled copy of the list: spec.replicas enters
// the status only through its sum (unavailableReplicas), which moves by
// To - From per scale. It copies nothing of s and writes to neither s nor
// rcs.
func StatusScaled(s *dcplan.Snapshot, rcs []dcplan.Deployment, scales []dcplan.Scale, bumpGeneration bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	t := TallyOf(&s.Config, rcs)
	t.Spec += scaleDelta(scales)
	return StatusTally(s, rcs, &t, bumpGeneration, extra...)
}

// StatusTally is StatusFor computed from t, the tally of rcs (with its
// Spec moved by any scales, as StatusScaled does), without walking rcs
// again (but for the SeedStatus switch's updatedReplicas). It copies
// nothing of s and writes to neither s, rcs nor t.
func StatusTally(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bumpGeneration bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	var o overlay
	c := compute(s, rcs, t, bumpGeneration, extra, &o)
	return build(&s.Config.Status, &c, &o)
}

// StatusTallyChanged is StatusTally and ChangedTally in one computation:
// the status and true when it differs from s.Config.Status, else the zero
// status and false, allocating no more than ChangedTally then. A planner
// that writes the status only when it changed computes it once this way.
func StatusTallyChanged(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bumpGeneration bool, extra ...dcplan.Condition) (dcplan.ConfigStatus, bool) {
	var o overlay
	c := compute(s, rcs, t, bumpGeneration, extra, &o)
	cur := &s.Config.Status
	if !differs(cur, &c, &o) {
		return dcplan.ConfigStatus{}, false
	}
	return build(cur, &c, &o), true
}

// build materialises the status computed as c and o, from cur, the
// current one.
func build(cur *dcplan.ConfigStatus, c *counts, o *overlay) dcplan.ConfigStatus {
	out := dcplan.ConfigStatus{
		LatestVersion:       cur.LatestVersion,
		ObservedGeneration:  c.observedGeneration,
		Replicas:            c.replicas,
		UpdatedReplicas:     c.updated,
		AvailableReplicas:   c.available,
		UnavailableReplicas: c.unavailable,
		ReadyReplicas:       c.ready,
		Details:             dcplan.Details{Message: cur.Details.Message},
		Conditions:          o.list(),
	}
	if len(cur.Details.Causes) > 0 {
		out.Details.Causes = append([]dcplan.Cause(nil), cur.Details.Causes...)
	}
	return out
}

// differs reports whether the status computed as c and o differs from
// cur by Equal, comparing in place.
func differs(cur *dcplan.ConfigStatus, c *counts, o *overlay) bool {
	if c.observedGeneration != cur.ObservedGeneration ||
		c.replicas != cur.Replicas ||
		c.updated != cur.UpdatedReplicas ||
		c.available != cur.AvailableReplicas ||
		c.unavailable != cur.UnavailableReplicas ||
		c.ready != cur.ReadyReplicas {
		return true
	}
	return !o.equal(cur.Conditions)
}

// ChangedFor is Changed computed from the RC list rcs in place of
// s.Deployments (see StatusFor). It copies nothing of s.
func ChangedFor(s *dcplan.Snapshot, rcs []dcplan.Deployment, bumpGeneration bool, extra ...dcplan.Condition) bool {
	return ChangedScaled(s, rcs, nil, bumpGeneration, extra...)
}

// ChangedScaled is ChangedFor computed from rcs as scales leave them (see
// StatusScaled). It allocates no more than ChangedFor.
func ChangedScaled(s *dcplan.Snapshot, rcs []dcplan.Deployment, scales []dcplan.Scale, bumpGeneration bool, extra ...dcplan.Condition) bool {
	t := TallyOf(&s.Config, rcs)
	t.Spec += scaleDelta(scales)
	return ChangedTally(s, rcs, &t, bumpGeneration, extra...)
}

// ChangedTally is ChangedFor computed from t, the tally of rcs (see
// StatusTally), without walking rcs again. It allocates no more than
// ChangedFor.
func ChangedTally(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bumpGeneration bool, extra ...dcplan.Condition) bool {
	var o overlay
	c := compute(s, rcs, t, bumpGeneration, extra, &o)
	return differs(&s.Config.Status, &c, &o)
}

// Tally is what a DC status counts of an RC list: the sums of the RCs'
// counters (Status fields 3 and 5) and the latest rollout (field 4 and the
// conditions). TallyOf takes it in one walk; a planner that walks its RC
// list anyway gathers it there (Sums.Add, and Latest from a
// history.Tracker) and hands it to StatusTally and ChangedTally, which
// then do not walk the list again.
type Tally struct {
	Sums
	// Latest is history.Latest of the list.
	Latest history.LatestInfo
}

// Sums are the sums of the counters of an RC list that a DC status
// counts, in 64 bits (Status clamps them): spec.replicas (Spec),
// status.replicas (Status), status.availableReplicas (Available) and
// status.readyReplicas (Ready). It is a value of four words that Add
// returns anew, so that a loop keeps it in registers.
type Sums struct {
	Spec, Status, Available, Ready int64
}

// Add returns the sums with the counters of d added.
func (t Sums) Add(d *dcplan.Deployment) Sums {
	return Sums{
		Spec:      t.Spec + int64(d.Replicas),
		Status:    t.Status + int64(d.StatusReplicas),
		Available: t.Available + int64(d.AvailableReplicas),
		Ready:     t.Ready + int64(d.ReadyReplicas),
	}
}

// TallyOf returns the tally of rcs for cfg, in one walk.
func TallyOf(cfg *dcplan.Config, rcs []dcplan.Deployment) Tally {
	var sums Sums
	var tr history.Tracker
	for i := range rcs {
		d := &rcs[i]
		sums = sums.Add(d)
		tr = tr.Add(i, d)
	}
	return Tally{Sums: sums, Latest: tr.Latest(cfg, rcs)}
}

// counts are the counter fields of a computed status.
type counts struct {
	observedGeneration int64
	replicas           dcplan.Replicas
	updated            dcplan.Replicas
	available          dcplan.Replicas
	unavailable        dcplan.Replicas
	ready              dcplan.Replicas
}

// scaleDelta is how much scales move the sum of spec.replicas.
func scaleDelta(scales []dcplan.Scale) int64 {
	var n int64
	for i := range scales {
		n += int64(scales[i].To) - int64(scales[i].From)
	}
	return n
}

// compute fills o with the conditions of the new status and returns its
// counters, from t, the tally of rcs (see StatusTally). It reads s, rcs
// and t and never writes to them.
func compute(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bump bool, extra []dcplan.Condition, o *overlay) counts {
	cfg := &s.Config
	sw := &s.Settings.Switches
	seedStatus := sw.SeedStatus
	spec, status, avail, ready := t.Spec, t.Status, t.Available, t.Ready
	li := t.Latest
	var updated int64
	switch {
	case seedStatus:
		if i := named(rcs, cfg.Name, cfg.Status.LatestVersion); i >= 0 {
			updated = int64(rcs[i].StatusReplicas)
		}
	case li.Exists:
		updated = int64(li.Candidate.StatusReplicas)
	}
	unavail := spec - avail
	if !seedStatus && unavail < 0 {
		unavail = 0
	}
	c := counts{
		observedGeneration: cfg.Status.ObservedGeneration,
		replicas:           clamp(status),
		updated:            clamp(updated),
		available:          clamp(avail),
		unavailable:        clamp(unavail),
		ready:              clamp(ready),
	}
	if bump || seedStatus {
		c.observedGeneration = cfg.Generation
	}
	if seedStatus {
		c.ready = 0
	}
	o.base, o.now, o.seed = cfg.Status.Conditions, s.Now, sw.SeedConditions
	if sw.SeedConditions {
		originConditions(cfg, &c, li, o)
	} else {
		modernConditions(cfg, &c, li, o)
	}
	for i := range extra {
		o.setCondition(&extra[i])
	}
	return c
}

// modernConditions is updateConditions of SPEC 3.10: Available from the
// available pods (SPEC 3.10.1), then Progressing from the latest RC
// (SPEC 3.10.2).
func modernConditions(cfg *dcplan.Config, c *counts, li history.LatestInfo, o *overlay) {
	floor := int64(cfg.Replicas) - int64(MaxUnavailable(cfg))
	o.set(pendingAvailable(int64(c.available) >= floor && c.available > 0))
	if !li.Exists {
		return
	}
	rc := li.Candidate
	switch rc.Phase {
	case dcplan.PhasePending:
		o.set(pendingWaiting(rc.Name))
	case dcplan.PhaseRunning:
		if progressed(&cfg.Status, c) {
			o.remove(dcplan.ConditionProgressing)
			o.set(pendingProgressing(rc.Name))
		}
	case dcplan.PhaseFailed:
		o.set(pendingFailed(rc.Name, rc.Cancelled))
	case dcplan.PhaseComplete:
		o.set(pendingComplete(rc.Name))
	}
}

// progressed is upstream's IsProgressing: the new status has more updated
// replicas, or fewer old ones, than the current status.
//
// Ports: appsutil.IsProgressing.
func progressed(old *dcplan.ConfigStatus, c *counts) bool {
	oldOld := int64(old.Replicas) - int64(old.UpdatedReplicas)
	newOld := int64(c.replicas) - int64(c.updated)
	return c.updated > old.UpdatedReplicas || newOld < oldOld
}

// originConditions is the seed-era updateConditions (SPEC 7 rows 15-20).
func originConditions(cfg *dcplan.Config, c *counts, li history.LatestInfo, o *overlay) {
	floor := int64(cfg.Replicas) - int64(MaxUnavailable(cfg))
	o.set(pendingAvailable(int64(c.available) >= floor))

	cond := o.get(dcplan.ConditionProgressing)
	idle := !li.Exists || li.Candidate.Phase.Terminal()
	pausedCond := cond != nil && cond.Reason == dcplan.ReasonDeploymentConfigPaused
	if li.Exists && !(idle && cfg.Paused && pausedCond) {
		rc := li.Candidate
		switch rc.Phase {
		case dcplan.PhaseNew, dcplan.PhasePending:
			o.set(pendingOriginWaiting(rc.Name))
		case dcplan.PhaseRunning:
			o.set(pendingOriginProgressing(rc.Name))
		case dcplan.PhaseFailed:
			if cond == nil || cond.Reason != dcplan.ReasonProgressDeadlineExceeded {
				o.set(pendingOriginFailed(rc.Name))
			}
		case dcplan.PhaseComplete:
			if cond == nil || cond.Reason != dcplan.ReasonNewReplicationControllerAvailable {
				o.set(pendingOriginCompleted(rc.Name))
			}
		}
	}
	if !idle {
		return
	}
	switch {
	case cfg.Paused && !pausedCond:
		o.set(pendingPaused())
	case !cfg.Paused && pausedCond:
		o.set(pendingResumed())
	}
}

// named returns the index of the RC called "<dc>-<v>", or -1. It does not
// allocate.
func named(rcs []dcplan.Deployment, dc string, v dcplan.Version) int {
	var buf [24]byte
	suffix := strconv.AppendInt(buf[:0], int64(v), 10)
	for i := range rcs {
		n := rcs[i].Name
		if len(n) == len(dc)+1+len(suffix) && n[:len(dc)] == dc && n[len(dc)] == '-' && n[len(dc)+1:] == string(suffix) {
			return i
		}
	}
	return -1
}

// clamp narrows a 64-bit sum to the int32 range.
func clamp(n int64) dcplan.Replicas {
	return dcplan.Replicas(min(max(n, math.MinInt32), math.MaxInt32))
}

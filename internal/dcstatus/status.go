package dcstatus

import (
	"math"
	"strconv"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// Status is conditions.Status computed from rcs, the RC list of the pass
// at that point (s.Deployments, or the RCs as the pass scaled them plus an
// RC it creates), whose tally is t: TallyOf(&s.Config, rcs), or the tally
// a planner gathered in a walk of its own, with its Spec moved by the
// pass's scales (spec.replicas enters the status only through that sum).
// The rules are conditions.Status's. It walks rcs again only for the
// SeedStatus switch's updatedReplicas, copies nothing of s, and writes to
// neither s, rcs nor t.
func Status(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bumpGeneration bool, extra ...dcplan.Condition) dcplan.ConfigStatus {
	var o overlay
	c := compute(s, rcs, t, bumpGeneration, extra, &o)
	return build(&s.Config.Status, &c, &o)
}

// Changed reports whether Status(s, rcs, t, bumpGeneration, extra...)
// differs from s.Config.Status by ConfigStatus.Equal (the write rule of
// SPEC 3.9). It compares the computed status in place, so it does not
// allocate when nothing changed; otherwise only to render the message of
// a condition that changes (or when more than four condition types
// change).
func Changed(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bumpGeneration bool, extra ...dcplan.Condition) bool {
	var o overlay
	c := compute(s, rcs, t, bumpGeneration, extra, &o)
	return differs(&s.Config.Status, &c, &o)
}

// StatusChanged is Status and Changed in one computation: the status and
// true when it differs from s.Config.Status, else the zero status and
// false, allocating no more than Changed then. A planner that writes the
// status only when it changed computes it once this way.
func StatusChanged(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *Tally, bumpGeneration bool, extra ...dcplan.Condition) (dcplan.ConfigStatus, bool) {
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

// Tally is what a DC status counts of an RC list: the sums of the RCs'
// counters (conditions.Status fields 3 and 5) and the latest rollout
// (field 4 and the conditions). TallyOf takes it in one walk; a planner
// that walks its RC list anyway gathers it there (Sums.Add, and Latest
// from a history.Tracker) and hands it to Status, Changed or
// StatusChanged, which then do not walk the list again.
type Tally struct {
	Sums
	// Latest is history.Latest of the list.
	Latest history.LatestInfo
}

// Sums are the sums of the counters of an RC list that a DC status
// counts, in 64 bits (Status clamps or wraps them): spec.replicas (Spec),
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

// compute fills o with the conditions of the new status and returns its
// counters, from t, the tally of rcs (see Status). It reads s, rcs
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
	narrow := clamp
	if sw.WrapReplicaSums {
		// Upstream's sums are int32: they wrap, and so does the
		// difference of two of them.
		narrow = wrap
		spec, avail = int64(wrap(spec)), int64(wrap(avail))
	}
	unavail := int64(narrow(spec - avail))
	if !seedStatus && unavail < 0 {
		unavail = 0
	}
	c := counts{
		observedGeneration: cfg.Status.ObservedGeneration,
		replicas:           narrow(status),
		updated:            narrow(updated),
		available:          narrow(avail),
		unavailable:        narrow(unavail),
		ready:              narrow(ready),
	}
	if bump || seedStatus {
		c.observedGeneration = cfg.Generation
	}
	if seedStatus {
		c.ready = 0
	}
	o.base, o.now, o.seed = cfg.Status.Conditions, s.Now, sw.SeedConditions
	// Available: at least spec.replicas - maxUnavailable available, and
	// (modern, SPEC 3.10.1) at least one; the seeds had no such rule
	// (SeedStatus, SPEC 7 row 15).
	available := int64(c.available) >= int64(cfg.Replicas)-int64(MaxUnavailable(cfg)) && (seedStatus || c.available > 0)
	if sw.SeedConditions {
		originConditions(cfg, available, li, o)
	} else {
		modernConditions(cfg, &c, available, sw.WrapReplicaSums, li, o)
	}
	for i := range extra {
		o.setCondition(&extra[i])
	}
	return c
}

// modernConditions is updateConditions of SPEC 3.10: Available as
// computed (SPEC 3.10.1), then Progressing from the latest RC (SPEC
// 3.10.2). Whether the DC is paused plays no part (SPEC 3.10.3).
func modernConditions(cfg *dcplan.Config, c *counts, available, wrapped bool, li history.LatestInfo, o *overlay) {
	o.set(pendingAvailable(available))
	if !li.Exists {
		return
	}
	rc := li.Candidate
	switch rc.Phase {
	case dcplan.PhasePending:
		o.set(pendingWaiting(rc.Name))
	case dcplan.PhaseRunning:
		if progressed(&cfg.Status, c, wrapped) {
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
// replicas, or fewer old ones, than the current status. The old-replica
// counts are differences in 64 bits, or in 32 when wrapped
// (WrapReplicaSums), as upstream takes them.
//
// Ports: appsutil.IsProgressing.
func progressed(old *dcplan.ConfigStatus, c *counts, wrapped bool) bool {
	oldOld := int64(old.Replicas) - int64(old.UpdatedReplicas)
	newOld := int64(c.replicas) - int64(c.updated)
	if wrapped {
		oldOld, newOld = int64(wrap(oldOld)), int64(wrap(newOld))
	}
	return c.updated > old.UpdatedReplicas || newOld < oldOld
}

// originConditions is the seed-era updateConditions (SPEC 7 rows 16-20),
// with Available as computed.
func originConditions(cfg *dcplan.Config, available bool, li history.LatestInfo, o *overlay) {
	o.set(pendingAvailable(available))

	cond := o.get(condType{typ: dcplan.ConditionProgressing})
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

// wrap narrows a 64-bit sum as an int32 sum of the same terms would have
// come out: modulo 2^32, in two's complement (WrapReplicaSums).
func wrap(n int64) dcplan.Replicas { return dcplan.Replicas(int32(n)) }

package reconcile

import (
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// reconcile plans what the DC controller does once the latest rollout is
// terminal (SPEC 3.6: the replica ownership of SPEC 0.3), appending to p. The rules, in order:
//
//  1. The active RC is the highest-version Complete one (history.Active,
//     SPEC 3.6.1); there may be none.
//  2. Each RC's target is spec.replicas of the DC for the active RC and 0
//     for every other; a test DC targets 0 everywhere.
//  3. Every RC whose spec.replicas differs from its target is scaled, by
//     version descending, each with a ReplicationControllerScaled event
//     (DeploymentScaled with the DeploymentScaledEvents switch).
//     Annotations are never touched, nor is the DC's spec.replicas. A
//     scale that s.Outcome reports failed ends the pass after it: a
//     ReplicationControllerScaleFailed warning and the write's error.
//     The scale of an orphan this plan adopts re-claims it before each
//     attempt with ReclaimEachAttempt (Scale.Reclaim, SPEC 3.3.reclaim);
//     a failed re-claim gives `error while deploymentConfigController
//     claiming the replication controller <ns>/<rc>: <err>`, or, when the
//     RC is gone, `deployment config <ns>/<dc> (<uid>) no longer owns
//     replication controller <ns>/<rc> (<uid>)` (SPEC 1.7).
//  4. History cleanup runs on the list as scaled (SPEC 3.7).
//  5. Status, observedGeneration bumped, from the list as scaled.
//
// Consequences: a Failed latest with an older Complete RC falls back to the
// older one; with no Complete RC at all, everything goes to 0. In steady
// state (every RC at its target, nothing to prune, status unchanged)
// reconcile allocates nothing.
//
// Ports: deploymentconfig_controller.go
// (*DeploymentConfigController).reconcileDeployments.
func reconcile(s *dcplan.Snapshot, rcs []dcplan.Deployment, c *census, p *dcplan.Plan) {
	cfg := &s.Config
	active := c.track.Active(rcs)
	want := cfg.Replicas // the active RC's target
	if cfg.Test {
		want = 0
	}
	// The RCs to scale, newest first, without allocating for up to four.
	first := len(p.Scales)
	var buf [4]int
	idx := offTarget(buf[:0], rcs, active, want)
	sortNewestFirst(idx, rcs)
	for _, i := range idx {
		d := &rcs[i]
		to := targetOf(d, active, want)
		p.Scales = append(p.Scales, dcplan.Scale{Rule: ruleScale, RC: d.Name, Version: d.Version, From: d.Replicas, To: to,
			Reclaim: reclaims(&s.Settings.Switches, p, d.Name)})
		at := dcplan.ActionRef{Kind: dcplan.ActionScale, Index: len(p.Scales) - 1}
		if f, failed := s.Outcome.Failed(dcplan.ActionScale, d.Name); failed {
			msg := f.Message
			if f.Prelude { // the re-claim failed (SPEC 3.3.reclaim)
				msg = msgReclaimFailed(rcNamespace(cfg, d), d.Name, f.Message)
				if f.Reason == dcplan.StatusNotFound {
					msg = msgNoLongerOwns(cfg, d.Name, d.UID)
				}
			}
			p.Events = append(p.Events, eventAfter(at, scaleFailedEvent(cfg, &s.Settings.Switches, ruleScale, d.Name, d.Replicas, to, msg)))
			p.Wait, p.Message = dcplan.WaitRetry, msg
			return // no cleanup, no status
		}
		p.Events = append(p.Events, eventAfter(at, scaledEvent(cfg, &s.Settings.Switches, ruleScale, d.Name, d.Replicas, to)))
	}
	scales := p.Scales[first:]
	// mayDelete judges rcs as given; cleanup that leaves out undeleted
	// RCs (one may be the active RC) must run to know.
	if dropsUndeleted(s) || mayDelete(cfg, rcs, active) {
		prune(s, applyScales(rcs, idx, scales), ruleCleanup, "", true, p)
	}
	p.Status = statusTally(s, rcs, &c.tally, scales, true, ruleReconcileStatus)
}

// targetOf is the spec.replicas reconcile gives d (rule 2, SPEC 3.6.2):
// want for the active RC (0 for a test DC, as its caller makes want), 0
// for every other.
func targetOf(d, active *dcplan.Deployment, want dcplan.Replicas) dcplan.Replicas {
	if active == nil || !sameRC(d, active) {
		return 0
	}
	return want
}

// offTarget appends to idx the indices of the RCs of rcs whose
// spec.replicas differs from their target (targetOf), in list order.
func offTarget(idx []int, rcs []dcplan.Deployment, active *dcplan.Deployment, want dcplan.Replicas) []int {
	for i := range rcs {
		if targetOf(&rcs[i], active, want) != rcs[i].Replicas {
			idx = append(idx, i)
		}
	}
	return idx
}

// mayDelete reports whether history cleanup over rcs, whose active RC is
// active (nil for none), may delete anything (history.ToDelete rules 1
// and 2), which does not depend on any spec.replicas: when it cannot,
// cleanup of the list as scaled needs no scaled copy of the list, and
// cleanup need not run at all. Nothing is deleted while at most limit RCs
// are prunable, and the active RC never is (history.Prunable rule 1), so
// a DC at rest with its history cleaned up (its limit of old RCs and the
// active one) is told so without a walk (BenchmarkConfig's steady-limit
// case); else the prunable RCs are counted. It judges rcs as given, so it
// does not stand for a cleanup that leaves out RCs of s.Undeleted
// (dropsUndeleted).
func mayDelete(cfg *dcplan.Config, rcs []dcplan.Deployment, active *dcplan.Deployment) bool {
	if !cfg.HasRevisionHistoryLimit || cfg.RevisionHistoryLimit < 0 {
		return false
	}
	limit := int(cfg.RevisionHistoryLimit)
	n := len(rcs)
	if active != nil {
		n--
	}
	return n > limit && history.CountPrunable(cfg, rcs) > limit
}

// applyScales returns rcs as scales leave them: a copy when there are
// scales (scales[j] scales rcs[idx[j]]), rcs itself otherwise.
func applyScales(rcs []dcplan.Deployment, idx []int, scales []dcplan.Scale) []dcplan.Deployment {
	if len(scales) == 0 {
		return rcs
	}
	out := slices.Clone(rcs)
	for j, sc := range scales {
		out[idx[j]].Replicas = sc.To
	}
	return out
}

// activeReplicas is the replica count the seed-era replica sync gives the
// active RC, and with it the DC (SPEC 3.11). The rules, in order:
//
//  1. The active RC is the latest: if it has no
//     openshift.io/deployment.replicas annotation, or the annotation
//     differs from its spec.replicas (someone scaled the RC directly, or it
//     was never synced), the RC's spec.replicas.
//  2. The active RC is not the latest and has no such annotation: the
//     latest RC's desired-replicas annotation when present, else the
//     active RC's spec.replicas when positive.
//  3. No active RC: the latest RC's desired-replicas annotation when
//     present.
//  4. Otherwise the DC's spec.replicas.
//
// Ports: Origin deploymentconfig_controller.go reconcileDeployments, the
// activeReplicas switch.
func activeReplicas(cfg *dcplan.Config, latest, active *dcplan.Deployment) dcplan.Replicas {
	switch {
	case active != nil && active.Name == latest.Name:
		if !active.HasSyncedReplicas || active.SyncedReplicas != active.Replicas {
			return active.Replicas
		}
	case active != nil:
		switch {
		case active.HasSyncedReplicas:
		case latest.HasDesiredReplicas:
			return latest.DesiredReplicas
		case active.Replicas > 0:
			return active.Replicas
		}
	case latest.HasDesiredReplicas:
		return latest.DesiredReplicas
	}
	return cfg.Replicas
}

// reconcileOrigin is the seed-era reconcile with replica sync (SPEC 3.11,
// section 7 rows 9-11), appended to p. The rules, in order:
//
//  1. activeReplicas as computed by activeReplicas.
//  2. If the DC's spec.replicas differs and the DC is not a test DC: a
//     ConfigUpdate writes spec.replicas = activeReplicas, so that the DC
//     learns a hand-scaled count before the RCs are rewritten. An update
//     that s.Outcome reports failed ends the pass after it, before any RC
//     write, cleanup or status: Wait = WaitRetry with the update's error
//     as the client returned it (the seed's `return err`; SPEC words no
//     text of its own), no event. Going on would write the RCs and a
//     status over a DC that never learnt the count, and the next pass
//     would scale the hand-scaled RC back.
//  3. Each RC's target is activeReplicas for the active RC, else 0 (0
//     everywhere for a test DC). An RC is written, by version descending,
//     when its openshift.io/deployment.replicas annotation is missing or
//     differs from the target, or its spec.replicas does; the write sets
//     both (Scale with SyncAnnotation). A DeploymentScaled event
//     (ReplicationControllerScaled without DeploymentScaledEvents) is
//     recorded only when the count changes.
//  4. History cleanup runs on the list as it was before scaling.
//  5. Status from the list as scaled and the DC as synced.
//
// When the DC is synced, the status is computed from the DC as the update
// returns it: spec.replicas changed and metadata.generation one up (the
// API server bumps it on every spec change), so observedGeneration moves
// with it in the same pass, as upstream's does. The seed then wrote the
// status of the object its update returned, so package wire renders that
// status write as a Rebase request, sent with the version the update
// left: the pass cannot conflict with itself.
//
// Ports: Origin deploymentconfig_controller.go reconcileDeployments
// (replica-sync variant).
func reconcileOrigin(s *dcplan.Snapshot, rcs []dcplan.Deployment, c *census, latest *dcplan.Deployment, p *dcplan.Plan) {
	cfg := &s.Config
	active := c.track.Active(rcs)
	want := activeReplicas(cfg, latest, active)
	synced := s
	if cfg.Replicas != want && !cfg.Test {
		p.UpdateConfig = append(p.UpdateConfig, dcplan.ConfigUpdate{
			Rule: ruleOriginSync, Config: cfg.Name, SetReplicas: true, ReplicasFrom: cfg.Replicas, ReplicasTo: want,
		})
		if f, failed := s.Outcome.Failed(dcplan.ActionUpdateConfig, cfg.Name); failed {
			p.Wait, p.Message = dcplan.WaitRetry, f.Message
			return
		}
		c := *s
		c.Config.Replicas = want
		c.Config.Generation++ // the API server bumps it for a spec change
		synced = &c
	}
	target := func(d *dcplan.Deployment) dcplan.Replicas {
		if cfg.Test || active == nil || !sameRC(d, active) {
			return 0
		}
		return want
	}
	stale := func(d *dcplan.Deployment) bool {
		to := target(d)
		return !d.HasSyncedReplicas || d.SyncedReplicas != to || d.Replicas != to
	}
	need := false
	for i := range rcs {
		if stale(&rcs[i]) {
			need = true
			break
		}
	}
	first := len(p.Scales)
	if need {
		var buf [4]int
		for _, i := range newestFirst(buf[:0], rcs, stale) {
			d := &rcs[i]
			to := target(d)
			p.Scales = append(p.Scales, dcplan.Scale{
				Rule: ruleOriginSync, RC: d.Name, Version: d.Version, From: d.Replicas, To: to, SyncAnnotation: true,
			})
			at := dcplan.ActionRef{Kind: dcplan.ActionScale, Index: len(p.Scales) - 1}
			if f, failed := s.Outcome.Failed(dcplan.ActionScale, d.Name); failed {
				p.Events = append(p.Events, eventAfter(at, scaleFailedEvent(cfg, &s.Settings.Switches, ruleOriginSync, d.Name, d.Replicas, to, f.Message)))
				p.Wait, p.Message = dcplan.WaitRetry, f.Message
				return
			}
			if d.Replicas != to {
				p.Events = append(p.Events, eventAfter(at, scaledEvent(cfg, &s.Settings.Switches, ruleOriginSync, d.Name, d.Replicas, to)))
			}
		}
	}
	// A failed delete here is DeploymentCleanupFailed, as in every other
	// pass of the replica-sync seeds (SPEC 3.11, 7 row 10).
	prune(s, rcs, ruleOriginCleanup, "", false, p)
	// The status reads spec.replicas of the list as scaled (the synced
	// annotation not at all), which the scales give without a copy.
	p.Status = statusTally(synced, rcs, &c.tally, p.Scales[first:], true, ruleOriginSync)
}

// sameRC reports whether a and b are the same RC: same version and name
// (the version first, the cheaper test that almost always decides).
func sameRC(a, b *dcplan.Deployment) bool {
	return a.Version == b.Version && a.Name == b.Name
}

// scaledEvent is the event of one scale: ReplicationControllerScaled, or
// DeploymentScaled with the DeploymentScaledEvents switch (SPEC 7 row 10).
func scaledEvent(cfg *dcplan.Config, sw *dcplan.Switches, rule dcplan.Rule, rc string, from, to dcplan.Replicas) dcplan.Event {
	if sw.DeploymentScaledEvents {
		return configEvent(cfg, rule, dcplan.EventNormal, dcplan.EventDeploymentScaled, msgScaledOrigin(rc, from, to))
	}
	return configEvent(cfg, rule, dcplan.EventNormal, dcplan.EventReplicationControllerScaled, msgScaled(rc, from, to))
}

// scaleFailedEvent is the warning of a failed scale:
// ReplicationControllerScaleFailed, or DeploymentScaleFailed with the
// DeploymentScaledEvents switch (SPEC 1.6, 7 row 10).
func scaleFailedEvent(cfg *dcplan.Config, sw *dcplan.Switches, rule dcplan.Rule, rc string, from, to dcplan.Replicas, err string) dcplan.Event {
	if sw.DeploymentScaledEvents {
		return configEvent(cfg, rule, dcplan.EventWarning, dcplan.EventDeploymentScaleFailed, msgScaleFailedOrigin(rc, from, to, err))
	}
	return configEvent(cfg, rule, dcplan.EventWarning, dcplan.EventReplicationControllerScaleFailed, msgScaleFailed(rc, from, to, err))
}

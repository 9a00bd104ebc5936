package reconcile

import (
	"fmt"
	"math"
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/dcstatus"
)

// statusWrite returns the DC status write of a pass whose RC list at that
// point is rcs (SPEC 3.9; status summed from the RCs, SPEC 0.10), or nil when the computed status equals the
// current one (the write rule that prevents hot loops). bump says whether
// observedGeneration moves to metadata.generation; extra are the create
// success or failure conditions. It does not allocate when nothing
// changed.
//
// Ports: deploymentconfig_controller.go (*DeploymentConfigController).updateStatus.
func statusWrite(s *dcplan.Snapshot, rcs []dcplan.Deployment, bump bool, rule dcplan.Rule, extra ...dcplan.Condition) *dcplan.StatusUpdate {
	return statusScaled(s, rcs, nil, bump, rule, extra...)
}

// statusScaled is statusWrite for rcs as scales leave them: a pass that
// scales a few RCs of a long list computes its status without a scaled
// copy of the list (see statusTally).
func statusScaled(s *dcplan.Snapshot, rcs []dcplan.Deployment, scales []dcplan.Scale, bump bool, rule dcplan.Rule, extra ...dcplan.Condition) *dcplan.StatusUpdate {
	t := dcstatus.TallyOf(&s.Config, rcs)
	return statusTally(s, rcs, &t, scales, bump, rule, extra...)
}

// statusTally is statusScaled from t, the tally of rcs (the census of the
// claimed RCs, see census), without walking rcs again: the scales move
// only its sum of spec.replicas.
func statusTally(s *dcplan.Snapshot, rcs []dcplan.Deployment, t *dcstatus.Tally, scales []dcplan.Scale, bump bool, rule dcplan.Rule, extra ...dcplan.Condition) *dcplan.StatusUpdate {
	if len(scales) > 0 {
		scaled := *t
		for i := range scales {
			scaled.Spec += int64(scales[i].To) - int64(scales[i].From)
		}
		t = &scaled
	}
	to, changed := dcstatus.StatusChanged(s, rcs, t, bump, extra...)
	if !changed {
		return nil
	}
	return &dcplan.StatusUpdate{Rule: rule, Config: s.Config.Name, From: s.Config.Status.Clone(), To: to}
}

// versionBump returns the status write that moves status.latestVersion one
// up and, when details is non-nil, replaces status.details; every other
// field is kept as it is (SPEC 3.2.7, 3.2.10: nothing else is recomputed,
// observedGeneration included). At the largest version it returns nil:
// no preset writes a wrapped, negative latestVersion (SPEC 3.2.10.max).
func versionBump(cfg *dcplan.Config, rule dcplan.Rule, details *dcplan.Details) *dcplan.StatusUpdate {
	if atMaxVersion(cfg) {
		return nil
	}
	to := cfg.Status.Clone()
	to.LatestVersion++
	if details != nil {
		to.Details = *details
	}
	return &dcplan.StatusUpdate{Rule: rule, Config: cfg.Name, From: cfg.Status.Clone(), To: to, RecordsDetails: details != nil}
}

// atMaxVersion reports whether status.latestVersion is the largest
// version, which no rollout can follow (SPEC 3.2.10.max).
func atMaxVersion(cfg *dcplan.Config) bool { return cfg.Status.LatestVersion == math.MaxInt64 }

// msgMaxVersion is the error a pass returns when a rollout cannot start
// because latestVersion is at its largest value (SPEC 3.2.10.max).
func msgMaxVersion(cfg *dcplan.Config) string {
	return fmt.Sprintf("deployment config %q cannot start a new rollout: status.latestVersion is %d, the largest version", cfg.Name, cfg.Status.LatestVersion)
}

// cleanup returns the history cleanup deletes over rcs, oldest first
// (SPEC 3.7), or nil, each conditioned on the RC as read unless
// UnconditionalDeletes (SPEC 3.7.5.unchanged), and without options with
// ReplicaSync (SPEC 7 row 11). It allocates only when something is
// deleted.
//
// Ports: deploymentconfig_controller.go cleanupOldDeployments.
func cleanup(cfg *dcplan.Config, rcs []dcplan.Deployment, rule dcplan.Rule, sw *dcplan.Switches) []dcplan.DeleteRC {
	del := history.ToDelete(cfg, rcs)
	if len(del) == 0 {
		return nil
	}
	out := make([]dcplan.DeleteRC, len(del))
	for i, d := range del {
		out[i] = dcplan.DeleteRC{Rule: rule, RC: d.Name, Version: d.Version, Replicas: d.Replicas,
			IfUnchanged: !sw.UnconditionalDeletes, WithoutOptions: sw.ReplicaSync}
	}
	return out
}

// prune appends the history cleanup of rcs (SPEC 3.7) to p, without the RC
// named keep (the one this pass creates; "" for none). When s.Outcome
// reports some of those deletes failed, the pass records one warning after
// the last delete and goes on (SPEC 3.2.5, 3.2.12, 3.6.4): on the modern
// reconcile path (reconciled: reconcile, which the newer seed shares,
// SPEC 3.11) ReplicationControllerCleanupFailed `Couldn't clean up
// replication controllers: <err>`, elsewhere (the paused and create
// paths, and the seed's replica-sync reconcile) DeploymentCleanupFailed
// `Couldn't clean up deployments: <err>`, the errors joined in delete
// order.
//
// Ports: deploymentconfig_controller.go cleanupOldDeployments and the
// Eventf calls on its error.
func prune(s *dcplan.Snapshot, rcs []dcplan.Deployment, rule dcplan.Rule, keep string, reconciled bool, p *dcplan.Plan) {
	pruneBelow(s, rcs, rule, keep, 0, reconciled, p)
}

// prunePaused appends the history cleanup of a DC that is paused with
// Paused = PausedFirst (SPEC 3.2.5) to p, as prune does (a failed delete
// records DeploymentCleanupFailed), in either decision list. Upstream
// prunes there, before the status-lag rule, by the active RC alone: with
// a lagging status that can delete the RC latestVersion names (SPEC
// 3.7.5.paused). Without PausedPrunesLatest (Modern) that RC and every
// newer one are kept; with it (Exact) they are not.
func prunePaused(s *dcplan.Snapshot, rcs []dcplan.Deployment, p *dcplan.Plan) {
	var floor dcplan.Version
	if !s.Settings.PausedPrunesLatest {
		floor = max(s.Config.Status.LatestVersion, 1)
	}
	pruneBelow(s, rcs, ruleCleanup, "", floor, false, p)
}

// pruneBelow is prune that also keeps every RC of version floor or newer
// (0: no floor).
func pruneBelow(s *dcplan.Snapshot, rcs []dcplan.Deployment, rule dcplan.Rule, keep string, floor dcplan.Version, reconciled bool, p *dcplan.Plan) {
	cfg := &s.Config
	if dropsUndeleted(s) {
		// RCs this controller has deleted that a finalizer holds listed
		// (undeleted waits for any other): already gone as history
		// goes, they neither count nor get deleted again (SPEC
		// 3.7.expect).
		rcs = slices.DeleteFunc(slices.Clone(rcs), func(d dcplan.Deployment) bool { return slices.Contains(s.Undeleted, d.Name) })
	}
	dels := cleanup(cfg, rcs, rule, &s.Settings.Switches)
	if keep != "" || floor > 0 {
		dels = slices.DeleteFunc(dels, func(d dcplan.DeleteRC) bool { return d.RC == keep || floor > 0 && d.Version >= floor })
	}
	if len(dels) == 0 {
		return
	}
	p.DeleteRCs = append(p.DeleteRCs, dels...)
	if !s.Outcome.Any(dcplan.ActionDeleteRC) {
		return
	}
	var errs []string
	for _, d := range dels {
		// An RC already gone is cleaned up: upstream skips NotFound (SPEC
		// 3.7.5, 13.1), whether or not the adapter reports it.
		if f, failed := s.Outcome.Failed(dcplan.ActionDeleteRC, d.RC); failed && f.Reason != dcplan.StatusNotFound {
			errs = append(errs, f.Message)
		}
	}
	if len(errs) == 0 {
		return
	}
	reason, msg := dcplan.EventDeploymentCleanupFailed, "Couldn't clean up deployments: "
	if reconciled { // SPEC 3.6.4; the newer seed's reconcile too (SPEC 3.11)
		reason, msg = dcplan.EventReplicationControllerCleanupFailed, "Couldn't clean up replication controllers: "
	}
	last := dcplan.ActionRef{Kind: dcplan.ActionDeleteRC, Index: len(p.DeleteRCs) - 1}
	p.Events = append(p.Events, eventAfter(last, configEvent(cfg, rule, dcplan.EventWarning, reason, msg+dcplan.Aggregate(errs))))
}

// dropsUndeleted reports whether history cleanup leaves out the RCs of
// s.Undeleted (SPEC 3.7.expect): some are named and expectations are kept
// (not IgnoreExpectations).
func dropsUndeleted(s *dcplan.Snapshot) bool {
	return len(s.Undeleted) > 0 && !s.Settings.IgnoreExpectations
}

// refuseMaxVersion is the refusal of a user operation that would start a
// rollout at the largest latestVersion (SPEC 3.2.10.max): the server's
// ErrInvalid, worded as msgMaxVersion.
func refuseMaxVersion(cfg *dcplan.Config) error {
	return &dcplan.Refusal{Err: ErrInvalid, Text: msgMaxVersion(cfg)}
}

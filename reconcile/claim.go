package reconcile

import (
	"cmp"
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
	"github.com/dcplan/dcplan/internal/dcstatus"
)

// verdict is what the controller-ref manager decides about one RC.
type verdict uint8

const (
	// ignored: owned by another controller, or an orphan that does not
	// match (or may not be adopted now). Not ours, no action.
	ignored verdict = iota
	// owned: controller reference to this DC and the label matches.
	owned
	// adoptable: a matching orphan; ours once the Adopt patch is applied.
	adoptable
	// releasable: ours by reference but the label no longer matches; the
	// Release patch drops the reference. Not ours.
	releasable
)

// judge classifies d for cfg (SPEC 3.3 steps 1-2).
//
// Ports: controller_ref_manager.go (*BaseControllerRefManager).ClaimObject.
func judge(cfg *dcplan.Config, d *dcplan.Deployment) verdict {
	matches := d.ConfigLabel == cfg.Name
	if d.HasController {
		switch {
		case d.Controller.UID != cfg.UID:
			return ignored
		case matches:
			return owned // even while the DC is being deleted
		case cfg.Deleting:
			return ignored
		}
		return releasable
	}
	switch {
	case cfg.Deleting, !matches, d.Deleting:
		return ignored
	case cfg.Namespace != "" && d.Namespace != "" && d.Namespace != cfg.Namespace:
		// An RC without a namespace is in the DC's (dcplan.Snapshot
		// invariant 3): only one of another namespace is refused.
		return ignored
	}
	return adoptable
}

// rcNamespace is the namespace of d, an RC of cfg's snapshot, as texts
// name it: its own, or cfg's when it has none (an RC without a namespace
// is in the DC's, dcplan.Snapshot invariant 3).
func rcNamespace(cfg *dcplan.Config, d *dcplan.Deployment) string {
	if d.Namespace == "" {
		return cfg.Namespace
	}
	return d.Namespace
}

// recheckError returns why the adoption recheck (a live GET of the DC,
// SPEC 3.3.2) refuses adoptions, or "" when it allows them. Without a
// recheck result the live DC is assumed to equal the snapshot's.
//
// Ports: kcontroller.RecheckDeletionTimestamp with the DC controller's
// getter ("original DeploymentConfig ... is gone").
func recheckError(s *dcplan.Snapshot) string {
	cfg, r := &s.Config, &s.Recheck
	if !r.Done {
		return ""
	}
	const prefix = "can't recheck DeletionTimestamp: "
	switch {
	case r.Err != "":
		return prefix + r.Err
	case r.UID != cfg.UID:
		return prefix + "original DeploymentConfig " + label(cfg) + " is gone: got uid " + r.UID + ", wanted " + cfg.UID
	case !r.DeletionTime.IsZero():
		return label(cfg) + " has just been deleted at " + r.DeletionTime.UTC().String()
	}
	return ""
}

// claimed is the outcome of claiming the snapshot's RCs.
type claimed struct {
	// rcs are the RCs that are ours from here on. When every RC of the
	// snapshot is owned it is s.Deployments itself (read only).
	rcs     []dcplan.Deployment
	adopt   []dcplan.Adopt
	release []dcplan.Release
	// err is the aggregated claim error text, "" when none.
	err string
}

// census is what the DC controller learns of its claimed RCs in the walk
// that claims them, for the later rules of the pass: Latest and Active
// (track) and what the status counts (tally, whose Latest is set), so
// that no rule walks the list again for them.
type census struct {
	track history.Tracker
	tally dcstatus.Tally
}

// take fills c from rcs, the claimed RCs of cfg, in one walk. With
// ownedOnly (rcs is then every RC of the snapshot) it stops at the first
// RC that is not owned (see judge) and reports false, leaving c as it
// was.
//
// The walk that judges comes first, on its own: judging compares strings,
// and each comparison is a call to the runtime, across which Go keeps no
// register, so a census taken in the same loop would be spilled to the
// stack and reloaded twice per RC. The census walk after it calls nothing:
// it keeps what it learns in registers (history.Tracker and
// dcstatus.Sums are values of four words that their Add returns anew)
// and writes c once at the end, as stores through c would cost write
// barriers too.
func (c *census) take(cfg *dcplan.Config, rcs []dcplan.Deployment, ownedOnly bool) bool {
	if ownedOnly {
		for i := range rcs {
			if judge(cfg, &rcs[i]) != owned {
				return false
			}
		}
	}
	var (
		track history.Tracker
		sums  dcstatus.Sums
	)
	for i := range rcs {
		d := &rcs[i]
		track = track.Add(i, d)
		sums = sums.Add(d)
	}
	*c = census{track: track, tally: dcstatus.Tally{Sums: sums, Latest: track.Latest(cfg, rcs)}}
	return true
}

// claim runs the controller-ref claim over every RC of the snapshot (SPEC
// 3.3, 3.2.3), and takes the census of the claimed RCs into c. The rules, in order, for each RC:
//
//  1. A controller reference to another UID: ignored.
//  2. Ours and the config label matches: owned (even while deleting).
//  3. Ours but the label no longer matches: Release (none while the DC is
//     being deleted); not ours.
//  4. An orphan whose label matches, not being deleted, in the DC's
//     namespace, while the DC is not being deleted: Adopt, when the
//     adoption recheck allows it (s.Recheck, or the cached DC when the
//     adapter supplies none, SPEC 11a.9); else a "can't adopt" error.
//  5. A patch of rule 3 or 4 that s.Outcome reports failed leaves the RC
//     not ours; its error text joins the claim error, except NotFound for
//     an adoption (the RC is gone) and NotFound or Invalid for a release
//     (releaseTolerated: upstream counts either as released, SPEC 3.3.1).
//
// The claimed RCs keep the snapshot's order; Adopt and Release actions are
// ordered by name (upstream takes them from an unordered cache listing).
// Errors are aggregated as upstream does, and the RCs they concern are not
// claimed (SPEC 3.3.3). When every RC is owned, claim
// allocates nothing, and the walk that tells so takes the census.
//
// Ports: rcControllerRefManager.ClaimReplicationControllers.
func claim(s *dcplan.Snapshot, c *census) claimed {
	cfg := &s.Config
	if c.take(cfg, s.Deployments, true) {
		return claimed{rcs: s.Deployments}
	}
	refused := ""
	var out claimed
	type claimError struct {
		v    dcplan.Version
		text string
	}
	var errs []claimError
	for _, d := range s.Deployments { // list order: the order the pass reads them in (SPEC 13.1)
		switch judge(cfg, &d) {
		case owned:
			out.rcs = append(out.rcs, d)
		case releasable:
			out.release = append(out.release, dcplan.Release{Rule: ruleRelease, RC: d.Name, RCUID: d.UID, ConfigUID: cfg.UID})
			if f, failed := s.Outcome.Failed(dcplan.ActionRelease, d.Name); failed && !releaseTolerated(f) {
				errs = append(errs, claimError{d.Version, f.Message})
			}
		case adoptable:
			if refused == "" {
				refused = recheckError(s)
			}
			if refused != "" {
				errs = append(errs, claimError{d.Version, msgCantAdopt(rcNamespace(cfg, &d), d.Name, d.UID, refused)})
				continue
			}
			out.adopt = append(out.adopt, dcplan.Adopt{Rule: ruleAdopt, RC: d.Name, RCUID: d.UID, Config: cfg.Name, ConfigUID: cfg.UID})
			if f, failed := s.Outcome.Failed(dcplan.ActionAdopt, d.Name); failed {
				// The patch was sent and failed: not ours. NotFound
				// (the RC is gone) is no error (SPEC 3.3.2).
				if f.Reason != dcplan.StatusNotFound {
					errs = append(errs, claimError{d.Version, f.Message})
				}
				continue
			}
			out.rcs = append(out.rcs, d)
		}
	}
	slices.SortFunc(out.adopt, func(a, b dcplan.Adopt) int { return cmp.Compare(a.RC, b.RC) })
	slices.SortFunc(out.release, func(a, b dcplan.Release) int { return cmp.Compare(a.RC, b.RC) })
	// Several failures are joined highest version first (SPEC 13.1).
	slices.SortStableFunc(errs, func(a, b claimError) int { return cmp.Compare(b.v, a.v) })
	texts := make([]string, len(errs))
	for i, e := range errs {
		texts[i] = e.text
	}
	out.err = dcplan.Aggregate(texts)
	c.take(cfg, out.rcs, false)
	return out
}

// claimLive claims the RC a create found already existing (SPEC 3.2.12).
// It reports whether the RC is ours, the claim error text when there is
// one, and the Adopt or Release action the claim performs. The rules, in
// order:
//
//  1. Owned (see judge): ours, no action.
//  2. Releasable: a Release; not ours. When s.Outcome reports the release
//     failed (NotFound and Invalid never get here: the request tolerates
//     them), its error text is the claim error.
//  3. Adoptable, and the adoption recheck refuses: not ours, upstream's
//     nested "can't adopt" text.
//  4. Adoptable: an Adopt; ours, unless s.Outcome reports the adoption
//     failed: then not ours, with its error text as the claim error, or
//     none for NotFound (the RC is gone, SPEC 3.3.2).
//  5. Otherwise (another controller's, or an orphan that does not match):
//     not ours, no action.
//
// Ports: rcControllerRefManager.ClaimReplicationController on the live
// RC, in (*DeploymentConfigController).Handle's AlreadyExists branch.
func claimLive(s *dcplan.Snapshot, live *dcplan.Deployment) (ours bool, errText string, adopt []dcplan.Adopt, release []dcplan.Release) {
	cfg := &s.Config
	switch judge(cfg, live) {
	case owned:
		return true, "", nil, nil
	case releasable:
		release = []dcplan.Release{{Rule: ruleRelease, RC: live.Name, RCUID: live.UID, ConfigUID: cfg.UID, Live: true}}
		if f, failed := s.Outcome.Failed(dcplan.ActionRelease, live.Name); failed && !releaseTolerated(f) {
			errText = f.Message
		}
		return false, errText, nil, release
	case adoptable:
		if refused := recheckError(s); refused != "" {
			return false, msgCantAdopt(rcNamespace(cfg, live), live.Name, live.UID, refused), nil, nil
		}
		adopt = []dcplan.Adopt{{Rule: ruleAdopt, RC: live.Name, RCUID: live.UID, Config: cfg.Name, ConfigUID: cfg.UID, Live: true}}
		if f, failed := s.Outcome.Failed(dcplan.ActionAdopt, live.Name); failed {
			if f.Reason != dcplan.StatusNotFound {
				errText = f.Message
			}
			return false, errText, adopt, nil
		}
		return true, "", adopt, nil
	}
	return false, "", nil, nil
}

// releaseTolerated reports whether a release patch's failure f is
// success: NotFound (the RC is gone) or Invalid (its owner reference
// could not be removed as the patch says, the RC changed), which
// upstream ignores (SPEC 3.3.1, 13.1). wire's request tolerates them
// itself; an adapter of its own may report them.
func releaseTolerated(f dcplan.Failure) bool {
	return f.Reason == dcplan.StatusNotFound || f.Reason == dcplan.StatusInvalid
}

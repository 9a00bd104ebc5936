package reconcile

import (
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// Config plans one pass of the DeploymentConfig controller over s (SPEC
// 3, the pass as a whole): which
// RCs to adopt or release, cancel, scale, create or delete, the DC status
// to write, the events to record, and whether to come back (Plan.Wait,
// Plan.Message). It returns an empty plan for an invalid snapshot or one
// that holds no DC (see dcplan.Snapshot.ValidateConfig), which it checks
// first, and for a DC at its fixed point; in that steady state it
// allocates nothing.
//
// The switches in s.Settings select the decision list. Without
// SeedConfigController (SPEC 3.2) it decides, in order, stopping at the
// first rule that applies:
//
//  0. An RC this controller created is missing from the snapshot
//     (s.Unobserved, of which only the names of the DC's RCs are read),
//     or one it deleted is still there without a deletionTimestamp
//     (s.Undeleted), unless
//     IgnoreExpectations: nothing but Wait = WaitStaleCache, until the
//     cache shows its own write (SPEC 3.2.12.expect, 3.7.expect).
//  1. status.latestVersion 0 and neither a ConfigChange nor an ImageChange
//     trigger: status computed from no RCs at all (SPEC 3.2.1). That is
//     Exact's (NoTriggersIgnoresRCs); Modern claims first (rule 2) and
//     stops here only when the claim succeeded and holds no RC of a
//     rollout (a version above 0), else goes on, to catch the status up
//     by rule 5 (SPEC 3.2.1.claim).
//  2. Claim the RCs (SPEC 3.3): adopt matching orphans (after the adoption
//     recheck s.Recheck), release owned RCs whose label no longer
//     matches, ignore RCs of other controllers. A refused adoption stops
//     the pass with Wait = WaitRetry and upstream's nested error text.
//  3. The DC is being deleted: status only (unless IgnoreDeleting).
//  4. Paused (Paused = PausedFirst): history cleanup and status only;
//     never scaled (SPEC 10.8, 11.8). The cleanup goes by the active RC
//     alone, before rule 5, as upstream's does: without
//     PausedPrunesLatest (Modern) it keeps the RC status.latestVersion
//     names and every newer one, which a lagging status would let it
//     delete (SPEC 3.7.5.paused); with it (Exact) it does not.
//  5. The newest RC's version is above status.latestVersion: status write
//     of latestVersion + 1 only, Wait = WaitStatusLag (one step per pass,
//     in every preset, SPEC 10.5, 11.5). At latestVersion 0 only
//     without CancelAtVersionZero: Exact, as upstream, sees no newest RC
//     there and goes on to rule 6 (SPEC 3.2.7.zero).
//  6. The latest RC does not exist and older rollouts are in flight: cancel
//     them (SPEC 3.4), Wait = WaitCancellation. An RC without a phase is
//     in flight only with AwaitUnknownPhase (Exact; SPEC 3.4.unknown).
//  7. A template image is empty: status only, Wait = WaitImages; a fixed
//     point until an image appears (SPEC 11a.3).
//  8. Triggers (SPEC 3.5; none for a paused DC, which gets here with
//     Paused = PausedNoCreate): a trigger that fires writes latestVersion + 1
//     with its details (Wait = WaitStatusLag); an initial rollout waiting
//     for images writes status (Wait = WaitImages); an undecodable latest
//     RC stops the pass (Wait = WaitConfigDecode).
//  9. The latest RC exists and is in flight: status without bumping
//     observedGeneration.
//  10. The latest RC exists and is terminal: reconcile replicas (SPEC
//     3.6; the replica sync of 3.11 with ReplicaSync), clean up history,
//     status.
//  11. Paused with Paused = PausedNoCreate: history cleanup and status.
//  12. Otherwise create <dc>-<latestVersion> (SPEC 3.2.12).
//
// Failed requests come back in s.Outcome (see dcplan.Outcome, SPEC
// 11a.12): the plan from the same snapshot then keeps the requests already
// sent and says what
// upstream says about the failure, where upstream says it: a refused claim
// patch ends the pass with the claim error; a failed cancel or scale
// records its warning and ends the pass; a failed replica-sync update of
// the DC ends the pass with its error; failed history deletes record one
// cleanup warning and the pass goes on; a failed create (or, after
// AlreadyExists, a failed claim of the live RC) records
// DeploymentCreationFailed and the ReplicationControllerCreateError
// condition; a failed status write returns its error. Plan.Error carries
// the class: fatal for an RC that cannot be built, retry otherwise.
//
// RawAlreadyExistsText changes only the text of a refused AlreadyExists
// (SPEC 10.3): the raw API error instead of "already exists and it
// couldn't be adopted".
//
// SeedConfigController follows the seed-era list instead (SPEC 3.11,
// section 7 rows 1-20), in order:
//
//  1. status.latestVersion 0: status from no RCs, whatever the triggers
//     (the seed had separate trigger controllers).
//  2. The RCs are those the DC's openshift.io/deployment-config.name
//     label selects, whoever controls them; no claims.
//  3. The DC is being deleted: status only (not with IgnoreDeleting, the
//     oldest seed).
//  4. Paused with Paused = PausedFirst: history cleanup (as in the
//     modern list) and status.
//  5. The latest RC does not exist and rollouts are in flight: cancel
//     them, Wait = WaitCancellation; a failed cancel write records its
//     warning and the later cancels are still sent, as the seed went on.
//  6. The latest RC exists and is in flight: status.
//  7. The latest RC exists and is terminal: the replica-sync reconcile
//     with ReplicaSync (SPEC 3.11), else the modern one (the newer seed),
//     even when the DC is paused.
//  8. Paused with Paused = PausedNoCreate: history cleanup and status; no
//     creation. (PausedIgnored: the oldest seed has no paused concept.)
//  9. Create <dc>-<latestVersion>; the event text follows SeedCreateEvent
//     and a create that met AlreadyExists follows AlreadyExistsSucceeds.
//
// The seed-era list bumps no lagging status, checks no unresolved image
// and evaluates no trigger (SPEC 7 rows 5, 7, 8).
//
// Deterministic order: adoptions and releases by RC name
// (TestConfigAdoptionOrder), cancels and scales by version newest first,
// deletes oldest first; RCs of one version keep their list order
// (upstream's sort, as the conformance recordings show it).
//
// Ports: deploymentconfig_controller.go (*DeploymentConfigController).Handle
// (modern) and its seed-era ancestors (Origin).
func Config(s dcplan.Snapshot) dcplan.Plan {
	if s.ValidateConfig() != nil {
		return dcplan.Plan{}
	}
	var p dcplan.Plan
	plan(&s, &p)
	return p
}

// plan runs the decision list of Config on a snapshot its caller has
// validated (Config, All).
//
// It fills p, which is empty; so do the functions of the decision list
// after it, rather than pass the large Plan value in and out of each.
func plan(s *dcplan.Snapshot, p *dcplan.Plan) {
	if !s.Settings.IgnoreExpectations && (unobserved(s) || undeleted(s)) {
		p.Wait = dcplan.WaitStaleCache
		return
	}
	if s.Settings.SeedConfigController {
		configOrigin(s, p)
	} else {
		configModern(s, p)
	}
	outcome(s, p)
}

// unobserved reports whether an RC of s.Unobserved is missing from
// s.Deployments: the cache predates this controller's own create (SPEC
// 3.2.12.expect). It reads only the names of the DC's RCs
// (dcplan.IsDeploymentName): the s.Unobserved of All also holds the
// deployer pods the deployer half created, which are not this
// controller's to wait for.
func unobserved(s *dcplan.Snapshot) bool {
	for _, n := range s.Unobserved {
		if !dcplan.IsDeploymentName(s.Config.Name, n) { // the only RCs the DC controller creates
			continue
		}
		if _, ok := s.Deployment(n); !ok {
			return true
		}
	}
	return false
}

// undeleted reports whether an RC of s.Undeleted is still in
// s.Deployments without a deletionTimestamp: the cache predates this
// controller's own delete (SPEC 3.7.expect). An RC that shows its
// deletionTimestamp has had the delete observed: a finalizer may hold it
// listed for as long as it likes, and waiting for it to go would freeze
// the DC.
func undeleted(s *dcplan.Snapshot) bool {
	for _, n := range s.Undeleted {
		if d, ok := s.Deployment(n); ok && !d.Deleting {
			return true
		}
	}
	return false
}

// outcome finishes a pass: a status write that s.Outcome reports failed
// makes its error the handler's (upstream returns updateStatus's error),
// unless the pass already returns one (the create-failure path ignores
// its status write's error, SPEC 3.2.12); and every handler error of the
// DC controller that is not fatal is retried (SPEC 1.7).
func outcome(s *dcplan.Snapshot, p *dcplan.Plan) {
	if p.Message == "" && p.Status != nil {
		if f, failed := s.Outcome.Failed(dcplan.ActionStatus, s.Config.Name); failed {
			p.Wait, p.Message = dcplan.WaitRetry, f.Message
		}
	}
	if p.Message != "" && p.Error == dcplan.ErrorNone {
		p.Error = dcplan.ErrorRetry
	}
}

// configModern is the Modern and Exact decision list (see Config).
func configModern(s *dcplan.Snapshot, p *dcplan.Plan) {
	cfg := &s.Config
	sw := &s.Settings.Switches
	noTriggers := cfg.Status.LatestVersion == 0 &&
		!hasTrigger(cfg, dcplan.TriggerConfigChange) && !hasTrigger(cfg, dcplan.TriggerImageChange)
	if noTriggers && sw.NoTriggersIgnoresRCs {
		p.Status = statusWrite(s, nil, true, ruleNoTriggers)
		return
	}

	var c census
	cl := claim(s, &c)
	if noTriggers && cl.err == "" && !claimsRollout(cl.rcs) {
		// Nothing to catch the status up to: version 0 stays status only
		// (SPEC 3.2.1), and the claim is left for a pass that has one. A
		// claim that failed (an adoption sent and refused, or refused by
		// the recheck) is the pass's error, as in any other pass (SPEC
		// 3.2.3), and keeps what was sent.
		p.Status = statusWrite(s, nil, true, ruleNoTriggers)
		return
	}
	p.Adopt, p.Release = cl.adopt, cl.release
	if cl.err != "" {
		p.Wait, p.Message = dcplan.WaitRetry, msgClaimFailed(cl.err)
		return
	}
	rcs := cl.rcs
	if cfg.Deleting && !sw.IgnoreDeleting {
		p.Status = statusTally(s, rcs, &c.tally, nil, true, ruleDeleting)
		return
	}
	if cfg.Paused && sw.Paused == dcplan.PausedFirst {
		prunePaused(s, rcs, p)
		p.Status = statusTally(s, rcs, &c.tally, nil, true, rulePaused)
		return
	}

	latest := c.tally.Latest
	if newest := lagCandidate(cfg, rcs, latest, sw); newest != nil && newest.Version > cfg.Status.LatestVersion {
		p.Status = versionBump(cfg, ruleStatusLag, nil)
		p.Wait = dcplan.WaitStatusLag
		return
	}
	if !latest.Exists && supersede(s, rcs, p) {
		return
	}
	if unresolvedImage(cfg) {
		p.Status = statusTally(s, rcs, &c.tally, nil, true, ruleImages)
		p.Wait = dcplan.WaitImages
		return
	}
	paused := cfg.Paused && sw.Paused != dcplan.PausedIgnored
	switch t := evaluateTriggers(cfg, paused, latest, s.Settings.UntrimmedImages); t.decision {
	case decodeFailed:
		p.Wait, p.Message = dcplan.WaitConfigDecode, msgTriggerFailed(t.err)
		return
	case skipForImages:
		p.Status = statusTally(s, rcs, &c.tally, nil, true, ruleTriggerSkip)
		p.Wait = dcplan.WaitImages
		return
	case fire:
		if atMaxVersion(cfg) {
			p.Message, p.Error = msgMaxVersion(cfg), dcplan.ErrorFatal
			return
		}
		p.Status = versionBump(cfg, ruleTrigger, &t.details)
		p.Wait = dcplan.WaitStatusLag
		return
	}
	if latest.Exists && !latest.Candidate.Phase.Terminal() {
		p.Status = statusTally(s, rcs, &c.tally, nil, false, ruleRunning)
		return
	}
	settle(s, rcs, &c, latest, p)
}

// settle ends both decision lists (configModern, configOrigin) when no
// rollout of the latest version is in flight: a terminal latest RC is
// reconciled (with ReplicaSync the seed's way, reconcileOrigin; c is
// its census), a paused DC with PausedNoCreate has its history cleaned
// up and its status written, and any other DC gets its latest RC
// created.
func settle(s *dcplan.Snapshot, rcs []dcplan.Deployment, c *census, latest history.LatestInfo, p *dcplan.Plan) {
	sw := &s.Settings.Switches
	if latest.Exists {
		if sw.ReplicaSync {
			reconcileOrigin(s, rcs, c, latest.Candidate, p)
			return
		}
		reconcile(s, rcs, c, p)
		return
	}
	if s.Config.Paused && sw.Paused == dcplan.PausedNoCreate {
		prune(s, rcs, ruleOriginPaused, "", false, p)
		p.Status = statusWrite(s, rcs, true, ruleOriginPaused)
		return
	}
	create(s, rcs, p)
}

// claimsRollout reports whether rcs, the RCs a DC at latestVersion 0
// without triggers claims, hold one of a rollout (a version above 0):
// the DC was created again over its predecessor's RCs, or lost its
// status. Upstream computes the status from no RCs and stops (SPEC 3.2.1;
// Exact, NoTriggersIgnoresRCs), so the DC never adopts them and shows
// version 0, unavailable, while they run; Modern claims them and catches
// the status up to them as any lagging status (SPEC 3.2.1.claim, 3.2.7,
// 3.2.7.zero).
func claimsRollout(rcs []dcplan.Deployment) bool {
	return slices.ContainsFunc(rcs, func(d dcplan.Deployment) bool { return d.Version > 0 })
}

// lagCandidate is the RC the status-lag rule (SPEC 3.2.7) compares with
// status.latestVersion: history.Latest's candidate, which does not exist
// at latestVersion 0. There, unless CancelAtVersionZero (Exact, upstream),
// it is the newest claimed RC, so a DC at version 0 that claims web-1
// catches its status up instead of cancelling web-1 as superseded by
// version 0 (SPEC 3.2.7.zero).
func lagCandidate(cfg *dcplan.Config, rcs []dcplan.Deployment, latest history.LatestInfo, sw *dcplan.Switches) *dcplan.Deployment {
	if latest.Candidate != nil || cfg.Status.LatestVersion != 0 || sw.CancelAtVersionZero {
		return latest.Candidate
	}
	var newest *dcplan.Deployment
	for i := range rcs {
		if newest == nil || rcs[i].Version > newest.Version {
			newest = &rcs[i]
		}
	}
	return newest
}

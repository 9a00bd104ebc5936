package reconcile

import (
	"slices"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// create plans the creation of the rollout <dc>-<latestVersion> (SPEC
// 3.2.12), appended to p. rcs are the DC's RCs. The rules, in order:
//
//  1. The RC is built by dcplan.NewDeployment; a build failure is fatal:
//     the plan only carries upstream's "fatal error handling deployment
//     config: couldn't make deployment ..." message, and no Wait (upstream
//     never retries it).
//  2. When s.Outcome reports that this create failed, the CreateRC stays
//     (it was sent) and its failure is planned after it (see
//     createFailed).
//  3. Otherwise: CreateRC, a DeploymentCreated event, history cleanup over
//     rcs plus the new RC (none with CreateWithoutCleanup, whatever
//     SeedCreateEvent is), and the status from that list (observedGeneration
//     bumped) with the Progressing=True/NewReplicationControllerCreated
//     condition, whose message is the event's. The new RC is never among
//     the deletes (a deliberate departure for the Origin presets, where an
//     active RC newer than status.latestVersion would make the seed prune
//     the RC it had just created).
//
// With the SeedCreateEvent switch the event reads `Created new deployment "<rc>" for
// version <n>` and no condition is added (SPEC 7 row 13).
//
// Ports: deploymentconfig_controller.go (*DeploymentConfigController).Handle,
// "create the new deployment".
func create(s *dcplan.Snapshot, rcs []dcplan.Deployment, p *dcplan.Plan) {
	cfg := &s.Config
	rc, err := dcplan.NewDeployment(cfg)
	if err != nil {
		p.Message, p.Error = msgBuildFailed(cfg, err), dcplan.ErrorFatal
		return
	}
	p.CreateRCs = append(p.CreateRCs, dcplan.CreateRC{Rule: ruleCreate, Deployment: rc})
	created := dcplan.ActionRef{Kind: dcplan.ActionCreateRC, Index: len(p.CreateRCs) - 1}
	if f, failed := s.Outcome.Failed(dcplan.ActionCreateRC, rc.Name); failed {
		createFailed(s, rcs, &rc, f, created, p)
		return
	}
	v := cfg.Status.LatestVersion
	seed := s.Settings.SeedCreateEvent
	if seed {
		p.Events = append(p.Events, eventAfter(created, configEvent(cfg, ruleOriginCreate, dcplan.EventNormal,
			dcplan.EventDeploymentCreated, msgCreatedOrigin(rc.Name, v))))
	} else {
		p.Events = append(p.Events, eventAfter(created, configEvent(cfg, ruleCreate, dcplan.EventNormal,
			dcplan.EventDeploymentCreated, msgCreated(rc.Name, v))))
	}
	if seed {
		with := append(slices.Clip(rcs), rc) // never writes into the caller's array
		// The new RC itself is never pruned. Only the seed controller could
		// get there (an active RC newer than status.latestVersion); the
		// seed would delete the RC it had just created. The oldest seed
		// had no cleanup here (CreateWithoutCleanup, SPEC 3.11).
		if !s.Settings.CreateWithoutCleanup {
			prune(s, with, ruleCleanup, rc.Name, false, p)
		}
		p.Status = statusWrite(s, with, true, ruleOriginCreate)
		return
	}
	// The modern pass computes cleanup and status over rcs without the
	// new RC, and so without a copy of the list: the new RC is the
	// latest, in phase New, with no replicas. It is not prunable (it is
	// the latest, and newer than any active RC, which the status-lag rule
	// settled first), so the prunable set and its count are the same
	// without it; it adds nothing to the replica sums; and the
	// Progressing condition it would give is replaced by Created.
	// TestCreateWithoutCopyAgrees holds the equivalence.
	// CreateWithoutCleanup holds here too: it is read wherever the create
	// is, not only beside SeedCreateEvent (SPEC 12, 3.11).
	if !s.Settings.CreateWithoutCleanup {
		prune(s, rcs, ruleCleanup, rc.Name, false, p)
	}
	p.Status = statusWrite(s, rcs, true, ruleCreate, conditions.Created(rc.Name, v, s.Now))
}

// createFailed plans the pass whose create of rc failed with f, as
// s.Outcome reports it (the live GET after AlreadyExists in Outcome.Live
// and LiveErr) (SPEC 3.2.12, 7 row 12, 11 item 3). The rules, in order:
//
//  1. AlreadyExists with AlreadyExistsSucceeds (the seeds): success; the
//     status from rcs only.
//  2. AlreadyExists and the live GET failed (LiveErr), or found no RC
//     (Live nil: upstream's GET fails with NotFound, `replicationcontrollers
//     "<rc>" not found`): Wait = WaitRetry with `error while getting
//     replication controller <ns>/<rc>: <err>`; no event, no status.
//  3. AlreadyExists and the live RC is ours once claimed (claimLive: the
//     claim may adopt it): Wait = WaitStaleCache with `caches for RC
//     <ns>/<rc> are stale, waiting to catch up`; no event, no status.
//  4. AlreadyExists otherwise (another owner's RC, a released one, or a
//     claim that failed: a refused adoption recheck, or an adopt or
//     release patch that s.Outcome reports failed): a failure whose text
//     is, in Modern, `deployment <ns>/<rc> already exists and it couldn't
//     be adopted` (with `: <claim error>` when the claim failed; an
//     adoption that met NotFound has none), and with RawAlreadyExistsText
//     the raw API error (upstream's variable-shadowing quirk).
//  5. A failure: a DeploymentCreationFailed warning `Couldn't deploy
//     version <n>: <err>` (after the live claim's patch when there is
//     one, else after the create), the status from rcs with the
//     Progressing=False/ReplicationControllerCreateError condition carrying
//     the text (not with SeedCreateEvent), Wait = WaitRetry and `couldn't create
//     deployment for deployment config <ns>/<dc>: <err>`.
//
// Ports: deploymentconfig_controller.go (*DeploymentConfigController).Handle,
// the Create error branch.
func createFailed(s *dcplan.Snapshot, rcs []dcplan.Deployment, rc *dcplan.Deployment, f dcplan.Failure, created dcplan.ActionRef, p *dcplan.Plan) {
	cfg, out := &s.Config, &s.Outcome
	sw := &s.Settings.Switches
	ns := rc.Namespace
	text := f.Message
	at := created // the request the failure's event follows
	if f.Reason == dcplan.StatusAlreadyExists {
		if sw.AlreadyExistsSucceeds {
			p.Status = statusWrite(s, rcs, true, ruleOriginExists)
			return
		}
		switch {
		case out.LiveErr != "":
			p.Wait, p.Message = dcplan.WaitRetry, msgLiveGetFailed(ns, rc.Name, out.LiveErr)
			return
		case out.Live == nil:
			// The GET found none (Outcome.Live): upstream's GET fails
			// with NotFound, and that is the pass's error.
			p.Wait, p.Message = dcplan.WaitRetry, msgLiveGetFailed(ns, rc.Name, msgRCNotFound(rc.Name))
			return
		}
		ours, cause, adopt, release := claimLive(s, out.Live)
		p.Adopt = append(p.Adopt, adopt...)
		p.Release = append(p.Release, release...)
		// The failure's event follows the claim's patch, which is sent
		// after the create (SPEC 13.1: events in upstream's order).
		switch {
		case len(adopt) > 0:
			at = dcplan.ActionRef{Kind: dcplan.ActionAdopt, Index: len(p.Adopt) - 1}
		case len(release) > 0:
			at = dcplan.ActionRef{Kind: dcplan.ActionRelease, Index: len(p.Release) - 1}
		}
		if ours {
			p.Wait, p.Message = dcplan.WaitStaleCache, msgStaleCache(ns, rc.Name)
			return
		}
		if !sw.RawAlreadyExistsText {
			text = msgNotAdopted(ns, rc.Name, cause)
		}
	}
	v := cfg.Status.LatestVersion
	p.Events = append(p.Events, eventAfter(at, configEvent(cfg, ruleCreate, dcplan.EventWarning,
		dcplan.EventDeploymentCreationFailed, msgCreationFailed(v, text))))
	if !sw.SeedCreateEvent {
		p.Status = statusWrite(s, rcs, true, ruleCreate, conditions.CreateError(text, s.Now))
	}
	p.Wait, p.Message = dcplan.WaitRetry, msgCreateError(cfg, text)
}

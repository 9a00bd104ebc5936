package reconcile

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/history"
)

// selectByLabel returns the RCs the seed-era controller lists: those
// labelled openshift.io/deployment-config.name=<dc>, whoever owns them
// (SPEC 7 row 2). It returns s.Deployments itself when every RC matches,
// so the steady state allocates nothing.
func selectByLabel(s *dcplan.Snapshot) []dcplan.Deployment {
	name := s.Config.Name
	n := 0
	for i := range s.Deployments {
		if s.Deployments[i].ConfigLabel == name {
			n++
		}
	}
	if n == len(s.Deployments) {
		return s.Deployments
	}
	out := make([]dcplan.Deployment, 0, n)
	for _, d := range s.Deployments {
		if d.ConfigLabel == name {
			out = append(out, d)
		}
	}
	return out
}

// configOrigin is the seed-era decision list of the SeedConfigController
// switch (SPEC 3.11, section 7 rows 1-20). The rules, in order:
//
//  1. status.latestVersion 0: status from no RCs, whatever the triggers
//     (the seed had separate trigger controllers).
//  2. The RCs are the label-selected ones; no claims.
//  3. The DC is being deleted: status only (not with IgnoreDeleting, the
//     oldest seed).
//  4. Paused with Paused = PausedFirst: history cleanup (prunePaused,
//     as in the modern list) and status.
//  5. The latest RC does not exist and rollouts are in flight: cancel
//     them, Wait = WaitCancellation. The seed went on after a failed
//     cancel write (its warning event), so a failure s.Outcome reports
//     keeps the later cancels in the plan (supersede).
//  6. The latest RC exists and is in flight: status.
//  7. The latest RC exists and is terminal: the replica-sync reconcile
//     (reconcileOrigin) with ReplicaSync, else the modern one (the newer
//     seed), even when the DC is paused.
//  8. Paused with Paused = PausedNoCreate: history cleanup and status; no
//     creation. (PausedIgnored: the oldest seed has no paused concept.)
//  9. Create <dc>-<latestVersion>; the event text follows SeedCreateEvent
//     and a create that met AlreadyExists follows AlreadyExistsSucceeds.
//
// No status-lag bump, no unresolved-image check and no trigger evaluation
// happen in this profile (SPEC 7 rows 5, 7, 8).
//
// Ports: Origin deploymentconfig_controller.go (*DeploymentConfigController).Handle.
func configOrigin(s *dcplan.Snapshot, p *dcplan.Plan) {
	cfg := &s.Config
	if cfg.Status.LatestVersion == 0 {
		p.Status = statusWrite(s, nil, true, ruleOriginVersion0)
		return
	}
	rcs := selectByLabel(s)
	sw := &s.Settings.Switches
	if cfg.Deleting && !sw.IgnoreDeleting {
		p.Status = statusWrite(s, rcs, true, ruleOriginDeleting)
		return
	}
	if cfg.Paused && sw.Paused == dcplan.PausedFirst {
		prunePaused(s, rcs, p)
		p.Status = statusWrite(s, rcs, true, rulePaused)
		return
	}
	latest := history.Latest(cfg, rcs)
	if !latest.Exists && supersede(s, rcs, p) {
		return
	}
	var c census
	if latest.Exists {
		if !latest.Candidate.Phase.Terminal() {
			p.Status = statusWrite(s, rcs, true, ruleRunning)
			return
		}
		c.take(cfg, rcs, false)
	}
	settle(s, rcs, &c, latest, p)
}

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
// switch, whose rules Config's documentation gives in order (SPEC 3.11,
// section 7 rows 1-20). Its rule 4 is prunePaused, as in the modern list;
// rule 5 goes on after a failed cancel write (supersede keeps the later
// cancels in the plan); rule 7 is reconcileOrigin with ReplicaSync.
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

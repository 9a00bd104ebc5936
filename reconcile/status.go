package reconcile

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/history"
)

// statusWrite returns the DC status write of a pass whose RC list at that
// point is rcs (SPEC 3.9), or nil when the computed status equals the
// current one (the write rule that prevents hot loops). bump says whether
// observedGeneration moves to metadata.generation; extra are the create
// success or failure conditions. It does not allocate when nothing
// changed.
//
// Ports: deploymentconfig_controller.go (*DeploymentConfigController).updateStatus.
func statusWrite(s *dcplan.Snapshot, rcs []dcplan.Deployment, bump bool, rule dcplan.Rule, extra ...dcplan.Condition) *dcplan.StatusUpdate {
	if !conditions.ChangedFor(s, rcs, bump, extra...) {
		return nil
	}
	return &dcplan.StatusUpdate{
		Rule:   rule,
		Config: s.Config.Name,
		From:   s.Config.Status.Clone(),
		To:     conditions.StatusFor(s, rcs, bump, extra...),
	}
}

// versionBump returns the status write that moves status.latestVersion one
// up and, when details is non-nil, replaces status.details; every other
// field is kept as it is (SPEC 3.2.7, 3.2.10: nothing else is recomputed,
// observedGeneration included).
func versionBump(cfg *dcplan.Config, rule dcplan.Rule, details *dcplan.Details) *dcplan.StatusUpdate {
	to := cfg.Status.Clone()
	to.LatestVersion++
	if details != nil {
		to.Details = *details
	}
	return &dcplan.StatusUpdate{Rule: rule, Config: cfg.Name, From: cfg.Status.Clone(), To: to}
}

// cleanup returns the history cleanup deletes over rcs, oldest first
// (SPEC 3.7), or nil. It allocates only when something is deleted.
//
// Ports: deploymentconfig_controller.go cleanupOldDeployments.
func cleanup(cfg *dcplan.Config, rcs []dcplan.Deployment, rule dcplan.Rule) []dcplan.DeleteRC {
	del := history.ToDelete(cfg, rcs)
	if len(del) == 0 {
		return nil
	}
	out := make([]dcplan.DeleteRC, len(del))
	for i, d := range del {
		out[i] = dcplan.DeleteRC{Rule: rule, RC: d.Name, Version: d.Version, Replicas: d.Replicas}
	}
	return out
}

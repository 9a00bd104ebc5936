package history

import (
	"github.com/dcplan/dcplan"
)

// prunable reports whether d may be pruned given the active rollout (SPEC
// 3.7.3): with an active RC, every RC strictly older than it; without one,
// every RC whose version is not status.latestVersion.
func prunable(cfg *dcplan.Config, d, active *dcplan.Deployment) bool {
	if active != nil {
		return newer(active, d)
	}
	return d.Version != cfg.Status.LatestVersion
}

// Prunable returns the RCs that history cleanup may consider, oldest first
// (SPEC 3.7.3):
//
//  1. With an active rollout (see Active), every RC older than it. The
//     active RC and anything newer (failed newer rollouts, the latest) are
//     never prunable.
//  2. Without one, every RC whose version is not status.latestVersion.
//
// It returns nil when there is none, and for no DC (cfg nil), as ToDelete
// deletes nothing then.
//
// Ports: appsutil.DeploymentsForCleanup (SPEC 5.8), without its in-place
// sort: the result is sorted oldest first instead (SPEC 3.7.2).
func Prunable(cfg *dcplan.Config, rcs []dcplan.Deployment) []dcplan.Deployment {
	if cfg == nil {
		return nil
	}
	active := Active(rcs)
	return sortedBy(rcs,
		func(d *dcplan.Deployment) bool { return prunable(cfg, d, active) },
		func(a, b *dcplan.Deployment) bool { return newer(b, a) })
}

// CountPrunable returns len(Prunable(cfg, rcs)) without allocating (0
// for no DC, cfg nil).
func CountPrunable(cfg *dcplan.Config, rcs []dcplan.Deployment) int {
	if cfg == nil {
		return 0
	}
	active := Active(rcs)
	n := 0
	for i := range rcs {
		if prunable(cfg, &rcs[i], active) {
			n++
		}
	}
	return n
}

// ToDelete returns the RCs history cleanup deletes, oldest first (SPEC 3.7):
//
//  1. No DC (cfg nil), spec.revisionHistoryLimit unset (SPEC 3.7.1), or
//     negative (invalid; Validate refuses it): nothing.
//  2. At most limit prunable RCs (see Prunable): nothing (SPEC 3.7.4).
//  3. Otherwise the oldest |prunable| - limit prunable RCs are considered;
//     each with spec.replicas != 0 is skipped but still counts (no younger
//     one takes its place, SPEC 10.6, in every preset, SPEC 11.6); the
//     others are returned.
//
// It returns nil when nothing is to be deleted, and allocates only when
// more RCs are prunable than the limit allows.
//
// Ports: deploymentconfig_controller.go cleanupOldDeployments.
func ToDelete(cfg *dcplan.Config, rcs []dcplan.Deployment) []dcplan.Deployment {
	if cfg == nil || !cfg.HasRevisionHistoryLimit || cfg.RevisionHistoryLimit < 0 {
		return nil
	}
	limit := int(cfg.RevisionHistoryLimit)
	if CountPrunable(cfg, rcs) <= limit {
		return nil
	}
	candidates := Prunable(cfg, rcs)
	considered := candidates[:len(candidates)-limit]
	out := considered[:0] // reuse Prunable's fresh slice: nothing else sees it
	for _, d := range considered {
		if d.Replicas == 0 {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

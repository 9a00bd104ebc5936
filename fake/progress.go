package fake

import (
	"errors"
	"fmt"
	"math"

	"github.com/dcplan/dcplan"
)

// ErrNoProgress is returned by Progress when a rollout started on a world
// at rest, with every fault off and every deployer pod succeeding, does
// not complete.
var ErrNoProgress = errors.New("fake: no progress")

// Progress is the liveness of rollouts, which Liveness alone does not
// ask for (a world where every rollout fails comes to rest too). It
// brings the world to rest (Liveness), then, for the rest of the run,
// turns every fault off and makes every deployer pod the pod model
// starts succeed; starts one rollout of each DC that can roll out, as
// `oc rollout latest` does; comes to rest again; and checks that each of
// those DCs' latest RC is the new rollout, Complete. A DC that cannot
// roll out is left out: one being deleted or paused, one whose template
// waits for an image (an ImageChange trigger without a
// lastTriggeredImage, or a container without an image: SPEC 3.2.9), one
// at the largest version, or one whose next deployer pod's name an
// unrelated pod holds (SPEC 4.3.new.6 fails that rollout, as it should).
// The error wraps ErrNoProgress, or what Liveness returned.
func Progress(s *Sim) error {
	if err := Liveness(s); err != nil {
		return err
	}
	s.Faults = Faults{}
	s.model.cfg.FailRate = 0
	s.model.scripts = nil
	type started struct {
		ns, dc string
		v      dcplan.Version
	}
	var runs []started
	for _, ns := range s.world.nsList {
		for _, dc := range s.world.Names(KindConfig, ns) {
			snap, err := s.world.Snapshot(ns, dc, s.now, s.opts.Settings)
			if err != nil || !canRollOut(snap, s.world) {
				continue
			}
			if err := s.RolloutLatest(ns, dc); err != nil {
				return fmt.Errorf("%w: oc rollout latest dc/%s/%s at rest: %v", ErrNoProgress, ns, dc, err)
			}
			runs = append(runs, started{ns, dc, snap.Config.Status.LatestVersion + 1})
		}
	}
	if err := Liveness(s); err != nil {
		return err
	}
	for _, r := range runs {
		snap, err := s.world.Snapshot(r.ns, r.dc, s.now, s.opts.Settings)
		if err != nil {
			return fmt.Errorf("%w: dc/%s/%s: %v", ErrNoProgress, r.ns, r.dc, err)
		}
		name := dcplan.DeploymentName(r.dc, r.v)
		d, ok := snap.Deployment(name)
		switch {
		case snap.Config.Status.LatestVersion != r.v:
			return fmt.Errorf("%w: dc/%s/%s: latestVersion %d after a rollout from %d", ErrNoProgress, r.ns, r.dc, snap.Config.Status.LatestVersion, r.v-1)
		case !ok:
			return fmt.Errorf("%w: dc/%s/%s: rc %s never created", ErrNoProgress, r.ns, r.dc, name)
		case d.Phase != dcplan.PhaseComplete:
			return fmt.Errorf("%w: dc/%s/%s: rc %s ends %s (%s) with every deployer pod succeeding", ErrNoProgress, r.ns, r.dc, name, d.PhaseText(), d.Reason)
		}
	}
	return nil
}

// canRollOut reports whether the DC of snap, at rest in w, can complete
// a rollout started now (see Progress).
func canRollOut(snap dcplan.Snapshot, w *World) bool {
	cfg := &snap.Config
	if cfg.Deleting || cfg.Paused || cfg.Status.LatestVersion == math.MaxInt64 {
		return false
	}
	for _, t := range cfg.Triggers {
		if t.Type == dcplan.TriggerImageChange && t.LastTriggeredImage == "" {
			return false
		}
	}
	for _, c := range cfg.Template.Containers {
		if c.Image == "" {
			return false
		}
	}
	next := dcplan.DeployerPodName(dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion+1))
	_, squatted := w.Pod(cfg.Namespace, next)
	return !squatted
}

package fake

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// Populate adds dcs DCs to w, each with a history of rcs finished
// rollouts, as if they had run: DC "app-<i>" in namespace
// "ns-<i/1000>", built by NewConfig with 1 replica and
// revisionHistoryLimit rcs, RCs "app-<i>-1" .. "app-<i>-<rcs>" made by
// dcplan.NewDeployment, all Complete, the newest one scaled to 1 with its
// status settled, the others at 0. It is the starting point of the scale
// benchmarks and of `examples/rollout -scale`.
func Populate(w *World, dcs, rcs int) error {
	for i := range dcs {
		ns, name := fmt.Sprintf("ns-%d", i/1000), fmt.Sprintf("app-%d", i)
		c := NewConfig(ns, name, 1)
		c.RevisionHistoryLimit = int32(rcs)
		if err := w.CreateConfig(c); err != nil {
			return err
		}
		c, _ = w.Config(ns, name)
		for v := 1; v <= rcs; v++ {
			c.Status.LatestVersion = dcplan.Version(v)
			d, err := dcplan.NewDeployment(c)
			if err != nil {
				return fmt.Errorf("fake: populate %s/%s: %w", ns, name, err)
			}
			d.Phase = dcplan.PhaseComplete
			d.HasSyncedReplicas, d.SyncedReplicas = true, 1
			d.HasDesiredReplicas = false
			if v == rcs {
				d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = 1, 1, 1, 1
			}
			if err := w.CreateDeployment(d); err != nil {
				return err
			}
		}
		err := w.UpdateConfig(ns, name, func(cur *dcplan.Config) error {
			cur.Status.LatestVersion = dcplan.Version(rcs)
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

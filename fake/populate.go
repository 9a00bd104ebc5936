package fake

import (
	"fmt"
	"strconv"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Populate adds dcs DCs to w, each with a history of rcs finished
// rollouts, as if they had run: DC "app-<i>" in namespace
// "ns-<i/1000>", built by NewConfig with 1 replica, revisionHistoryLimit
// rcs and latestVersion rcs; RCs "app-<i>-1" .. "app-<i>-<rcs>" made by
// wire.NewDeployment from the DC at each version, all Complete, the
// newest one scaled to 1 with its status settled, the others at 0. It is
// the starting point of the scale benchmarks and of
// `examples/rollout -scale`.
//
// Each object is encoded once and stored as it is: Populate knows the
// index keys of what it writes, so the store does not decode it back
// (each write still takes a resource version and notifies Watch, DC
// first).
func Populate(w *World, dcs, rcs int) error {
	for i := range dcs {
		ns, name := "ns-"+strconv.Itoa(i/1000), "app-"+strconv.Itoa(i)
		if err := populateOne(w, ns, name, rcs); err != nil {
			return fmt.Errorf("fake: populate %s/%s: %w", ns, name, err)
		}
	}
	return nil
}

func populateOne(w *World, ns, name string, rcs int) error {
	if o := w.lookup(KindConfig, ns, name); o != nil && o.current().exists() {
		return alreadyExists(KindConfig, ns, name)
	}
	c := NewConfig(ns, name, 1)
	c.RevisionHistoryLimit = int32(rcs)
	c.UID, c.Generation, c.ResourceVersion = w.nextUID(), 1, w.nextRV()
	c.Status.LatestVersion = dcplan.Version(rcs)
	data, err := wire.EncodeConfig(c)
	if err != nil {
		return err
	}
	w.index(w.store(KindConfig, ns, name, data), index{})
	for v := 1; v <= rcs; v++ {
		c.Status.LatestVersion = dcplan.Version(v)
		d, err := wire.NewDeployment(c)
		if err != nil {
			return err
		}
		if o := w.lookup(KindRC, ns, d.Name); o != nil && o.current().exists() {
			return alreadyExists(KindRC, ns, d.Name)
		}
		d.Phase = dcplan.PhaseComplete
		d.HasSyncedReplicas, d.SyncedReplicas = true, 1
		d.HasDesiredReplicas = false
		if v == rcs {
			d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = 1, 1, 1, 1
		}
		d.UID, d.CreationTime, d.ResourceVersion = w.nextUID(), w.Now, w.nextRV()
		data, err := wire.EncodeDeployment(d)
		if err != nil {
			return err
		}
		w.index(w.store(KindRC, ns, d.Name, data), index{config: d.ConfigName, owner: rcOwner(&d)})
	}
	return nil
}

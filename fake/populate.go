package fake

import (
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// Populate adds dcs DCs to w, each with a history of rcs finished
// rollouts, as if they had run: DC "app-<i>" in namespace
// "ns-<i/1000>", built by NewConfig with 1 replica, revisionHistoryLimit
// rcs and latestVersion rcs; RCs "app-<i>-1" .. "app-<i>-<rcs>" made by
// wire.NewDeployment from the DC at each version, all Complete, the
// newest one scaled to 1 with its status settled, the others at 0
// (wire.NewDeployment's RC finished, then wire.EncodeDeployment). The
// DC carries the status its controller writes on seeing them
// (reconcile.Config at w's clock, default Settings: counts, observed
// generation, Available and Progressing), so that with rcs at least 1
// the world is at rest as written for a Sim with default Settings
// (TestPopulate). With rcs 0 each DC is at latestVersion 0 with no RC: not
// at rest, since its config-change trigger makes the DC controller roll
// out version 1 (TestPopulateWithoutHistoryIsNotAtRest). It is the
// starting point of the scale benchmarks and of `examples/rollout
// -scale`. A negative dcs or rcs is refused with an error, nothing
// stored.
//
// Each object is encoded once and stored as it is: Populate knows the
// index keys of what it writes, so the store does not decode it back.
// Each write takes a resource version; a DC and its RCs take consecutive
// ones (and consecutive UIDs), and Watch hears of them, DC first, once
// all of them are stored, so that what a Watch writes comes after them.
//
// The objects are encoded on GOMAXPROCS goroutines and stored in order:
// the world is the same, byte for byte, as one goroutine makes it
// (TestPopulateWorkers), because a DC's objects depend only on its index
// and the counters before it. Populate reserves those in advance and
// builds a DC again when a Watch wrote meanwhile.
func Populate(w *World, dcs, rcs int) error {
	return populate(w, dcs, rcs, runtime.GOMAXPROCS(0))
}

// populateChunk is how many DCs the workers encode before Populate stores
// them: enough to keep every worker busy, few enough that the encoded
// objects waiting to be stored stay a few megabytes.
const populateChunk = 256

// populateMin is the fewest DCs Populate builds on several goroutines:
// for fewer they cost about what they save.
const populateMin = 16

// populate is Populate on the given number of goroutines: it builds
// chunks of DCs (one at a time on the caller's goroutine when there are
// too few for more) and stores each chunk in order.
func populate(w *World, dcs, rcs, workers int) error {
	if dcs < 0 || rcs < 0 {
		return fmt.Errorf("fake: populate: negative count (%d DCs, %d RCs each)", dcs, rcs)
	}
	chunk := populateChunk
	if workers <= 1 || dcs < populateMin {
		chunk, workers = 1, 1
	}
	built := make([]populated, min(chunk, dcs))
	for start := 0; start < dcs; start += chunk {
		n := min(chunk, dcs-start)
		// The counters each DC starts from, as committing every DC
		// before it leaves them: one UID and one resource version per
		// object.
		per := uint64(rcs + 1)
		uid0, rv0, now, compress := w.uid, w.rv, w.Now, w.Compress
		build := func(k int) {
			for j := k; j < n; j += workers {
				built[j] = buildPopulated(start+j, rcs, uid0+uint64(j)*per, rv0+uint64(j)*per, now, compress)
			}
		}
		if workers == 1 {
			build(0)
		} else {
			var wg sync.WaitGroup
			for k := range workers {
				wg.Go(func() { build(k) })
			}
			wg.Wait()
		}
		for j := range n {
			if err := w.commitPopulated(built[j]); err != nil {
				return err
			}
			built[j] = populated{}
		}
	}
	return nil
}

// populated is one DC of Populate and its RCs, encoded and packed, waiting
// to be stored.
type populated struct {
	i, rcs   int // the arguments it was built from
	ns, name string
	uid, rv  uint64 // the counters it was built from
	objs     []populatedObject
	err      error // why it could not be built
}

// populatedObject is one object of a populated DC.
type populatedObject struct {
	kind Kind
	name string
	blob blob
	ix   index
}

// buildPopulated encodes DC number i of Populate and its rcs RCs, as if
// the World's UID and resource version counters read uid and rv and its
// clock now, packed when compress is set. It reads nothing else of the
// World, so workers may build different DCs at once.
func buildPopulated(i, rcs int, uid, rv uint64, now time.Time, compress bool) populated {
	ns, name := "ns-"+strconv.Itoa(i/1000), "app-"+strconv.Itoa(i)
	p := populated{i: i, rcs: rcs, ns: ns, name: name, uid: uid, rv: rv, objs: make([]populatedObject, 0, rcs+1)}
	next := func() (string, string) {
		uid++
		rv++
		return uidOf(uid), strconv.FormatUint(rv, 10)
	}
	c := NewConfig(ns, name, 1)
	c.RevisionHistoryLimit = int32(rcs)
	c.UID, c.ResourceVersion = next()
	c.Generation = 1
	// The DC is stored first; it is encoded last, with the status its
	// controller writes once it sees the RCs.
	p.objs = append(p.objs, populatedObject{kind: KindConfig, name: name})
	ds := make([]dcplan.Deployment, 0, rcs)
	for v := 1; v <= rcs; v++ {
		c.Status.LatestVersion = dcplan.Version(v)
		d, err := wire.NewDeployment(c)
		var data []byte
		if err == nil {
			finishRollout(&d)
			if v == rcs {
				d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = 1, 1, 1, 1
			}
			d.UID, d.ResourceVersion = next()
			d.CreationTime = now
			data, err = wire.EncodeDeployment(d)
		}
		if err != nil {
			p.err = err
			p.objs = p.objs[:0]
			return p
		}
		p.objs = append(p.objs, populatedObject{kind: KindRC, name: d.Name, blob: packBlob(data, compress),
			ix: index{config: d.ConfigName, owners: rcOwners(&d), settled: statusSettled(&d)}})
		ds = append(ds, d)
	}
	c.Status.LatestVersion = dcplan.Version(rcs)
	if plan := reconcile.Config(dcplan.Snapshot{Now: now, Config: c, Deployments: ds}); plan.Status != nil {
		c.Status = plan.Status.To
	}
	data, err := wire.EncodeConfig(c)
	if err != nil {
		p.err = err
		p.objs = p.objs[:0]
		return p
	}
	p.objs[0].blob = packBlob(data, compress)
	return p
}

// finishRollout marks a new RC of a DC with 1 replica as its deployer
// leaves it when the rollout completed: phase Complete, the DC's replica
// count moved from the desired-replicas annotation into the replicas one.
func finishRollout(d *dcplan.Deployment) {
	d.Phase = dcplan.PhaseComplete
	d.HasSyncedReplicas, d.SyncedReplicas = true, 1
	d.HasDesiredReplicas = false
}

// commitPopulated stores a built DC and its RCs in order, each as one
// write taking one UID and one resource version, checking first that none
// exists, then notifies Watch of them in the same order. It fails at the
// first object that exists, with the objects before it stored; a DC that
// could not be encoded fails with none of its objects stored. A DC built
// from other counters than the World's (a Watch wrote meanwhile) is built
// again from the World's.
func (w *World) commitPopulated(p populated) error {
	if p.uid != w.uid || p.rv != w.rv {
		p = buildPopulated(p.i, p.rcs, w.uid, w.rv, w.Now, w.Compress)
	}
	changes := make([]Change, 0, len(p.objs))
	defer func() {
		for _, ch := range changes {
			w.notify(ch)
		}
	}()
	for _, o := range p.objs {
		if x := w.lookup(o.kind, p.ns, o.name); x != nil && x.current().exists() {
			return fmt.Errorf("fake: populate %s/%s: %w", p.ns, p.name, alreadyExists(o.kind, p.ns, o.name))
		}
		w.uid++
		w.rv++
		changes = append(changes, w.file(w.storeBlob(o.kind, p.ns, o.name, o.blob), o.ix))
	}
	if p.err != nil {
		return fmt.Errorf("fake: populate %s/%s: %w", p.ns, p.name, p.err)
	}
	return nil
}

package fake

import (
	"runtime"
	"sync"
)

// aheadChunk is how many queue items (or DCs, for Stable) the World
// decodes ahead at a time: enough objects to keep every core busy, few
// enough that the decoded values held meanwhile stay a few megabytes.
const aheadChunk = 128

// aheadMin is the fewest versions worth decoding ahead: for fewer (the
// small worlds of most simulations) the goroutines cost about what they
// save, and the reads decode them one at a time.
const aheadMin = 32

// aheadKey names one version of one object: the object and the write that
// made the version. (A version's address is no name: pruning shifts an
// object's versions.)
type aheadKey struct {
	o   *object
	seq uint64
}

// ahead is what World.decodeAhead decoded for a World without a decode
// cache, until dropAhead.
type ahead struct {
	values map[aheadKey]any
	// todo is the scratch list of versions to decode, seen the set of
	// them.
	todo []aheadItem
	seen map[aheadKey]struct{}
	// decoded counts the versions decoded ahead (tests).
	decoded int
}

type aheadItem struct {
	o *object
	v *version
	x any
}

// decodeAhead decodes, on GOMAXPROCS goroutines, the versions the reads of
// the next few passes will decode one at a time: the version each object
// of objs has at write seq (each once). A World with a decode cache keeps
// them in their versions as a read would; one without holds them until
// dropAhead, which its callers run before they decode ahead again.
// Decoding is a pure function of the stored bytes, so what a read returns
// does not depend on whether it was decoded ahead
// (TestDecodeAheadChangesNothing); only the time it takes does.
func (w *World) decodeAhead(objs []*object, seq uint64) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(objs) == 0 {
		return
	}
	a := &w.ahead
	a.todo = a.todo[:0]
	for _, o := range objs {
		v := o.at(seq)
		if v == nil || v.cache != nil {
			continue
		}
		k := aheadKey{o, v.seq}
		if _, ok := a.seen[k]; ok {
			continue
		}
		if a.seen == nil {
			a.seen = map[aheadKey]struct{}{}
		}
		a.seen[k] = struct{}{}
		a.todo = append(a.todo, aheadItem{o: o, v: v})
	}
	clear(a.seen)
	if len(a.todo) < aheadMin {
		a.todo = a.todo[:0]
		return
	}
	workers = min(workers, len(a.todo))
	a.decoded += len(a.todo)
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			for i := k; i < len(a.todo); i += workers {
				t := &a.todo[i]
				x, err := decode(t.o.kind, t.v.blob.unpack(), !w.NoDecodeCache)
				if err == nil {
					t.x = x
				}
				// A value that does not decode is left to the read,
				// which panics with the object's name.
			}
		})
	}
	wg.Wait()
	if a.values == nil && w.NoDecodeCache {
		a.values = make(map[aheadKey]any, len(a.todo))
	}
	for i := range a.todo {
		t := &a.todo[i]
		switch {
		case t.x == nil:
		case w.NoDecodeCache:
			a.values[aheadKey{t.o, t.v.seq}] = t.x
		default:
			t.v.cache = t.x
		}
		*t = aheadItem{}
	}
}

// dropAhead forgets what decodeAhead decoded for a World without a decode
// cache.
func (w *World) dropAhead() { clear(w.ahead.values) }

// decodedAhead returns the value decodeAhead decoded for version v of o.
func (w *World) decodedAhead(o *object, v *version) (any, bool) {
	x, ok := w.ahead.values[aheadKey{o, v.seq}]
	return x, ok
}

// configObjects appends to out the objects a snapshot of DC dc of sp reads:
// the DC, the RCs that name it and the pods of those RCs.
func configObjects(out []*object, sp *namespace, dc string) []*object {
	if o := sp.configs[dc]; o != nil {
		out = append(out, o)
	}
	for _, ro := range sp.rcsOf[dc] {
		out = append(out, ro)
		for _, p := range sp.podsOf[ro.name] {
			if po := sp.pods[p]; po != nil {
				out = append(out, po)
			}
		}
	}
	return out
}

// itemObjects appends to out the objects processing items reads, as far as
// the index tells without decoding: for a DC, configObjects; for an RC,
// the RC and configObjects of the DC it is filed under.
func (w *World) itemObjects(out []*object, items []item) []*object {
	last := struct{ ns, dc string }{}
	for _, it := range items {
		sp := w.spaces[it.ns]
		if sp == nil {
			continue
		}
		dc := it.name
		if it.kind != KindConfig {
			o := sp.rcs[it.name]
			if o == nil {
				continue
			}
			out = append(out, o)
			if len(o.keys) == 0 {
				continue
			}
			dc = o.keys[0]
		}
		if last.ns == it.ns && last.dc == dc {
			continue
		}
		last.ns, last.dc = it.ns, dc
		out = configObjects(out, sp, dc)
	}
	return out
}

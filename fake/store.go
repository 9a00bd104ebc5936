package fake

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// decode turns stored wire bytes of kind k into a pointer to the typed
// value (*dcplan.Config, *dcplan.Deployment or *dcplan.Pod). With intern,
// the names of RCs and pods are interned too (intern.go), beside the
// shared strings wire's decoders intern.
func decode(k Kind, data []byte, intern bool) (any, error) {
	switch k {
	case KindConfig:
		c, err := wire.DecodeConfig(data)
		if err != nil {
			return nil, err
		}
		return &c, nil
	case KindRC:
		d, err := wire.DecodeDeployment(data)
		if err != nil {
			return nil, err
		}
		if intern {
			internDeployment(&d)
		}
		return &d, nil
	}
	p, err := wire.DecodePod(data)
	if err != nil {
		return nil, err
	}
	if intern {
		internPod(&p)
	}
	return &p, nil
}

// value returns the decoded form of a version (a pointer the caller must
// not modify), decoding (and caching, unless NoDecodeCache) on first use.
// The World only stores bytes that decoded when stored (put), so a decode
// failure is a codec bug and panics.
func (w *World) value(o *object, v *version) any {
	if v.cache != nil {
		return v.cache
	}
	if x, ok := w.decodedAhead(o, v); ok {
		return x
	}
	x, err := decode(o.kind, v.blob.unpack(), !w.NoDecodeCache)
	if err != nil {
		panic(fmt.Sprintf("fake: stored %s %s/%s does not decode: %v", o.kind, o.ns, o.name, err))
	}
	if !w.NoDecodeCache {
		v.cache = x
	}
	return x
}

// put stores new wire bytes for an object as one write, updates the
// indexes and notifies Watch. It decodes the bytes first, for the index
// keys (and keeps the decoded value unless NoDecodeCache): bytes that do
// not decode are refused with the decode error, and an object that is
// invalid (validObject) with an error wrapping ErrInvalid; nothing is
// stored then, so that every stored version decodes (value) and is valid.
func (w *World) put(k Kind, ns, name string, data []byte) error {
	x, err := decode(k, data, !w.NoDecodeCache)
	if err != nil {
		return err
	}
	if err := validObject(x); err != nil {
		return err
	}
	o := w.store(k, ns, name, data)
	var ix index
	switch x := x.(type) {
	case *dcplan.Deployment:
		ix.config, ix.owners, ix.settled = x.ConfigName, rcOwners(x), statusSettled(x)
		ix.annotated = x.ConfigName != "" || x.EmptyConfigName
	case *dcplan.Pod:
		ix.rc, ix.rcs = x.DeploymentName, podRCs(x)
	}
	if !w.NoDecodeCache {
		o.current().cache = x
	}
	w.index(o, ix)
	return nil
}

// index is what the store files an object under, from its decoded form:
// for an RC the config-name annotation and the DCs it names (rcOwners),
// for a pod the deployment-name annotation and the related RCs (podRCs).
type index struct {
	config string
	owners []string
	rc     string
	rcs    []string
	// settled tells, for an RC, that its status counts match its
	// spec.replicas (statusSettled): the replication manager the pod
	// model plays has nothing to do for it.
	settled bool
	// annotated tells, for an RC, that it carries the config-name
	// annotation, with a value or empty (EmptyConfigName).
	annotated bool
}

// store appends new wire bytes as the current version of an object
// (creating it), as one write.
func (w *World) store(k Kind, ns, name string, data []byte) *object {
	return w.storeBlob(k, ns, name, packBlob(data, w.Compress))
}

// storeBlob is store for bytes already packed.
func (w *World) storeBlob(k Kind, ns, name string, b blob) *object {
	w.seq++
	sp := w.space(ns)
	tbl := sp.table(k)
	o := tbl[name]
	if o == nil {
		// The store keeps its keys for the object's life: copies of
		// their own, not parts of the string a decoded value's strings
		// share (see wire's rehome), which would keep it alive.
		intern(&ns) // one copy for every object of the namespace
		name = strings.Clone(name)
		o = &object{kind: k, ns: ns, name: name}
		tbl[name] = o
		if k == KindConfig {
			sp.configList = insertObject(sp.configList, o)
		}
	}
	o.created = len(o.versions) == 0 || !o.current().exists()
	o.versions = append(o.versions, version{seq: w.seq, blob: b})
	o.prune(w.seq, w.MaxLag)
	return o
}

// index files the object the last store wrote under ix and notifies
// Watch.
func (w *World) index(o *object, ix index) { w.notify(w.file(o, ix)) }

// file is index without the notification, which it returns.
func (w *World) file(o *object, ix index) Change {
	// The index outlives the decoded value: its keys must not hold the
	// one string all of that value's strings share (see wire's rehome).
	intern(&ix.config)
	intern(&ix.rc)
	for i := range ix.owners {
		intern(&ix.owners[i])
	}
	for i := range ix.rcs {
		intern(&ix.rcs[i])
	}
	sp := w.spaces[o.ns]
	ch := Change{Kind: o.kind, Namespace: o.ns, Name: o.name, Created: o.created, Config: ix.config, RC: ix.rc,
		settled: ix.settled, annotated: ix.annotated}
	// Every write files the object under the links it has now, beside
	// those it had (a lagging reader may still see them; readers check
	// the link of the version they read). Sweep unfiles all of them.
	switch o.kind {
	case KindRC:
		o.annotated = ix.annotated
		for _, dc := range ix.owners {
			if !slices.Contains(o.keys, dc) {
				sp.rcsOf[dc] = insertObject(sp.rcsOf[dc], o)
				o.keys = append(o.keys, dc)
			}
		}
	case KindPod:
		for _, rc := range ix.rcs {
			if !slices.Contains(o.keys, rc) {
				sp.podsOf[rc] = insertSorted(sp.podsOf[rc], o.name)
				o.keys = append(o.keys, rc)
			}
		}
	}
	return ch
}

// remove deletes an object as one write. Lagging readers keep seeing it
// until the write falls out of MaxLag.
func (w *World) remove(o *object) {
	w.seq++
	ch := Change{Kind: o.kind, Namespace: o.ns, Name: o.name, Deleted: true}
	switch x := w.value(o, o.current()).(type) {
	case *dcplan.Deployment:
		ch.Config = x.ConfigName
	case *dcplan.Pod:
		ch.RC = x.DeploymentName
	}
	o.versions = append(o.versions, version{seq: w.seq})
	o.prune(w.seq, w.MaxLag)
	w.tomb = append(w.tomb, o)
	w.sweep()
	w.notify(ch)
}

// sweep forgets deleted objects no lagging reader can see any more.
func (w *World) sweep() {
	keep := w.tomb[:0]
	for _, o := range w.tomb {
		o.prune(w.seq, w.MaxLag)
		if o.current().exists() {
			continue // re-created since: no longer a tombstone
		}
		if len(o.versions) > 1 {
			keep = append(keep, o)
			continue
		}
		sp := w.spaces[o.ns]
		tbl := sp.table(o.kind)
		if tbl[o.name] != o {
			continue
		}
		delete(tbl, o.name)
		switch o.kind {
		case KindConfig:
			sp.configList = removeObject(sp.configList, o.name)
		case KindRC:
			for _, dc := range o.keys {
				sp.rcsOf[dc] = removeObject(sp.rcsOf[dc], o.name)
			}
		case KindPod:
			for _, rc := range o.keys {
				sp.podsOf[rc] = removeSorted(sp.podsOf[rc], o.name)
			}
		}
	}
	clear(w.tomb[len(keep):])
	w.tomb = keep
}

func (w *World) notify(ch Change) {
	if w.Watch != nil {
		w.Watch(ch)
	}
}

// rcOwners are the DCs an RC names: by its config-name annotation, its
// config label and its controller owner reference, in that order, each
// once.
func rcOwners(d *dcplan.Deployment) []string {
	var out []string
	add := func(dc string) {
		if dc != "" && !slices.Contains(out, dc) {
			out = append(out, dc)
		}
	}
	add(d.ConfigName)
	add(d.ConfigLabel)
	if d.HasController && d.Controller.Kind == "DeploymentConfig" {
		add(d.Controller.Name)
	}
	return out
}

// podRCs are the RCs a pod is related to: by its deployment.name
// annotation and by its deployer-pod-for label.
func podRCs(p *dcplan.Pod) []string {
	switch {
	case p.DeploymentName != "" && p.DeployerFor != "" && p.DeploymentName != p.DeployerFor:
		return []string{p.DeploymentName, p.DeployerFor}
	case p.DeploymentName != "":
		return []string{p.DeploymentName}
	case p.DeployerFor != "":
		return []string{p.DeployerFor}
	}
	return nil
}

func (w *World) nextRV() string {
	w.rv++
	return strconv.FormatUint(w.rv, 10)
}

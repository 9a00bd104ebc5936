package fake

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// ErrNoConfig is returned by Snapshot when the DC does not exist; it wraps
// dcplan.ErrNotFound.
var ErrNoConfig = fmt.Errorf("fake: deployment config: %w", dcplan.ErrNotFound)

func notFound(k Kind, ns, name string) error {
	return fmt.Errorf("fake: %s %s/%s: %w", k, ns, name, dcplan.ErrNotFound)
}

func alreadyExists(k Kind, ns, name string) error {
	return fmt.Errorf("fake: %s %s/%s: %w", k, ns, name, dcplan.ErrAlreadyExists)
}

// Config returns the current DC ns/name, decoded from its wire form.
func (w *World) Config(ns, name string) (dcplan.Config, bool) {
	o := w.lookup(KindConfig, ns, name)
	if o == nil || !o.current().exists() {
		return dcplan.Config{}, false
	}
	return w.value(o, o.current()).(*dcplan.Config).Clone(), true
}

// Deployment returns the current RC ns/name, decoded from its wire form.
func (w *World) Deployment(ns, name string) (dcplan.Deployment, bool) {
	o := w.lookup(KindRC, ns, name)
	if o == nil || !o.current().exists() {
		return dcplan.Deployment{}, false
	}
	return w.value(o, o.current()).(*dcplan.Deployment).Clone(), true
}

// Pod returns the current pod ns/name, decoded from its wire form.
func (w *World) Pod(ns, name string) (dcplan.Pod, bool) {
	o := w.lookup(KindPod, ns, name)
	if o == nil || !o.current().exists() {
		return dcplan.Pod{}, false
	}
	return w.value(o, o.current()).(*dcplan.Pod).Clone(), true
}

// Wire returns a copy of the stored JSON of an object, as the codec
// encoded it.
func (w *World) Wire(k Kind, ns, name string) ([]byte, bool) {
	o := w.lookup(k, ns, name)
	if o == nil || !o.current().exists() {
		return nil, false
	}
	return slices.Clone(o.current().blob.unpack()), true
}

// Names returns the names of the current objects of a kind in a namespace,
// sorted.
func (w *World) Names(k Kind, ns string) []string {
	sp := w.spaces[ns]
	if sp == nil {
		return nil
	}
	var out []string
	for name, o := range sp.table(k) {
		if o.current().exists() {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Snapshot builds what a controller with an up-to-date cache sees for the
// DC ns/dc: the DC, every RC that names it (by config-name annotation,
// config label, or controller owner UID), every pod related to one of those
// RCs (by deployment.name annotation or deployer-pod-for label) or holding
// an RC's deployer pod name, the clock now and the settings. RCs and pods
// are sorted by name. The snapshot is a deep copy: the caller may modify
// it. A missing DC gives an error wrapping dcplan.ErrNotFound.
func (w *World) Snapshot(ns, dc string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	s, err := w.snapshotAt(w.seq, ns, dc, now, st)
	if err != nil {
		return dcplan.Snapshot{}, err
	}
	return s.Clone(), nil
}

// SnapshotAt is Snapshot as a cache lagging lag writes behind the store
// sees it (lag is capped at MaxLag).
func (w *World) SnapshotAt(lag int, ns, dc string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	s, err := w.snapshotAt(w.lagged(lag), ns, dc, now, st)
	if err != nil {
		return dcplan.Snapshot{}, err
	}
	return s.Clone(), nil
}

func (w *World) lagged(lag int) uint64 {
	lag = max(min(lag, w.MaxLag), 0) // World.MaxLag: negative counts as zero
	if uint64(lag) > w.seq {
		return 0
	}
	return w.seq - uint64(lag)
}

// snapshotAt builds the snapshot at write seq. Its objects share backing
// arrays with the decode cache: callers inside the package treat it as
// read-only.
func (w *World) snapshotAt(seq uint64, ns, dc string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	sp := w.spaces[ns]
	if sp == nil {
		return dcplan.Snapshot{}, fmt.Errorf("%w: %s/%s", ErrNoConfig, ns, dc)
	}
	var s dcplan.Snapshot
	err := w.snapshotOf(&s, seq, sp, sp.configs[dc], ns, dc, now, st)
	return s, err
}

// snapshotOf is snapshotAt for the DC object o (nil when there is none)
// of namespace sp, built in place in *s (which it overwrites) to spare the
// pass path copies of a large struct.
func (w *World) snapshotOf(s *dcplan.Snapshot, seq uint64, sp *namespace, o *object, ns, dc string, now time.Time, st dcplan.Settings) error {
	var v *version
	if o != nil {
		v = o.at(seq)
	}
	if v == nil {
		*s = dcplan.Snapshot{}
		return fmt.Errorf("%w: %s/%s", ErrNoConfig, ns, dc)
	}
	if l := &w.lastSnap; w.NoDecodeCache && l.ns == ns && l.dc == dc && l.seq == seq && seq == w.seq {
		*s = dcplan.Snapshot{Now: now, Settings: st, Config: l.cfg, Deployments: l.rcs, Pods: l.pods}
		return nil
	}
	*s = dcplan.Snapshot{Now: now, Settings: st}
	s.Config = *w.value(o, v).(*dcplan.Config)
	if c := o.snap; c != nil && c.seq == seq && seq == w.seq && !w.NoDecodeCache {
		s.Deployments, s.Pods = c.rcs, c.pods
		return nil
	}
	w.readRCs(s, seq, sp, dc)
	if seq == w.seq && w.NoDecodeCache {
		// Without a decode cache, keep just the last snapshot: the
		// deployer passes over one DC's RCs follow each other.
		w.lastSnap = cachedSnap{ns: ns, dc: dc, seq: seq, cfg: s.Config, rcs: s.Deployments, pods: s.Pods}
	}
	if seq == w.seq && !w.NoDecodeCache {
		if o.snap == nil {
			o.snap = &cachedSnap{}
		}
		*o.snap = cachedSnap{seq: seq, rcs: s.Deployments, pods: s.Pods}
	}
	return nil
}

// readRCs sets s.Deployments and s.Pods, in new arrays, to the RCs of
// DC dc of namespace sp as the store held them at write seq (those naming
// dc by annotation or label, or controlled by s.Config's uid) and their
// pods, sorted by name.
func (w *World) readRCs(s *dcplan.Snapshot, seq uint64, sp *namespace, dc string) {
	s.Deployments, s.Pods = nil, nil
	rcs := sp.rcsOf[dc]
	if len(rcs) > 0 {
		s.Deployments = make([]dcplan.Deployment, 0, len(rcs))
	}
	for _, ro := range rcs {
		rv := ro.at(seq)
		if rv == nil {
			continue
		}
		d := w.value(ro, rv).(*dcplan.Deployment)
		if d.ConfigName != dc && d.ConfigLabel != dc && !(d.HasController && d.Controller.UID == s.Config.UID) {
			continue
		}
		s.Deployments = append(s.Deployments, *d)
	}
	s.Pods = w.podsOf(sp, seq, s.Deployments)
}

// podsOf returns, in a new array, the pods of namespace sp related to the
// RCs rcs as the store held them at write seq, sorted by name, each once.
func (w *World) podsOf(sp *namespace, seq uint64, rcs []dcplan.Deployment) []dcplan.Pod {
	var pods []dcplan.Pod
	for i := range rcs {
		pods = w.appendPods(pods, sp, seq, rcs[i].Name)
	}
	if len(pods) > 1 {
		slices.SortFunc(pods, func(a, b dcplan.Pod) int { return strings.Compare(a.Name, b.Name) })
		pods = slices.CompactFunc(pods, func(a, b dcplan.Pod) bool { return a.Name == b.Name })
	}
	return pods
}

// lastSnapRC returns the RC name of namespace ns as the last snapshot
// built holds it (read-only), when the World keeps no decode cache and
// that snapshot is current at seq; nil otherwise. The deployer pass over
// an RC reads the RC and then its DC's snapshot: with this, a run of such
// passes over one DC's RCs decodes each RC once rather than twice.
func (w *World) lastSnapRC(ns, name string, seq uint64) *dcplan.Deployment {
	l := &w.lastSnap
	if !w.NoDecodeCache || l.ns != ns || l.seq != seq || seq != w.seq {
		return nil
	}
	for i := range l.rcs {
		if l.rcs[i].Name == name {
			return &l.rcs[i]
		}
	}
	return nil
}

// cachedSnap is the RC and pod lists of one DC's snapshot, valid while
// the store has taken no write since seq.
type cachedSnap struct {
	ns, dc string // only for World.lastSnap
	seq    uint64
	cfg    dcplan.Config // only for World.lastSnap
	rcs    []dcplan.Deployment
	pods   []dcplan.Pod
}

func (w *World) appendPods(out []dcplan.Pod, sp *namespace, seq uint64, rc string) []dcplan.Pod {
	deployer := dcplan.DeployerPodName(rc)
	add := func(name string) {
		if po := sp.pods[name]; po != nil {
			if pv := po.at(seq); pv != nil {
				// The index keeps the links a pod had: keep it only if
				// this version of it is related to rc.
				if p := w.value(po, pv).(*dcplan.Pod); name == deployer || p.DeploymentName == rc || p.DeployerFor == rc {
					out = append(out, *p)
				}
			}
		}
	}
	seen := false
	for _, name := range sp.podsOf[rc] {
		seen = seen || name == deployer
		add(name)
	}
	if !seen {
		add(deployer)
	}
	return out
}

// CreateConfig stores a new DC. It assigns a UID when c has none, a
// resource version, and generation 1 when c has none. A taken name gives
// an error wrapping dcplan.ErrAlreadyExists.
func (w *World) CreateConfig(c dcplan.Config) error {
	if o := w.lookup(KindConfig, c.Namespace, c.Name); o != nil && o.current().exists() {
		return alreadyExists(KindConfig, c.Namespace, c.Name)
	}
	c = c.Clone()
	if c.UID == "" {
		c.UID = w.nextUID()
	}
	if c.Generation == 0 {
		c.Generation = 1
	}
	c.ResourceVersion = w.nextRV()
	data, err := wire.EncodeConfig(c)
	if err != nil {
		return fmt.Errorf("fake: create dc %s/%s: %w", c.Namespace, c.Name, err)
	}
	if err := w.put(KindConfig, c.Namespace, c.Name, data); err != nil {
		return fmt.Errorf("fake: create dc %s/%s: %w", c.Namespace, c.Name, err)
	}
	return nil
}

// CreateDeployment stores a new RC, stamping UID (when empty), resource
// version and creation time (when zero, from w.Now). An RC whose controller
// reference has no UID (say, built by dcplan.NewDeployment from a DC before
// the World stored it and gave it one) is refused with an error wrapping
// ErrInvalid.
func (w *World) CreateDeployment(d dcplan.Deployment) error {
	if o := w.lookup(KindRC, d.Namespace, d.Name); o != nil && o.current().exists() {
		return alreadyExists(KindRC, d.Namespace, d.Name)
	}
	if err := checkOwnerUIDs(KindRC, d.Namespace, d.Name, controllerRefs(&d)...); err != nil {
		return err
	}
	d = d.Clone()
	if d.UID == "" {
		d.UID = w.nextUID()
	}
	if d.CreationTime.IsZero() {
		d.CreationTime = w.Now
	}
	d.ResourceVersion = w.nextRV()
	data, err := wire.EncodeDeployment(d)
	if err != nil {
		return fmt.Errorf("fake: create rc %s/%s: %w", d.Namespace, d.Name, err)
	}
	if err := w.put(KindRC, d.Namespace, d.Name, data); err != nil {
		return fmt.Errorf("fake: create rc %s/%s: %w", d.Namespace, d.Name, err)
	}
	return nil
}

// CreatePodObject stores a new pod, stamping UID (when empty), resource
// version and creation time (when zero). A pod with an owner reference
// without a UID is refused with an error wrapping ErrInvalid.
func (w *World) CreatePodObject(p dcplan.Pod) error {
	if o := w.lookup(KindPod, p.Namespace, p.Name); o != nil && o.current().exists() {
		return alreadyExists(KindPod, p.Namespace, p.Name)
	}
	if err := checkOwnerUIDs(KindPod, p.Namespace, p.Name, p.Owners...); err != nil {
		return err
	}
	p = p.Clone()
	if p.UID == "" {
		p.UID = w.nextUID()
	}
	if p.CreationTime.IsZero() {
		p.CreationTime = w.Now
	}
	p.ResourceVersion = w.nextRV()
	data, err := wire.EncodePodObject(p)
	if err != nil {
		return fmt.Errorf("fake: create pod %s/%s: %w", p.Namespace, p.Name, err)
	}
	if err := w.put(KindPod, p.Namespace, p.Name, data); err != nil {
		return fmt.Errorf("fake: create pod %s/%s: %w", p.Namespace, p.Name, err)
	}
	return nil
}

// ErrUnchanged is what the function given to an Update method returns to
// end the update without a write; the method then returns nil.
var ErrUnchanged = errors.New("fake: unchanged")

// UpdateConfig reads the DC ns/name, lets f change a copy, and writes it
// back with a new resource version. A change outside status bumps
// metadata.generation, as the API server does. If f returns an error the
// update is abandoned and the error returned (nil for ErrUnchanged). A
// change of UID, name or namespace is refused with an error wrapping
// ErrInvalid.
func (w *World) UpdateConfig(ns, name string, f func(*dcplan.Config) error) error {
	o := w.lookup(KindConfig, ns, name)
	if o == nil || !o.current().exists() {
		return notFound(KindConfig, ns, name)
	}
	old := w.value(o, o.current()).(*dcplan.Config)
	c := old.Clone()
	if err := f(&c); err != nil {
		if errors.Is(err, ErrUnchanged) {
			return nil
		}
		return err
	}
	if err := checkUIDKept(KindConfig, ns, name, old.UID, c.UID, c.Namespace, c.Name); err != nil {
		return err
	}
	if specChanged(old, &c) {
		c.Generation = old.Generation + 1
	}
	c.ResourceVersion = w.nextRV()
	data, err := wire.EncodeConfig(c)
	if err != nil {
		return fmt.Errorf("fake: update dc %s/%s: %w", ns, name, err)
	}
	if err := w.put(KindConfig, ns, name, data); err != nil {
		return fmt.Errorf("fake: update dc %s/%s: %w", ns, name, err)
	}
	return nil
}

// specChanged reports whether two versions of a DC differ in spec, which
// makes the API server bump metadata.generation.
func specChanged(a, b *dcplan.Config) bool {
	return a.Replicas != b.Replicas || a.RevisionHistoryLimit != b.RevisionHistoryLimit ||
		a.HasRevisionHistoryLimit != b.HasRevisionHistoryLimit || a.MinReadySeconds != b.MinReadySeconds ||
		a.Test != b.Test || a.Paused != b.Paused || !slices.Equal(a.Selector, b.Selector) ||
		!slices.Equal(a.Template.Containers, b.Template.Containers) || !bytes.Equal(a.Template.Raw, b.Template.Raw) ||
		!reflect.DeepEqual(a.Strategy, b.Strategy) || !reflect.DeepEqual(a.Triggers, b.Triggers)
}

// UpdateDeployment reads the RC ns/name, lets f change a copy, and writes
// it back with a new resource version. A change of UID, name or
// namespace, or a controller reference without a UID, is refused with an
// error wrapping ErrInvalid.
func (w *World) UpdateDeployment(ns, name string, f func(*dcplan.Deployment) error) error {
	o := w.lookup(KindRC, ns, name)
	if o == nil || !o.current().exists() {
		return notFound(KindRC, ns, name)
	}
	old := w.value(o, o.current()).(*dcplan.Deployment)
	d := old.Clone()
	if err := f(&d); err != nil {
		if errors.Is(err, ErrUnchanged) {
			return nil
		}
		return err
	}
	if err := checkUIDKept(KindRC, ns, name, old.UID, d.UID, d.Namespace, d.Name); err != nil {
		return err
	}
	if err := checkOwnerUIDs(KindRC, ns, name, controllerRefs(&d)...); err != nil {
		return err
	}
	d.ResourceVersion = w.nextRV()
	data, err := wire.EncodeDeployment(d)
	if err != nil {
		return fmt.Errorf("fake: update rc %s/%s: %w", ns, name, err)
	}
	if err := w.put(KindRC, ns, name, data); err != nil {
		return fmt.Errorf("fake: update rc %s/%s: %w", ns, name, err)
	}
	return nil
}

// UpdatePod reads the pod ns/name, lets f change a copy, and writes it back
// with a new resource version. A change of UID, name or namespace, or an
// owner reference without a UID, is refused with an error wrapping
// ErrInvalid.
func (w *World) UpdatePod(ns, name string, f func(*dcplan.Pod) error) error {
	o := w.lookup(KindPod, ns, name)
	if o == nil || !o.current().exists() {
		return notFound(KindPod, ns, name)
	}
	old := w.value(o, o.current()).(*dcplan.Pod)
	p := old.Clone()
	if err := f(&p); err != nil {
		if errors.Is(err, ErrUnchanged) {
			return nil
		}
		return err
	}
	if err := checkUIDKept(KindPod, ns, name, old.UID, p.UID, p.Namespace, p.Name); err != nil {
		return err
	}
	if err := checkOwnerUIDs(KindPod, ns, name, p.Owners...); err != nil {
		return err
	}
	p.ResourceVersion = w.nextRV()
	data, err := wire.EncodePodObject(p)
	if err != nil {
		return fmt.Errorf("fake: update pod %s/%s: %w", ns, name, err)
	}
	if err := w.put(KindPod, ns, name, data); err != nil {
		return fmt.Errorf("fake: update pod %s/%s: %w", ns, name, err)
	}
	return nil
}

// Delete removes an object. A missing object gives an error wrapping
// dcplan.ErrNotFound.
func (w *World) Delete(k Kind, ns, name string) error {
	o := w.lookup(k, ns, name)
	if o == nil || !o.current().exists() {
		return notFound(k, ns, name)
	}
	w.remove(o)
	return nil
}

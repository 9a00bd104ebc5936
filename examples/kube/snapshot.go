package kube

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	appsv1 "github.com/openshift/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/cache"

	"github.com/dcplan/dcplan"
)

// ConfigSnapshot builds the snapshot of a DC controller pass for the DC
// with the namespace/name key from the informer caches: the DC, and the
// RCs of its namespace that name it by the deployment-config.name label or
// annotation or have it as controller (wire.DecodeSnapshot's rule 2), in
// name order. The DC controller reads no pods (SPEC 3.1), so the snapshot
// holds none. It reports false when the DC is not in the cache.
//
// The RC list of a DC is kept between passes and rebuilt only after an
// informer reported a change of one of its RCs (or of the DC), so a pass
// at rest costs no lookups, sorting or copying per RC. The snapshot's
// Deployments slice is therefore shared: callers must not modify it.
func (c *Controller) ConfigSnapshot(key string, requeues int) (dcplan.Snapshot, bool, error) {
	obj, exists, err := c.dcs.GetIndexer().GetByKey(key)
	if err != nil || !exists {
		return dcplan.Snapshot{}, false, err
	}
	dc, ok := obj.(*appsv1.DeploymentConfig)
	if !ok {
		return dcplan.Snapshot{}, false, fmt.Errorf("kube: dc %s: cache holds a %T", key, obj)
	}
	cfg, err := c.decoder.Config(dc)
	if err != nil {
		return dcplan.Snapshot{}, false, err
	}
	s := dcplan.Snapshot{Now: c.now(), Config: cfg, Requeues: requeues, Settings: c.opts.Settings}
	if list, ok := c.lists.get(key, dc.ResourceVersion, dc.UID); ok {
		s.Deployments = list
		return s, true, nil
	}
	byName, byUID := key, "uid:"+string(dc.UID)
	genName, genUID := c.lists.gen(byName), c.lists.gen(byUID)
	idx := c.rcs.GetIndexer()
	named, err := idx.ByIndex(byConfig, key)
	if err != nil {
		return dcplan.Snapshot{}, false, fmt.Errorf("kube: dc %s: %w", key, err)
	}
	owned, err := idx.ByIndex(byConfig, "uid:"+string(dc.UID))
	if err != nil {
		return dcplan.Snapshot{}, false, fmt.Errorf("kube: dc %s: %w", key, err)
	}
	rcs := make([]*corev1.ReplicationController, 0, len(named)+len(owned))
	for _, o := range slices.Concat(named, owned) {
		if rc, ok := o.(*corev1.ReplicationController); ok && rc.Namespace == dc.Namespace {
			rcs = append(rcs, rc)
		}
	}
	slices.SortFunc(rcs, func(a, b *corev1.ReplicationController) int { return strings.Compare(a.Name, b.Name) })
	rcs = slices.CompactFunc(rcs, func(a, b *corev1.ReplicationController) bool { return a.Name == b.Name })
	s.Deployments = make([]dcplan.Deployment, 0, len(rcs))
	for _, rc := range rcs {
		d, err := c.decoder.Deployment(rc)
		if err != nil {
			return dcplan.Snapshot{}, false, err
		}
		s.Deployments = append(s.Deployments, d)
	}
	if len(s.Deployments) == 0 {
		s.Deployments = nil
	}
	c.lists.put(key, listEntry{rv: dc.ResourceVersion, uid: dc.UID, byName: byName, byUID: byUID, genName: genName, genUID: genUID, deployments: s.Deployments})
	return s, true, nil
}

// lists keeps the decoded RC list of each DC between passes. Every RC
// event gives the index keys (byConfig) of the RC before and after the
// event a new generation; a DC's list is reused while its resourceVersion
// and the generations of its two index keys are those it was built with.
//
// Generations come from one counter, so a key's generation never returns
// to a value it had. A key no cached RC has any more is forgotten, and
// every forgotten key then reads as floor, which moves on at each
// forgetting: the map holds only the keys of cached RCs, and a list built
// before a key was forgotten is never reused.
type lists struct {
	mu      sync.Mutex
	seq     uint64
	floor   uint64
	gens    map[string]uint64
	entries map[string]listEntry
}

type listEntry struct {
	rv              string
	uid             types.UID
	byName, byUID   string
	genName, genUID uint64
	deployments     []dcplan.Deployment
}

func (l *lists) gen(key string) uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.genLocked(key)
}

func (l *lists) genLocked(key string) uint64 {
	if g, ok := l.gens[key]; ok {
		return g
	}
	return l.floor
}

func (l *lists) get(dc, rv string, uid types.UID) ([]dcplan.Deployment, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.entries[dc]
	if !ok || e.rv != rv || e.uid != uid || e.genName != l.genLocked(e.byName) || e.genUID != l.genLocked(e.byUID) {
		return nil, false
	}
	return e.deployments, true
}

func (l *lists) put(dc string, e listEntry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.entries == nil {
		l.entries = map[string]listEntry{}
	}
	l.entries[dc] = e
}

// touch gives the index keys of RC event objects new generations, and
// forgets those no cached RC has (cached reports whether one has; the
// informer updates its cache before it calls the handlers).
func (l *lists) touch(cached func(key string) bool, objs ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.gens == nil {
		l.gens = map[string]uint64{}
	}
	for _, obj := range objs {
		rc, ok := rcOf(obj)
		if !ok {
			continue
		}
		keys, _ := indexRC(rc)
		for _, k := range keys {
			l.seq++
			if cached(k) {
				l.gens[k] = l.seq
			} else {
				delete(l.gens, k)
				l.floor = l.seq
			}
		}
	}
}

// drop forgets the list of a DC.
func (l *lists) drop(dc string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.entries, dc)
}

// retain drops the list of every DC whose uid keep rejects (see
// Controller.sweep).
func (l *lists) retain(keep func(types.UID) bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	maps.DeleteFunc(l.entries, func(_ string, e listEntry) bool { return !keep(e.uid) })
}

// DeploymentSnapshot builds the snapshot of a deployer pass for the RC
// with the namespace/name key from the informer caches: no DC (the
// deployer reads the DC encoded in the RC), the RC, and its pods (labelled
// deployer-pod-for or annotated deployment.name with its name, or named
// as its deployer pod), in name order. It reports false when the RC is
// not in the cache.
func (c *Controller) DeploymentSnapshot(key string, requeues int) (dcplan.Snapshot, bool, error) {
	obj, exists, err := c.rcs.GetIndexer().GetByKey(key)
	if err != nil || !exists {
		return dcplan.Snapshot{}, false, err
	}
	rc, ok := obj.(*corev1.ReplicationController)
	if !ok {
		return dcplan.Snapshot{}, false, fmt.Errorf("kube: rc %s: cache holds a %T", key, obj)
	}
	d, err := c.decoder.Deployment(rc)
	if err != nil {
		return dcplan.Snapshot{}, false, err
	}
	s := dcplan.Snapshot{Now: c.now(), Deployments: []dcplan.Deployment{d}, Requeues: requeues, Settings: c.opts.Settings}
	if s.Pods, err = c.podsOf(rc.Namespace, rc.Name); err != nil {
		return dcplan.Snapshot{}, false, err
	}
	return s, true, nil
}

// podsOf returns, in name order, the pods of the RC namespace/name the
// pod cache holds (DeploymentSnapshot's), whether or not the RC is still
// there.
func (c *Controller) podsOf(namespace, name string) ([]dcplan.Pod, error) {
	key := namespace + "/" + name
	idx := c.pods.GetIndexer()
	related, err := idx.ByIndex(byDeployment, key)
	if err != nil {
		return nil, fmt.Errorf("kube: rc %s: %w", key, err)
	}
	if o, exists, _ := idx.GetByKey(namespace + "/" + dcplan.DeployerPodName(name)); exists {
		related = append(related, o)
	}
	pods := make([]*corev1.Pod, 0, len(related))
	for _, o := range related {
		if p, ok := o.(*corev1.Pod); ok && p.Namespace == namespace {
			pods = append(pods, p)
		}
	}
	slices.SortFunc(pods, func(a, b *corev1.Pod) int { return strings.Compare(a.Name, b.Name) })
	pods = slices.CompactFunc(pods, func(a, b *corev1.Pod) bool { return a.Name == b.Name })
	var out []dcplan.Pod
	for _, p := range pods {
		v, err := c.decoder.Pod(p)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// indexRC is the byConfig index function.
func indexRC(obj any) ([]string, error) {
	rc, ok := obj.(*corev1.ReplicationController)
	if !ok {
		return nil, nil
	}
	var keys []string
	if dc := rc.Labels[dcplan.LabelConfigName]; dc != "" {
		keys = append(keys, rc.Namespace+"/"+dc)
	}
	if dc := rc.Annotations[dcplan.AnnotationConfigName]; dc != "" && !slices.Contains(keys, rc.Namespace+"/"+dc) {
		keys = append(keys, rc.Namespace+"/"+dc)
	}
	if ref := metav1.GetControllerOfNoCopy(rc); ref != nil && ref.UID != "" {
		keys = append(keys, "uid:"+string(ref.UID))
	}
	return keys, nil
}

// indexPod is the byDeployment index function.
func indexPod(obj any) ([]string, error) {
	pod, ok := obj.(*corev1.Pod)
	if !ok {
		return nil, nil
	}
	var keys []string
	if rc := pod.Labels[dcplan.LabelDeployerPodFor]; rc != "" {
		keys = append(keys, pod.Namespace+"/"+rc)
	}
	if rc := pod.Annotations[dcplan.AnnotationDeploymentName]; rc != "" && !slices.Contains(keys, pod.Namespace+"/"+rc) {
		keys = append(keys, pod.Namespace+"/"+rc)
	}
	return keys, nil
}

// changed reports whether an update event changed the object's
// resourceVersion (a resync does not).
func changed(old, obj any) bool {
	a, err1 := meta.Accessor(old)
	b, err2 := meta.Accessor(obj)
	return err1 != nil || err2 != nil || a.GetResourceVersion() != b.GetResourceVersion()
}

// rcOf returns the RC of an event object (a tombstone's too).
func rcOf(obj any) (*corev1.ReplicationController, bool) {
	if d, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = d.Obj
	}
	rc, ok := obj.(*corev1.ReplicationController)
	return rc, ok
}

// podOf returns the pod of an event object (a tombstone's too).
func podOf(obj any) (*corev1.Pod, bool) {
	if d, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = d.Obj
	}
	pod, ok := obj.(*corev1.Pod)
	return pod, ok
}

package fake

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// Kind is the kind of an object the World stores.
type Kind uint8

// The kinds of objects in a World.
const (
	KindConfig Kind = iota + 1 // DeploymentConfig
	KindRC                     // ReplicationController
	KindPod                    // Pod
)

// String returns the short kind Describe prints: "dc", "rc" or "pod".
func (k Kind) String() string {
	switch k {
	case KindConfig:
		return "dc"
	case KindRC:
		return "rc"
	case KindPod:
		return "pod"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Change is one write to the store, as a watch would report it. For an RC,
// Config is its openshift.io/deployment-config.name annotation; for a pod,
// RC is its openshift.io/deployment.name annotation (the keys the two
// controllers enqueue, SPEC 3.2 and 4.7).
type Change struct {
	Kind      Kind
	Namespace string
	Name      string
	// Created and Deleted tell an add and a delete from an update.
	Created bool
	Deleted bool
	Config  string
	RC      string
	// settled is index.settled of the write: the Sim's pod model learns
	// from it whether an RC needs its status written, without decoding
	// the RC again.
	settled bool
	// annotated is index.annotated of the write: whether an RC carries
	// the config-name annotation, empty or not, by which the deployer
	// controller's informer queues it (SPEC 4.7, 5.12).
	annotated bool
}

// World is an in-memory Kubernetes store of DeploymentConfigs,
// ReplicationControllers and pods, held in wire form: the JSON bytes the
// dcplan codec encodes, with annotations, labels, resource versions and
// owner references. Every read decodes and every write decodes, changes
// typed fields and encodes again, so the codec is exercised on every step.
//
// Properties:
//  1. Each write bumps the object's metadata.resourceVersion to a new value
//     of one store-wide counter, and Seq by one.
//  2. Names are unique per kind and namespace; UIDs are unique in the World.
//  3. Reads at a lag (SnapshotAt) see the store as it was a number of
//     writes ago, up to MaxLag: a consistent, older state, the way a
//     lagging informer cache does.
//
// A World is not safe for concurrent use; the simulator is single-threaded
// and models concurrency by interleaving.
type World struct {
	// Now is the clock the World stamps creations and events with.
	Now time.Time
	// MaxLag is how many writes back SnapshotAt can look. Older versions
	// of objects are dropped. A negative MaxLag counts as zero.
	MaxLag int
	// Compress stores wire bytes packed against a dictionary of typical
	// objects (see Stats): the runs of bytes found in it, or earlier in
	// the object, are stored as copies. Reads unpack them first. It trades
	// a little CPU (a few microseconds per object) for memory (about a
	// fifth of the bytes) in very large worlds.
	Compress bool
	// NoDecodeCache makes every read decode the wire bytes again instead
	// of keeping the last decoded value of each object.
	NoDecodeCache bool
	// Watch, when set, is called after every successful write.
	Watch func(Change)
	// GracefulPodDeletion makes the servers of Client terminate pods
	// gracefully (Server.SetGracefulPodDeletion); off, a deleted pod goes
	// at once.
	GracefulPodDeletion bool

	seq    uint64 // number of writes so far
	rv     uint64 // resource version counter
	uid    uint64
	spaces map[string]*namespace
	nsList []string // sorted namespace names
	events []Recorded
	// keepEvents bounds the event log; 0 keeps everything.
	keepEvents int
	tomb       []*object // deleted objects awaiting removal
	// lastSnap is the last snapshot built, when NoDecodeCache.
	lastSnap cachedSnap
	// ahead holds the values decodeAhead decoded, when NoDecodeCache.
	ahead ahead
}

// Recorded is an event the World recorded, with the time it was recorded.
type Recorded struct {
	Time  time.Time
	Event dcplan.Event
}

// namespace holds the objects of one namespace and the indexes the
// snapshot builder uses.
type namespace struct {
	configs map[string]*object
	rcs     map[string]*object
	pods    map[string]*object
	// rcsOf maps a DC name to the RCs that name it (by the config-name
	// annotation, the config label, or a controller owner reference),
	// sorted by name.
	rcsOf map[string][]*object
	// podsOf maps an RC name to the pods related to it (deployment.name
	// annotation or deployer-pod-for label), sorted.
	podsOf map[string][]string
	// configList is the DCs stored, sorted by name (tombstones until
	// swept).
	configList []*object
}

// NewWorld returns an empty World whose clock reads now.
func NewWorld(now time.Time) *World {
	return &World{Now: now, spaces: map[string]*namespace{}}
}

// Seq returns the number of writes the World has taken so far.
func (w *World) Seq() uint64 { return w.seq }

// Events returns the events recorded so far, oldest first: with
// KeepEvents(n), the n most recent (the log trims itself only now and
// then). The slice is a copy.
func (w *World) Events() []Recorded {
	events := w.events
	if n := w.keepEvents; n > 0 && len(events) > n {
		events = events[len(events)-n:]
	}
	return slices.Clone(events)
}

// KeepEvents bounds the event log to the n most recent events; 0 keeps all.
func (w *World) KeepEvents(n int) { w.keepEvents = n }

// Namespaces returns the names of the namespaces that hold objects, sorted.
func (w *World) Namespaces() []string { return slices.Clone(w.nsList) }

// Configs returns the names of the DCs of a namespace, sorted.
func (w *World) Configs(ns string) []string {
	sp := w.spaces[ns]
	if sp == nil {
		return nil
	}
	var out []string
	for _, o := range sp.configList {
		if o.current().exists() {
			out = append(out, o.name)
		}
	}
	return out
}

func (w *World) space(ns string) *namespace {
	sp := w.spaces[ns]
	if sp == nil {
		intern(&ns) // kept for the World's life (see store)
		sp = &namespace{
			configs: map[string]*object{}, rcs: map[string]*object{}, pods: map[string]*object{},
			rcsOf: map[string][]*object{}, podsOf: map[string][]string{},
		}
		w.spaces[ns] = sp
		i, _ := slices.BinarySearch(w.nsList, ns)
		w.nsList = slices.Insert(w.nsList, i, ns)
	}
	return sp
}

func (sp *namespace) table(k Kind) map[string]*object {
	switch k {
	case KindConfig:
		return sp.configs
	case KindRC:
		return sp.rcs
	}
	return sp.pods
}

func (w *World) lookup(k Kind, ns, name string) *object {
	sp := w.spaces[ns]
	if sp == nil {
		return nil
	}
	return sp.table(k)[name]
}

func (w *World) nextUID() string {
	w.uid++
	return uidOf(w.uid)
}

// uidOf is the UID the World gives its n-th object.
func uidOf(n uint64) string {
	return fmt.Sprintf("00000000-0000-4000-8000-%012d", n)
}

// insertSorted adds name to a sorted list if it is not there.
func insertSorted(list []string, name string) []string {
	i, found := slices.BinarySearch(list, name)
	if found {
		return list
	}
	return slices.Insert(list, i, name)
}

// insertObject adds o to a list sorted by name, replacing an object of
// the same name.
func insertObject(list []*object, o *object) []*object {
	i, found := slices.BinarySearchFunc(list, o.name, byName)
	if found {
		list[i] = o
		return list
	}
	return slices.Insert(list, i, o)
}

// removeObject removes the object named name from a list sorted by name.
func removeObject(list []*object, name string) []*object {
	i, found := slices.BinarySearchFunc(list, name, byName)
	if !found {
		return list
	}
	return slices.Delete(list, i, i+1)
}

func byName(o *object, name string) int { return strings.Compare(o.name, name) }

// removeSorted removes name from a sorted list.
func removeSorted(list []string, name string) []string {
	i, found := slices.BinarySearch(list, name)
	if !found {
		return list
	}
	return slices.Delete(list, i, i+1)
}

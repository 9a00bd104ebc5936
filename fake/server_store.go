package fake

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// objectStore holds the JSON objects a Server executes requests on: its
// own map (NewServer), or a World (World.Client), so that the simulator
// and the tests run requests through one implementation of the API
// server's semantics.
type objectStore interface {
	load(k serverKey) ([]byte, bool)
	// save stores obj under k. A store that holds only objects it can
	// decode (a World) refuses any other with the decode error and
	// stores nothing.
	save(k serverKey, obj []byte) error
	drop(k serverKey)
	// names lists the objects of a resource in a namespace, sorted.
	names(resource, namespace string) []string
	mintUID() string
	mintVersion() string
	// seen makes later versions minted greater than rv.
	seen(rv uint64)
	clock() time.Time
	setClock(t time.Time)
	// recorded is told of every event the server records.
	recorded(e wire.Event)
}

// mapStore is the Server's own store.
type mapStore struct {
	now     time.Time
	objects map[serverKey][]byte
	uids    int
	version uint64
}

func (m *mapStore) load(k serverKey) ([]byte, bool) { b, ok := m.objects[k]; return b, ok }
func (m *mapStore) save(k serverKey, obj []byte) error {
	m.objects[k] = obj
	return nil
}
func (m *mapStore) drop(k serverKey)     { delete(m.objects, k) }
func (m *mapStore) clock() time.Time     { return m.now }
func (m *mapStore) setClock(t time.Time) { m.now = t }
func (m *mapStore) recorded(wire.Event)  {}

func (m *mapStore) names(resource, namespace string) []string {
	var names []string
	for k := range m.objects {
		if k.resource == resource && k.namespace == namespace {
			names = append(names, k.name)
		}
	}
	sort.Strings(names)
	return names
}

func (m *mapStore) mintUID() string {
	m.uids++
	return fmt.Sprintf("00000000-0000-4000-8000-%012d", m.uids)
}

func (m *mapStore) mintVersion() string {
	m.version++
	return strconv.FormatUint(m.version, 10)
}

func (m *mapStore) seen(rv uint64) {
	if rv > m.version {
		m.version = rv
	}
}

// Snapshot decodes what the server holds in namespace into the snapshot
// of the DC named dc, with Now = now and Settings = st: the DC, the RCs
// and pods of the namespace that belong to it (wire.Objects.Snapshot's
// rules). It is how a test or an example reads the server as a
// controller's cache would.
func (s *Server) Snapshot(namespace, dc string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	var objs wire.Objects
	for _, b := range s.Objects(wire.ResourceConfigs, namespace) {
		c, err := wire.DecodeConfig(b)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("fake: snapshot: %w", err)
		}
		objs.Configs = append(objs.Configs, c)
	}
	for _, b := range s.Objects(wire.ResourceRCs, namespace) {
		d, err := wire.DecodeDeployment(b)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("fake: snapshot: %w", err)
		}
		objs.Deployments = append(objs.Deployments, d)
	}
	for _, b := range s.Objects(wire.ResourcePods, namespace) {
		p, err := wire.DecodePod(b)
		if err != nil {
			return dcplan.Snapshot{}, fmt.Errorf("fake: snapshot: %w", err)
		}
		objs.Pods = append(objs.Pods, p)
	}
	return objs.Snapshot(namespace, dc, now, st)
}

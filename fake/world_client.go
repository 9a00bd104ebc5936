package fake

import (
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Client returns an API server over w: a Server whose store is the World
// itself, so that requests (wire.Requests, run by wire.RunPass) change the
// World with the semantics of NewServer's (resourceVersion conflicts,
// AlreadyExists, NotFound, strategic-merge owner patches, the status and
// instantiate subresources), and every write goes through the World's
// versioned store (Watch, lagging reads). Its write log is off; events it
// records go to the World's event log. Faults are injected by the caller
// (Inject), as on any Server. Pods terminate gracefully when
// w.GracefulPodDeletion is set (Server.SetGracefulPodDeletion).
func (w *World) Client() *Server {
	return &Server{store: worldStore{w}, quiet: true, graceful: w.GracefulPodDeletion}
}

// worldStore is a World seen as the store of a Server.
type worldStore struct{ w *World }

// kindOf maps a resource to the World's kind; ok is false for resources
// the World does not hold.
func kindOf(resource string) (Kind, bool) {
	switch resource {
	case wire.ResourceConfigs:
		return KindConfig, true
	case wire.ResourceRCs:
		return KindRC, true
	case wire.ResourcePods:
		return KindPod, true
	}
	return 0, false
}

func (ws worldStore) load(k serverKey) ([]byte, bool) {
	kind, ok := kindOf(k.resource)
	if !ok {
		return nil, false
	}
	return ws.w.Wire(kind, k.namespace, k.name)
}

// save stores obj in the World, which refuses bytes that do not decode
// (put), storing nothing.
func (ws worldStore) save(k serverKey, obj []byte) error {
	if kind, ok := kindOf(k.resource); ok {
		return ws.w.put(kind, k.namespace, k.name, obj)
	}
	return nil
}

func (ws worldStore) drop(k serverKey) {
	kind, ok := kindOf(k.resource)
	if !ok {
		return
	}
	if o := ws.w.lookup(kind, k.namespace, k.name); o != nil && o.current().exists() {
		ws.w.remove(o)
	}
}

func (ws worldStore) names(resource, namespace string) []string {
	kind, ok := kindOf(resource)
	if !ok {
		return nil
	}
	return ws.w.Names(kind, namespace)
}

func (ws worldStore) mintUID() string      { return ws.w.nextUID() }
func (ws worldStore) mintVersion() string  { return ws.w.nextRV() }
func (ws worldStore) clock() time.Time     { return ws.w.Now }
func (ws worldStore) setClock(t time.Time) { ws.w.Now = t }

func (ws worldStore) seen(rv uint64) {
	if rv > ws.w.rv {
		ws.w.rv = rv
	}
}

// recorded logs a server-recorded event in the World's event log.
func (ws worldStore) recorded(e wire.Event) {
	typ := dcplan.EventNormal
	if e.Type == dcplan.EventWarning.String() {
		typ = dcplan.EventWarning
	}
	ws.w.record(dcplan.Event{Object: e.Object, Type: typ, Reason: e.Reason, Message: e.Message})
}

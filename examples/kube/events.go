package kube

import (
	"context"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/scheme"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/tools/record"
)

// eventPipe is the way of one controller's events to the API server when
// no Options.Recorder is given: a client-go event broadcaster, the
// recorder the controller records with, and the broadcaster's sink.
//
// The broadcaster sends the events on a goroutine of its own, one after
// the other in the order they were recorded (with its own retries), and
// its Shutdown drops those it has not sent yet: a process that exits right
// after its last pass would lose that pass's events. flush waits for them.
type eventPipe struct {
	broadcaster record.EventBroadcaster
	recorder    record.EventRecorder
	sink        *markerSink
}

// newEventPipe returns the event pipe of component, sending through kube.
func newEventPipe(kube kubernetes.Interface, component string) *eventPipe {
	sink := &markerSink{EventSink: &typedcorev1.EventSinkImpl{Interface: kube.CoreV1().Events("")}}
	b := record.NewBroadcaster()
	b.StartRecordingToSink(sink)
	return &eventPipe{broadcaster: b, recorder: b.NewRecorder(scheme.Scheme, corev1.EventSource{Component: component}), sink: sink}
}

// flushKind is the involved object's kind of the marker events flush
// records; the sink answers them itself, and they never reach the server.
const flushKind = "dcplan.flush"

// flush waits until the broadcaster has handled every event recorded
// before the call (sent it, or given it up: refused, or out of retries),
// and reports true; false when ctx ends first. It records a marker event
// of its own, which follows them through the broadcaster, and waits for
// the sink to meet it. The marker's object has a uid of its own, so that
// client-go's correlator neither aggregates it nor filters it as spam.
func (p *eventPipe) flush(ctx context.Context) bool {
	uid := uuid.NewUUID()
	met := p.sink.expect(uid)
	defer p.sink.forget(uid)
	p.recorder.Event(&corev1.ObjectReference{Kind: flushKind, Name: string(uid), UID: uid}, corev1.EventTypeNormal, "Flush", "flush")
	select {
	case <-met:
		return true
	case <-ctx.Done():
		return false
	}
}

// markerSink is a record.EventSink that sends events with the sink it
// wraps, except the markers of eventPipe.flush: it closes the channel
// expect returned for one, and sends nothing. A marker is always created:
// its object's uid is new, so the correlator never makes it a patch.
type markerSink struct {
	record.EventSink
	mu      sync.Mutex
	markers map[types.UID]chan struct{}
}

// expect returns the channel closed when the sink meets the marker uid.
func (s *markerSink) expect(uid types.UID) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.markers == nil {
		s.markers = map[types.UID]chan struct{}{}
	}
	ch := make(chan struct{})
	s.markers[uid] = ch
	return ch
}

// forget drops the marker uid.
func (s *markerSink) forget(uid types.UID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.markers, uid)
}

// marker reports whether e is a marker, and closes its channel when it is
// still expected.
func (s *markerSink) marker(e *corev1.Event) bool {
	if e.InvolvedObject.Kind != flushKind {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if ch, ok := s.markers[e.InvolvedObject.UID]; ok {
		close(ch)
		delete(s.markers, e.InvolvedObject.UID)
	}
	return true
}

// Create sends e, unless it is a marker.
func (s *markerSink) Create(e *corev1.Event) (*corev1.Event, error) {
	if s.marker(e) {
		return e, nil
	}
	return s.EventSink.Create(e)
}

package kube_test

import (
	"sync"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	clienttesting "k8s.io/client-go/testing"
)

// lagWatches delays every watch event of resource (on the kube clientset)
// by d: informers of that resource see the server d late, as a slow watch
// or a busy informer does, while the other informers keep up.
func (c *cluster) lagWatches(resource string, d time.Duration) {
	tracker := c.kube.Tracker()
	c.kube.PrependWatchReactor(resource, func(action clienttesting.Action) (bool, watch.Interface, error) {
		var opts metav1.ListOptions
		if wa, ok := action.(clienttesting.WatchActionImpl); ok {
			opts = wa.ListOptions
		}
		w, err := tracker.Watch(action.GetResource(), action.GetNamespace(), opts)
		if err != nil {
			return false, nil, err
		}
		return true, newLagging(w, d), nil
	})
}

// lagging is a watch.Interface that passes on the events of another one,
// each d after it arrived, in order.
type lagging struct {
	w    watch.Interface
	out  chan watch.Event
	stop chan struct{}
	once sync.Once
}

func newLagging(w watch.Interface, d time.Duration) *lagging {
	l := &lagging{w: w, out: make(chan watch.Event), stop: make(chan struct{})}
	type timed struct {
		ev watch.Event
		at time.Time
	}
	buf := make(chan timed, 1000)
	go func() { // stamps events as they arrive
		defer close(buf)
		for ev := range w.ResultChan() {
			select {
			case buf <- timed{ev, time.Now().Add(d)}:
			case <-l.stop:
				return
			}
		}
	}()
	go func() { // passes them on when due
		defer close(l.out)
		for te := range buf {
			select {
			case <-time.After(time.Until(te.at)):
			case <-l.stop:
				return
			}
			select {
			case l.out <- te.ev:
			case <-l.stop:
				return
			}
		}
	}()
	return l
}

func (l *lagging) Stop() {
	l.once.Do(func() { close(l.stop); l.w.Stop() })
}

func (l *lagging) ResultChan() <-chan watch.Event { return l.out }

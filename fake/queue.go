package fake

import (
	"slices"
	"time"
)

// item is a work-queue key: a DC for the DC controller, an RC for the
// deployer controller, a deployer pod for the seed deployer-pod
// controller.
type item struct {
	kind Kind // KindConfig, KindRC or KindPod
	ns   string
	name string
}

func (it item) String() string { return it.kind.String() + "/" + it.ns + "/" + it.name }

// queue is a deduplicating FIFO work queue with delayed adds and a
// per-item requeue count, like client-go's rate-limited queue in virtual
// time: an item already queued is not queued twice.
type queue struct {
	order    []item
	spare    []item // the slice take returned last, reused by the next take
	queued   map[item]bool
	later    []delayed
	requeues map[item]int
	// dualRequeues are the requeue counts of the second controller
	// instance (the Dual fault): another process, with a rate limiter of
	// its own, whose failures do not count against the leader's.
	dualRequeues map[item]int
}

type delayed struct {
	due time.Time
	it  item
}

func newQueue() queue {
	return queue{queued: map[item]bool{}, requeues: map[item]int{}, dualRequeues: map[item]int{}}
}

func (q *queue) add(it item) {
	if q.queued[it] {
		return
	}
	q.queued[it] = true
	q.order = append(q.order, it)
}

// holds reports whether it is queued, now or once the clock reaches the
// time of a delayed add.
func (q *queue) holds(it item) bool {
	return q.queued[it] || slices.ContainsFunc(q.later, func(d delayed) bool { return d.it == it })
}

// addAfter queues it once the clock reaches due.
func (q *queue) addAfter(it item, due time.Time) {
	q.later = append(q.later, delayed{due: due, it: it})
}

// promote queues the delayed items that are due at now, in due order.
func (q *queue) promote(now time.Time) {
	if len(q.later) == 0 {
		return
	}
	slices.SortStableFunc(q.later, func(a, b delayed) int { return a.due.Compare(b.due) })
	n := 0
	for n < len(q.later) && !q.later[n].due.After(now) {
		q.add(q.later[n].it)
		n++
	}
	q.later = slices.Delete(q.later, 0, n)
}

// take removes and returns every queued item, in FIFO order.
func (q *queue) take() []item {
	out := q.order
	q.order, q.spare = q.spare[:0], out
	clear(q.queued)
	return out
}

// reset forgets everything: a controller restart.
func (q *queue) reset() {
	q.order = nil
	clear(q.queued)
	q.later = nil
	clear(q.requeues)
	clear(q.dualRequeues)
}

// counts are the requeue counts of the controller instance ("" for the
// leader, "#2" for the Dual fault's second instance).
func (q *queue) counts(instance string) map[item]int {
	if instance != "" {
		return q.dualRequeues
	}
	return q.requeues
}

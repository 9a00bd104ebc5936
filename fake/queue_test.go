package fake

import (
	"slices"
	"testing"
	"time"
)

// TestQueue pins the work queue's client-go semantics in virtual time: an
// item queued twice is taken once; a delayed item is queued once the clock
// reaches its due time (due at now included), earliest due first; reset,
// a controller restart, forgets the queued, the delayed items and the
// requeue counts.
func TestQueue(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	a, b, c := item{KindConfig, "ns", "a"}, item{KindConfig, "ns", "b"}, item{KindRC, "ns", "c"}
	q := newQueue()
	q.add(a)
	q.add(b)
	q.add(a)
	if got := q.take(); !slices.Equal(got, []item{a, b}) {
		t.Errorf("take after adding a, b, a: %v, want [a b]", got)
	}
	q.add(a) // taken: queued again
	if got := q.take(); !slices.Equal(got, []item{a}) {
		t.Errorf("take after taking a and adding it again: %v, want [a]", got)
	}

	q.addAfter(c, at.Add(2*time.Second))
	q.addAfter(b, at)
	q.addAfter(a, at.Add(time.Second))
	q.promote(at.Add(time.Second))
	if got := q.take(); !slices.Equal(got, []item{b, a}) {
		t.Errorf("promote at +1s of b (due now-1s), a (due now), c (due +1s): took %v, want [b a]", got)
	}
	q.promote(at.Add(2 * time.Second))
	if got := q.take(); !slices.Equal(got, []item{c}) {
		t.Errorf("promote at +2s: took %v, want [c]", got)
	}

	q.add(a)
	q.addAfter(b, at)
	q.requeues[a] = 3
	q.reset()
	q.promote(at.Add(time.Hour))
	if got := q.take(); len(got) != 0 || len(q.requeues) != 0 {
		t.Errorf("after reset: took %v, requeues %v, want none", got, q.requeues)
	}
}

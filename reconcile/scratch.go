package reconcile

import (
	"sync"

	"github.com/dcplan/dcplan"
)

// scratchRCs lends a pass a working copy of an RC list from a pool, so that
// scaling a large history does not allocate a copy of it on every pass.
// The copy lives only while the pass computes its cleanup and status from
// it: what reaches the plan is copied out of it (names, counts, the
// computed status), never a pointer into it. release returns it.
type scratchRCs struct{ buf *[]dcplan.Deployment }

var scratchPool = sync.Pool{New: func() any { return new([]dcplan.Deployment) }}

// borrowCopy returns a scratch copy of rcs.
func borrowCopy(rcs []dcplan.Deployment) (scratchRCs, []dcplan.Deployment) {
	buf := scratchPool.Get().(*[]dcplan.Deployment)
	*buf = append((*buf)[:0], rcs...)
	return scratchRCs{buf}, *buf
}

// release clears the copy (so that the pool holds nothing of the snapshot)
// and returns it to the pool.
func (s scratchRCs) release() {
	clear(*s.buf)
	*s.buf = (*s.buf)[:0]
	scratchPool.Put(s.buf)
}

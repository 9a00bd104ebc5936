package jsontree

import "sync"

// Scratch returns a buffer from the scratch pool, to render into and give
// back with PutScratch (or ExactCopy). What is rendered into it must be
// copied out before it goes back, so nothing of one use reaches another.
func Scratch() *[]byte { return scratchPool.Get().(*[]byte) }

// PutScratch gives buf back to the scratch pool.
func PutScratch(buf *[]byte) {
	if cap(*buf) <= 1<<20 { // keep no giant buffer alive in the pool
		scratchPool.Put(buf)
	}
}

// ExactCopy returns a copy of *buf, scratch from Scratch, at its exact
// size (so that a value kept for long holds no slack of a grown buffer),
// and gives buf back to the pool.
func ExactCopy(buf *[]byte) []byte {
	out := make([]byte, len(*buf))
	copy(out, *buf)
	PutScratch(buf)
	return out
}

var scratchPool = sync.Pool{New: func() any { return new([]byte) }}

package explore

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"slices"
)

// A move's outcome is a function of the bytes it reads: the node's
// objects (and, for a stale read, the earlier value of the object read
// stale), the deployer's requeue count, the DC controller's expectations
// and the move itself. Nodes that hold the same of those and differ only
// in their budgets, or in the earlier world kept for other stale reads,
// make the move alike; the second and later are given the first's
// outcome rather than making it again. The move's properties were judged
// where it was first made (a violation is reported once, with the
// shortest trace, which breadth-first order gives the first), and the
// node it reaches is added as always, so the search's states,
// transitions and violations do not depend on whether an outcome was
// recalled.

// recalls reports whether the search keeps the outcome of m and of the
// moves like it. Only a search with a stale read in its budget does: the
// earlier world is part of a node's identity there, so one world is held
// by many nodes, and 55-60 % of their moves repeat one made before
// (measured on the CI bounds); elsewhere 7-18 % do, and keeping every
// outcome cost more than making those moves again (a 1.4-million-move
// search without a stale read ran 20 % slower with its outcomes kept).
// Only moves that plan are kept: a kubelet move, an edit, `oc scale` or
// `oc delete` is a memoized edit of one object, as cheap to make again as
// to recall.
func (s *search) recalls(m Move) bool {
	if s.opts.Stale == 0 {
		return false
	}
	return m.Actor.controller() || m.Actor == ActorUser && !directEdit(m.Target)
}

// outcome is what a move did, kept small: the world after as the objects
// it changed.
type outcome struct {
	refused                    bool
	err                        error // a world that did not decode
	changed                    []change
	expect                     []string
	requeue, passes, attempted int32
	passErr                    error
}

// change is one object a move wrote (b nil: deleted).
type change struct {
	key string
	b   []byte
}

// recallLimit bounds one generation of outcomes: a full generation
// becomes the old one, and the one before it is dropped, so a search
// holds at most twice this many (a few hundred MB). The CI searches make
// fewer planning moves than one generation holds; a deeper one forgets
// the oldest outcomes, which costs it only the moves made again.
const recallLimit = 1 << 20

// recall holds the outcomes of a search's moves by moveKey, in two
// generations.
type recall struct {
	cur, old map[hash]outcome
	buf      []byte
}

// moveKey is the identity of move m out of n: the exact bytes it reads
// (by their blob's SHA-256, resource versions included), m, and n's
// requeue count and expectations.
func (r *recall) moveKey(n *node, m Move) hash {
	b := r.buf[:0]
	for _, k := range n.objs.Keys() {
		b = append(b, k...)
		b = append(b, '=')
		e := blobOf(n.objs[k]).exact
		b = append(b, e[:]...)
	}
	b = append(b, 0)
	if m.Stale != "" {
		if p, ok := n.prev[m.Stale]; ok {
			e := blobOf(p).exact
			b = append(b, e[:]...)
		}
		b = append(b, 0)
	}
	b = append(b, byte(m.Actor), byte(m.Fault))
	b = binary.AppendVarint(b, int64(m.At))
	b = binary.AppendVarint(b, int64(n.rq[m.Target]))
	text := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	text(m.Target)
	text(m.To)
	text(m.Stale)
	for _, e := range n.expect {
		text(e)
	}
	r.buf = b
	return sha256.Sum256(b)
}

// made is what apply answered for a move: its step and error.
type made struct {
	step Step
	err  error
}

// get returns what apply answered for the move recorded under k, made out
// of before, and whether one was recorded.
func (r *recall) get(k hash, before Objects) (made, bool) {
	o, ok := r.cur[k]
	if !ok {
		if o, ok = r.old[k]; !ok {
			return made{}, false
		}
	}
	if o.refused || o.err != nil {
		return made{err: o.err}, true
	}
	after := before
	if len(o.changed) > 0 {
		after = before.clone()
		for _, c := range o.changed {
			if c.b == nil {
				delete(after, c.key)
			} else {
				after[c.key] = c.b
			}
		}
	}
	return made{step: Step{Before: before, After: after, Expect: o.expect, Requeue: int(o.requeue), Passes: int(o.passes),
		Attempted: int(o.attempted), Err: o.passErr, recalled: true}}, true
}

// put records under k the outcome of the move that made step (err from
// apply).
func (r *recall) put(k hash, step Step, err error) {
	if r.cur == nil || len(r.cur) >= recallLimit {
		r.old, r.cur = r.cur, map[hash]outcome{}
	}
	o := outcome{refused: errors.Is(err, errRefused), err: err}
	if err == nil {
		o.expect, o.passErr = slices.Clip(step.Expect), step.Err
		o.requeue, o.passes, o.attempted = int32(step.Requeue), int32(step.Passes), int32(step.Attempted)
		// The changes touch distinct keys: their order does not matter.
		for k, b := range step.After {
			if a, ok := step.Before[k]; !ok || !bytes.Equal(a, b) {
				o.changed = append(o.changed, change{k, b})
			}
		}
		for k := range step.Before {
			if _, ok := step.After[k]; !ok {
				o.changed = append(o.changed, change{key: k})
			}
		}
	}
	r.cur[k] = o
}

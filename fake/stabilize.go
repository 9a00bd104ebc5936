package fake

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dcplan/dcplan"
)

// ErrNoConvergence is returned when the world does not come to rest within
// the passes allowed.
var ErrNoConvergence = errors.New("fake: no convergence")

// maxQuiesceTicks bounds how long the pod model may run between passes.
const maxQuiesceTicks = 100000

// Stabilize runs full passes with every fault off (restored afterwards)
// until the world is at rest (Stable), and returns how many passes it
// took: 0 when it already was. Each pass queues every DC and every RC
// carrying the config-name annotation (as a relist does, SPEC 4.7: an RC
// without it is queued only by its pods' changes, and is at rest unless
// queued), runs the DC controller over every DC and the deployer
// controller over every queued RC (and, with SeedPodController, the seed
// deployer-pod controller over
// every deployer pod), then lets the pod model run (advancing the clock a tick at a time) until
// no deployer pod runs and every RC's status matches its spec, so the next
// pass sees a world at physical rest. After maxPasses passes it gives up with
// an error wrapping ErrNoConvergence. A world with a DC the planners
// cannot read (its snapshot does not build or is invalid, as with
// invalid Settings) is never at rest: Stabilize returns, without running
// a pass on it, an error wrapping ErrUnreadable and the cause, naming the
// DC. A negative maxPasses is refused with an error, before anything runs.
func (s *Sim) Stabilize(maxPasses int) (int, error) {
	if maxPasses < 0 {
		return 0, fmt.Errorf("fake: Stabilize: maxPasses %d is negative", maxPasses)
	}
	saved := s.Faults
	s.Faults = Faults{}
	defer func() { s.Faults = saved }()
	s.dups = nil
	for pass := 0; ; pass++ {
		rest, err := s.rest()
		if err != nil {
			return pass, fmt.Errorf("fake: Stabilize: %w", err)
		}
		if rest {
			return pass, nil
		}
		if pass == maxPasses {
			return pass, fmt.Errorf("%w after %d passes (%d rcs)", ErrNoConvergence, pass, s.countRCs())
		}
		s.resyncAll()
		s.steps++
		s.dcq.promote(s.now)
		s.rcq.promote(s.now)
		s.podq.promote(s.now)
		s.processAhead(s.dcq.take(), func(it item) bool {
			s.process(it)
			return true
		})
		s.processAhead(s.rcq.take(), func(it item) bool {
			s.process(it)
			// A deployer waiting for a missing Pending pod is retried by
			// the rate limiter within milliseconds, until willBeDropped
			// (SPEC 4.3.pending.1): well inside one pass.
			for s.rcq.queued[it] && s.waitingForDeployer(it) {
				s.rcq.order = slices.DeleteFunc(s.rcq.order, func(x item) bool { return x == it })
				delete(s.rcq.queued, it)
				s.process(it)
			}
			return true
		})
		for _, it := range s.podq.take() { // SeedPodController only
			s.process(it)
		}
		if err := s.quiesce(); err != nil {
			return pass + 1, err
		}
	}
}

// processAhead runs process over items in order, aheadChunk at a time,
// decoding the objects of each chunk ahead on every core (decodeAhead).
// It stops at the first item process returns false for, and reports
// whether there was none.
func (s *Sim) processAhead(items []item, process func(item) bool) bool {
	defer s.world.dropAhead()
	for start := 0; start < len(items); start += aheadChunk {
		chunk := items[start:min(start+aheadChunk, len(items))]
		s.aheadObjs = s.world.itemObjects(s.aheadObjs[:0], chunk)
		s.world.decodeAhead(s.aheadObjs, s.world.seq)
		clear(s.aheadObjs)
		for _, it := range chunk {
			if !process(it) {
				return false
			}
		}
		s.world.dropAhead()
	}
	return true
}

// waitingForDeployer reports whether the last pass over an RC item ended
// waiting for its deployer pod (dcplan.WaitDeployer).
func (s *Sim) waitingForDeployer(it item) bool {
	return s.lastWait[it] == dcplan.WaitDeployer
}

// quiesce advances the clock until the pod model is idle.
func (s *Sim) quiesce() error {
	for i := 0; !s.model.idle(); i++ {
		if i == maxQuiesceTicks {
			return fmt.Errorf("%w: pod model still busy after %d ticks", ErrNoConvergence, i)
		}
		s.Advance(s.opts.Tick)
	}
	return nil
}

func (s *Sim) countRCs() int {
	n := 0
	for _, ns := range s.world.nsList {
		n += len(s.world.Names(KindRC, ns))
	}
	return n
}

// LivenessBound is the number of passes within which a world must come to
// rest once faults stop: 2 × RCs + 5 (two passes per RC, cancel then
// fail, plus a whole rollout).
func LivenessBound(rcs int) int { return 2*rcs + 5 }

// Liveness turns every fault off and checks that the world comes to rest
// within LivenessBound(RCs) passes (see Stabilize); the error wraps
// ErrNoConvergence, or ErrUnreadable for a world the planners cannot read.
func Liveness(s *Sim) error {
	bound := LivenessBound(s.countRCs())
	n, err := s.Stabilize(bound)
	if err != nil {
		return fmt.Errorf("liveness (bound %d): %w", bound, err)
	}
	_ = n
	return nil
}

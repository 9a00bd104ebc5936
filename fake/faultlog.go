package fake

import (
	"fmt"
	"time"
)

// FaultRecord is one fault the simulator injected: one "fault" line of
// the trace.
type FaultRecord struct {
	// At is the virtual clock when it happened; for a clock jump, the
	// clock after the jump.
	At time.Time
	// Kind is the fault's name as ParseFaults spells it: conflict,
	// servererror, crash, lose, dup, deletepod, squat, scale, edit, user,
	// clock, dual, deletedc, forbidden or timeout.
	Kind string
	// Jump is how far a clock fault moved the clock (negative:
	// backwards); zero for the other kinds.
	Jump time.Duration
	// What says what happened, as the trace prints it after "fault ",
	// e.g. "delete pod/shop/frontend-2-deploy".
	What string
}

// FaultLog returns the faults injected so far, oldest first: the random
// draws of Faults, and the fault methods (ScaleRC, DeleteDeployerPod,
// Squat, JumpClock) called directly. It is nil with Options.Quiet. The
// caller must not modify it.
func (s *Sim) FaultLog() []FaultRecord { return s.faults }

// fault traces a fault line and appends it to the fault log.
func (s *Sim) fault(kind string, jump time.Duration, format string, args ...any) {
	what := fmt.Sprintf(format, args...)
	s.trace.add(s.offset(), "fault %s", what)
	if !s.opts.Quiet {
		s.faults = append(s.faults, FaultRecord{At: s.now, Kind: kind, Jump: jump, What: what})
	}
}

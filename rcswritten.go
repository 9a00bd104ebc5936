package dcplan

import "iter"

// RCsWritten yields the names of the RCs the plan writes, in plan order,
// once per action: those it adopts or releases, creates, cancels, scales,
// moves to another phase (Transition) or deletes. A pass writes an RC at
// most once: a second update would carry the resourceVersion the first
// made stale and meet Conflict (SPEC 13), so a planner that merges two
// controllers' passes leaves to the next pass the RCs the first already
// writes.
func (p Plan) RCsWritten() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, a := range p.Adopt {
			if !yield(a.RC) {
				return
			}
		}
		for _, a := range p.Release {
			if !yield(a.RC) {
				return
			}
		}
		for _, a := range p.CreateRCs {
			if !yield(a.Deployment.Name) {
				return
			}
		}
		for _, a := range p.Cancels {
			if !yield(a.RC) {
				return
			}
		}
		for _, a := range p.Scales {
			if !yield(a.RC) {
				return
			}
		}
		for _, a := range p.Transitions {
			if !yield(a.RC) {
				return
			}
		}
		for _, a := range p.DeleteRCs {
			if !yield(a.RC) {
				return
			}
		}
	}
}

// WritesRC reports whether the plan writes the RC named rc (see
// RCsWritten): a planner that merges two controllers' passes leaves that
// RC to the next pass.
func (p Plan) WritesRC(rc string) bool {
	for w := range p.RCsWritten() {
		if w == rc {
			return true
		}
	}
	return false
}

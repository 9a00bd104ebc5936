package fake

import "github.com/dcplan/dcplan"

// record appends an event to the World's log, with the World's time.
func (w *World) record(e dcplan.Event) {
	w.events = append(w.events, Recorded{Time: w.Now, Event: e})
	if w.keepEvents > 0 && len(w.events) > 2*w.keepEvents {
		w.events = append(w.events[:0], w.events[len(w.events)-w.keepEvents:]...)
	}
}

// phaseText names a phase in messages ("" for the unknown one, quoted).
func phaseText(p dcplan.Phase) string {
	if p == dcplan.PhaseUnknown {
		return `""`
	}
	return p.String()
}

package explore

import (
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// Every pass plans at fake.Epoch, so the explorer models time passing the
// other way round: a clock move (ActorClock) moves every timestamp the
// world holds back by the move's span, which leaves each object as old,
// seen from the fixed now, as it would be had the clock moved forward.
// Nothing but time changes: no object gets a new resourceVersion, and a
// write from a read before the move does not conflict.

// clockSpans are the spans of the clock moves out of w, shortest first:
// for each distinct New-phase timeout (SPEC 4.3.new.3) of an RC still New,
// counted from its creation or its retry as phase.Step counts it, the
// span that takes the clock one second past it. None when no RC is New
// with a timeout still ahead (a clock move would change nothing a
// planner reads but condition times). RCs whose timeouts differ (their
// strategies' timeoutSeconds, a retry) get a move each, so that a trace
// can reach the world where the first has timed out and the next has
// not.
func clockSpans(w World) []time.Duration {
	var spans []time.Duration
	for _, d := range w.Deployments {
		if d.Phase != dcplan.PhaseNew || d.Encoded == nil {
			continue
		}
		t := phase.TimeoutSeconds(d.Encoded.Strategy)
		if t <= 0 {
			continue
		}
		start := d.CreationTime
		if d.RetriedAt.After(start) {
			start = d.RetriedAt
		}
		if start.IsZero() {
			continue
		}
		// From now (Epoch) the timeout passes after t seconds less the
		// RC's age; one second more and it has passed. A move names
		// whole seconds, so a start with a fraction (a retried-at
		// annotation may carry one) rounds the span up, not down, lest
		// the RC fall just short of its timeout.
		left := start.Add(time.Duration(t)*time.Second).Sub(fake.Epoch) + time.Second
		if left > 0 {
			if f := left % time.Second; f != 0 {
				left += time.Second - f
			}
			spans = append(spans, left)
		}
	}
	slices.Sort(spans)
	return slices.Compact(spans)
}

// clockMove is the clock move of span d.
func clockMove(d time.Duration) Move {
	return Move{Actor: ActorClock, Target: strconv.FormatInt(int64(d/time.Second), 10) + "s"}
}

// clockSpanOf is the span a clock move names (its Target, in seconds).
func clockSpanOf(m Move) (time.Duration, bool) {
	d, err := time.ParseDuration(m.Target)
	return d, err == nil && d > 0
}

// timestamp matches a timestamp as the server and the planners write
// them (RFC 3339, whole seconds, UTC), in an object and in an RC's
// encoded DC alike.
var timestamp = regexp.MustCompile(`[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z`)

// annotationTime matches a deployer timestamp annotation's value
// (wire.AnnotationTimeLayout: created-at, started-at, completed-at, and
// the retried-at Modern counts a retry's New-phase timeout from).
var annotationTime = regexp.MustCompile(`[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)? [+-][0-9]{4} [A-Z]+`)

// aged returns o with every timestamp moved back by d (nil for nil).
func aged(o Objects, d time.Duration) Objects {
	if o == nil {
		return nil
	}
	out := make(Objects, len(o))
	for k, b := range o {
		out[k] = derive(b, "aged "+d.String(), func() []byte { return intern(agedBytes(b, d)) })
	}
	return out
}

// agedBytes is b with every timestamp moved back by d.
func agedBytes(b []byte, d time.Duration) []byte {
	rfc3339 := func(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }
	b = shift(b, timestamp, d, rfc3339, func(t time.Time) string { return t.Format(time.RFC3339) })
	return shift(b, annotationTime, d, wire.ParseAnnotationTime, wire.FormatAnnotationTime)
}

// shift moves back by d every time in b that re matches, read by parse
// and written back by format (a match parse refuses stays).
func shift(b []byte, re *regexp.Regexp, d time.Duration, parse func(string) (time.Time, error), format func(time.Time) string) []byte {
	return re.ReplaceAllFunc(b, func(ts []byte) []byte {
		t, err := parse(string(ts))
		if err != nil {
			return ts
		}
		return []byte(format(t.Add(-d)))
	})
}

package history

import (
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/dcplan/dcplan/internal/ages"
)

// describeEvents writes rule 6 of DescribeConfig, kubectl's events table
// of the last maxDescribedEvents events as oc picks them (the last ones
// listed, newest listed first), then sorted by last-seen time (a stable
// sort, as kubectl's insertion sort of so few is):
//
//	Events:
//	  Type	Reason	Age	From	Message
//	  ----	------	----	----	-------
//	  <type>	<reason>	<age>	<from>	<message, trimmed>
//
// the age being the first-seen age, or `<last> (x<count> over <first>)`
// for a series (its count and last observed time, whatever the count) or
// an event seen more than once (ages.Short, `<unknown>` for a zero
// time), the message after `<field path>: ` when the event names one;
// `Events:\t<none>` when there are none. Each row is escaped for a
// terminal as DescribePodTemplate's text is: ESC prints as `^[`, CR as
// `\r`.
func describeEvents(w *tabwriter.Writer, events []DescribedEvent, now time.Time) {
	if len(events) == 0 {
		writeString(w, "Events:\t<none>\n")
		return
	}
	picked := slices.Clone(events[max(0, len(events)-maxDescribedEvents):])
	slices.Reverse(picked)
	slices.SortStableFunc(picked, func(a, b DescribedEvent) int { return a.Last.Compare(b.Last) })
	writeString(w, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n")
	for _, e := range picked {
		age := eventAge(e.First, now)
		switch {
		case e.Series != nil:
			age = eventAge(e.Series.LastObserved, now) + " (x" + strconv.Itoa(int(e.Series.Count)) + " over " + age + ")"
		case e.Count > 1:
			age = eventAge(e.Last, now) + " (x" + strconv.Itoa(int(e.Count)) + " over " + age + ")"
		}
		msg := strings.TrimSpace(e.Message)
		if e.FieldPath != "" {
			msg = e.FieldPath + ": " + msg
		}
		// Every write of kubectl's PrefixWriter goes through cli-runtime's
		// WriteEscaped (ESC as ^[, CR as \r), events included (SPEC 6m.8.6).
		writeString(w, terminalEscaper.Replace("  "+e.Type+"\t"+e.Reason+"\t"+age+"\t"+e.From+"\t"+msg+"\n"))
	}
}

// eventAge is kubectl's translateTimestampSince: `<unknown>` for the zero
// time, else the short age of t at now.
func eventAge(t, now time.Time) string {
	if t.IsZero() {
		return "<unknown>"
	}
	return ages.Short(now.Sub(t))
}

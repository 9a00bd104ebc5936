package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/history"
)

// Time in the timeline is run time: how long the simulator has run
// (ticks and waits), which never goes backwards. The clock fault moves
// the clock the controllers read (Sim.Now) without the simulator running,
// forward by up to two hours or back by up to a minute; the timeline
// prints each jump as a fault and keeps the skew, the sum of the jumps,
// so that clock = start + run time + skew.

// markKind is what a mark on the timeline is.
type markKind uint8

// The kinds of marks, in the order the legend lists them.
const (
	markUser  markKind = iota + 1 // an operator command
	markPhase                     // an RC changed phase
	markEvent                     // a Normal event
	markWarn                      // a Warning event
	markFault                     // an injected fault
	markError                     // a command refused or failed
)

// mark is one line of the text timeline that is not a replica count.
type mark struct {
	at    time.Duration // run time
	kind  markKind
	rc    string // the RC of a phase mark
	fault string // the fake.FaultRecord kind of a fault mark
	text  string // the line, without the stamp
}

// rcState is one RC as one look saw it.
type rcState struct {
	phase     dcplan.Phase
	cancelled bool
	spec      int32
	available int32
}

// label is the phase as the timeline prints it.
func (r rcState) label() string {
	if r.cancelled {
		return r.phase.String() + " (cancelled)"
	}
	return r.phase.String()
}

// sample is the state of every RC at one look; rcs is indexed like
// timeline.rcs, absent RCs (not yet created, or pruned) have ok false.
type sample struct {
	at  time.Duration
	rcs []optState
}

// optState is an rcState that may be absent.
type optState struct {
	rcState
	ok bool
}

// timeline watches the simulator, prints what changed since the last
// look, and records it for the SVG and HTML renderers.
type timeline struct {
	w     io.Writer
	s     *fake.Sim
	title string
	start time.Time
	// end is the run time the story ended at.
	end time.Duration
	// skew is the sum of the clock jumps so far.
	skew time.Duration

	rcs    []string // every RC seen, in order of version
	last   map[string]rcState
	reason map[string]string // the status-reason annotation last seen
	// uid is the uid each RC name last had: an RC deleted and created
	// again under its name (its DC deleted and created again) is a new
	// RC, not a phase change of the old one.
	uid     map[string]string
	counts  string
	events  int
	faults  int
	samples []sample
	marks   []mark
	// unsettled is the error of the last run toward rest that did not
	// reach it (nil once one did).
	unsettled error
}

func newTimeline(w io.Writer, s *fake.Sim) *timeline {
	return &timeline{w: w, s: s, start: s.Now(), last: map[string]rcState{}, reason: map[string]string{}, uid: map[string]string{}}
}

// now returns the run time.
func (t *timeline) now() time.Duration { return t.s.Now().Sub(t.start) - t.skew }

// stamp formats a run time as mm:ss, h:mm:ss from one hour.
func stamp(d time.Duration) string {
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}

// emit prints one line at the current run time and records it.
func (t *timeline) emit(kind markKind, rc, format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	at := t.now()
	fmt.Fprintf(t.w, "%s  %s\n", stamp(at), text)
	t.marks = append(t.marks, mark{at: at, kind: kind, rc: rc, text: text})
}

// look prints, since the last look: the injected faults, phase changes
// (with the cause an RC was created for and the reason it ended, each
// labelled), the replica line when it changed, and new events.
func (t *timeline) look() {
	t.lookFaults()
	t.lookRCs()
	t.lookEvents()
}

// lookRCs prints the changes of the DC's RCs and of their replica counts
// since the last look, and samples them for the drawings; nothing while
// the DC is gone (a deletedc fault), its RCs with it.
func (t *timeline) lookRCs() {
	snap, err := t.s.World().Snapshot(ns, dc, t.s.Now(), dcplan.Settings{})
	if err != nil {
		return
	}
	rcs := history.Sorted(snap.Deployments)
	for _, d := range rcs {
		if !slices.Contains(t.rcs, d.Name) {
			t.rcs = append(t.rcs, d.Name)
		}
	}
	cur := sample{at: t.now(), rcs: make([]optState, len(t.rcs))}
	var counts []string
	for _, d := range rcs {
		st := rcState{phase: d.Phase, cancelled: d.Cancelled, spec: int32(d.Replicas), available: int32(d.AvailableReplicas)}
		cur.rcs[slices.Index(t.rcs, d.Name)] = optState{st, true}
		old, seen := t.last[d.Name]
		seen = seen && t.uid[d.Name] == d.UID
		switch {
		case !seen:
			line := fmt.Sprintf("%s: created %s", d.Name, st.label())
			if d.Reason != "" {
				line += "; cause: " + d.Reason
			}
			t.emit(markPhase, d.Name, "%s", line)
		case old.label() != st.label():
			line := fmt.Sprintf("%s: %s -> %s", d.Name, old.label(), st.label())
			if d.Reason != t.reason[d.Name] && d.Reason != "" {
				line += "; reason: " + d.Reason
			} else if why := podFailure(snap, d); why != "" {
				line += "; " + why
			}
			t.emit(markPhase, d.Name, "%s", line)
		}
		t.last[d.Name], t.reason[d.Name], t.uid[d.Name] = st, d.Reason, d.UID
		counts = append(counts, fmt.Sprintf("%s=%d/%d", d.Name, d.AvailableReplicas, d.Replicas))
	}
	t.samples = append(t.samples, cur)
	c := strings.Join(counts, " ")
	if c == "" && t.counts != "" {
		c = "no RCs" // the DC's RCs deleted with it; none yet is no news
	}
	if c != t.counts {
		fmt.Fprintf(t.w, "%s  replicas (available/spec): %s\n", stamp(cur.at), c)
		t.counts = c
	}
}

// lookEvents prints the events recorded since the last look, whether or
// not the DC is there: a controller's events of the moment its DC was
// deleted print at that moment, not once a DC of the name is back.
func (t *timeline) lookEvents() {
	evs := t.s.World().Events()
	for _, e := range evs[t.events:] {
		kind := markEvent
		if e.Event.Type == dcplan.EventWarning {
			kind = markWarn
		}
		t.emit(kind, "", "event %s %s: %s", e.Event.Type, e.Event.Reason, e.Event.Message)
	}
	t.events = len(evs)
}

// podFailure says why an RC failed when its status-reason did not change
// (the deployer controller writes none when the deployer pod fails): its
// deployer pod's phase.
func podFailure(s dcplan.Snapshot, d dcplan.Deployment) string {
	if d.Phase != dcplan.PhaseFailed {
		return ""
	}
	name := dcplan.DeployerPodName(d.Name)
	for _, p := range s.Pods {
		if p.Name == name && p.Phase == dcplan.PodFailed {
			return "deployer pod " + name + " failed"
		}
	}
	return ""
}

// lookFaults prints the faults injected since the last look.
func (t *timeline) lookFaults() {
	log := t.s.FaultLog()
	// The controllers' clock has already moved by every jump of this step:
	// take them all into the skew first, so that every line of the step,
	// before or after its jump, is stamped with the same run time.
	running := t.skew // the skew before this step's jumps, for their lines
	for _, f := range log[t.faults:] {
		if f.Kind == "clock" {
			t.skew += f.Jump
		}
	}
	for _, f := range log[t.faults:] {
		if f.Kind == "clock" {
			running += f.Jump
			t.emit(markFault, "", "fault clock: the controllers' clock jumps %s (now %s run time)", signed(f.Jump), skewText(running))
		} else {
			// The trace's "user:" prefix says who acts; here "fault" does.
			what := strings.TrimPrefix(strings.TrimPrefix(f.What, "user:edit "), "user:")
			t.emit(markFault, "", "fault %s: %s", f.Kind, what)
		}
		t.marks[len(t.marks)-1].fault = f.Kind
	}
	t.faults = len(log)
}

// signed prints a duration with its sign.
func signed(d time.Duration) string {
	if d < 0 {
		return d.String()
	}
	return "+" + d.String()
}

// skewText says how far the controllers' clock is from run time.
func skewText(d time.Duration) string {
	switch {
	case d > 0:
		return d.String() + " ahead of"
	case d < 0:
		return (-d).String() + " behind"
	}
	return "equal to"
}

// run steps the simulator until done reports true or the world is at
// rest (done == nil), at most max steps, printing the timeline. Toward
// rest, it ends with fake.Sim.Stabilize, whose error, if the world does
// not come to rest even so, it keeps in t.unsettled.
func (t *timeline) run(max int, done func() bool) {
	for range max {
		t.s.Run(1)
		t.look()
		if done != nil && done() {
			return
		}
		if done == nil && t.s.Faults == (fake.Faults{}) && t.s.Stable() {
			t.unsettled = nil
			return
		}
	}
	if done == nil {
		_, t.unsettled = t.s.Stabilize(50)
		if t.unsettled == nil {
			t.look()
		}
	}
}

// user prints an operator action and runs it.
func (t *timeline) user(cmd string, op func() error) {
	t.emit(markUser, "", "$ %s", cmd)
	if err := op(); err != nil {
		t.emit(markError, "", "  error: %s", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	t.look()
}

func (t *timeline) phase(rc string) dcplan.Phase {
	d, _ := t.s.World().Deployment(ns, rc)
	return d.Phase
}

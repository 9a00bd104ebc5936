package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dcplan/dcplan"
)

// The drawing's geometry, in SVG user units (pixels).
const (
	svgWidth   = 1200
	plotLeft   = 140 // room for the lane labels
	plotRight  = 40
	plotWidth  = svgWidth - plotLeft - plotRight
	cmdTop     = 92  // the strip of operator commands
	chartTop   = 138 // the replica chart
	chartH     = 190
	laneGap    = 28 // between the chart and the lanes
	laneH      = 16
	laneStep   = 22
	axisHeight = 46
)

// rcColours tell the RCs apart (colour-blind-safe Tableau 10); the
// version picks one, so an RC keeps its colour from run to run.
var rcColours = []string{"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#e15759", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac"}

// phaseColours fill the phase bands.
var phaseColours = map[dcplan.Phase]string{
	dcplan.PhaseNew:      "#d9d9d9",
	dcplan.PhasePending:  "#ffe08a",
	dcplan.PhaseRunning:  "#9ecae9",
	dcplan.PhaseComplete: "#a6dba0",
	dcplan.PhaseFailed:   "#f4a5a5",
}

// phaseOrder is the legend's order of phases.
var phaseOrder = []dcplan.Phase{dcplan.PhaseNew, dcplan.PhasePending, dcplan.PhaseRunning, dcplan.PhaseComplete, dcplan.PhaseFailed}

// svgWriter accumulates the drawing.
type svgWriter struct {
	b   bytes.Buffer
	end time.Duration // run time at the right edge
}

// x maps a run time to the horizontal coordinate.
func (w *svgWriter) x(at time.Duration) float64 {
	return plotLeft + float64(plotWidth)*float64(at)/float64(w.end)
}

// f formats a coordinate: one decimal, so the output is stable.
func f(v float64) string { return fmt.Sprintf("%.1f", v) }

// esc escapes text for XML character data and attribute values.
func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

func (w *svgWriter) printf(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// svg draws the timeline: a strip of operator commands, the replicas of
// every RC over run time (available as a line over a light area, spec
// dashed), one lane of phase bands per RC, a lane of events and one of
// injected faults, the time axis and a legend. Every mark has a <title>
// tooltip with its timeline line. The output depends only on what was
// recorded, so a seed gives the same bytes.
func (t *timeline) svg() []byte {
	end := t.end
	if n := len(t.samples); n > 0 {
		end = max(end, t.samples[n-1].at)
	}
	w := &svgWriter{end: max(end, time.Second)}
	lanesTop := chartTop + chartH + laneGap
	eventsY := lanesTop + len(t.rcs)*laneStep
	groups := t.faultGroups()
	faultsY := eventsY + laneStep
	axisY := faultsY + max(len(groups), 1)*laneStep + 6
	height := axisY + axisHeight

	w.printf(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	w.printf(`<title>dcplan rollout: %s</title>`+"\n", esc(t.title))
	w.printf(`<defs><pattern id="cancelled" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
		`<rect width="2.5" height="6" fill="#555" fill-opacity="0.45"/></pattern></defs>` + "\n")
	w.printf(`<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, height)
	w.printf(`<text x="%d" y="22" font-size="16" font-weight="bold">dc/%s/%s rollout timeline</text>`+"\n", plotLeft, ns, dc)
	w.printf(`<text x="%d" y="40" fill="#555">%s</text>`+"\n", plotLeft, esc(t.title))
	t.svgLegend(w)
	t.svgGrid(w, axisY)
	t.svgCommands(w, axisY)
	t.svgReplicas(w)
	t.svgLanes(w, lanesTop, eventsY, faultsY, groups)
	w.printf("</svg>\n")
	return w.b.Bytes()
}

// svgLegend explains the lines, bands and marks.
func (t *timeline) svgLegend(w *svgWriter) {
	x := float64(plotLeft)
	y := 62.0
	item := func(swatch string, label string, width float64) {
		w.printf(`<g transform="translate(%s,%s)">%s<text x="22" y="4">%s</text></g>`+"\n", f(x), f(y), swatch, esc(label))
		x += width
	}
	item(`<line x1="0" y1="0" x2="16" y2="0" stroke="#333" stroke-width="2"/>`, "available replicas", 130)
	item(`<line x1="0" y1="0" x2="16" y2="0" stroke="#333" stroke-width="1.5" stroke-dasharray="4 3"/>`, "spec replicas", 105)
	for _, p := range phaseOrder {
		item(fmt.Sprintf(`<rect x="0" y="-6" width="16" height="12" fill="%s"/>`, phaseColours[p]), p.String(), 30+7*float64(len(p.String())))
	}
	item(`<rect x="0" y="-6" width="16" height="12" fill="#9ecae9"/><rect x="0" y="-6" width="16" height="12" fill="url(#cancelled)"/>`, "cancelled", 85)
	item(`<circle cx="8" cy="0" r="4" fill="#777"/>`, "event", 60)
	item(`<circle cx="8" cy="0" r="4" fill="#e8590c"/>`, "warning", 72)
	item(`<path d="M8,-6 L14,0 L8,6 L2,0 Z" fill="#c92a2a"/>`, "fault", 60)
	item(`<path d="M2,-5 L14,-5 L8,4 Z" fill="#222"/>`, "command", 0)
	w.printf(`<text x="%d" y="82" fill="#555">Hover a mark or band for its timeline line. Time is run time: a clock fault moves the controllers' clock, not this axis.</text>`+"\n", plotLeft)
}

// tickStep picks a round interval that gives at most about a dozen ticks.
func tickStep(end time.Duration) time.Duration {
	for _, s := range []time.Duration{10 * time.Second, 30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute,
		10 * time.Minute, 15 * time.Minute, 30 * time.Minute, time.Hour, 2 * time.Hour} {
		if end/s <= 12 {
			return s
		}
	}
	return 4 * time.Hour
}

// svgGrid draws the vertical grid lines and the time axis.
func (t *timeline) svgGrid(w *svgWriter, axisY int) {
	step := tickStep(w.end)
	w.printf(`<g stroke="#e6e6e6">`)
	for at := time.Duration(0); at <= w.end; at += step {
		w.printf(`<line x1="%s" y1="%d" x2="%s" y2="%d"/>`, f(w.x(at)), chartTop, f(w.x(at)), axisY)
	}
	w.printf("</g>\n")
	w.printf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", plotLeft, axisY, svgWidth-plotRight, axisY)
	w.printf(`<g text-anchor="middle" fill="#333">`)
	for at := time.Duration(0); at <= w.end; at += step {
		w.printf(`<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#333"/><text x="%s" y="%d">%s</text>`,
			f(w.x(at)), axisY, f(w.x(at)), axisY+5, f(w.x(at)), axisY+18, axisStamp(at, w.end))
	}
	w.printf("</g>\n")
	label := "run time (virtual, mm:ss)"
	if w.end >= time.Hour {
		label = "run time (virtual, h:mm:ss)"
	}
	w.printf(`<text x="%d" y="%d" text-anchor="middle" fill="#333">%s</text>`+"\n", plotLeft+plotWidth/2, axisY+38, label)
}

// axisStamp formats an axis label: mm:ss, or h:mm:ss for every label
// when the axis reaches an hour.
func axisStamp(at, end time.Duration) string {
	if end < time.Hour {
		return stamp(at)
	}
	s := int64(at / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// shortCommand shortens an operator command for its label:
// "oc rollout cancel dc/frontend" -> "rollout cancel".
func shortCommand(text string) string {
	s := strings.TrimPrefix(text, "$ ")
	s = strings.TrimPrefix(s, "oc ")
	s, _, _ = strings.Cut(s, " dc/")
	return s
}

// svgCommands draws each operator command as a triangle with a label
// (two staggered rows, so that neighbours do not overlap) and a dashed
// line down to the axis; a refused command is drawn in red with its
// error in the tooltip.
func (t *timeline) svgCommands(w *svgWriter, axisY int) {
	w.printf(`<text x="%d" y="%d" text-anchor="end" fill="#333">commands</text>`+"\n", plotLeft-10, cmdTop+26)
	n := 0
	for i, m := range t.marks {
		if m.kind != markUser {
			continue
		}
		tip := stamp(m.at) + "  " + m.text
		colour := "#222"
		if i+1 < len(t.marks) && t.marks[i+1].kind == markError {
			tip += "\n" + strings.TrimSpace(t.marks[i+1].text)
			colour = "#c92a2a"
		}
		x := w.x(m.at)
		labelY := cmdTop + 12 + 16*(n%2)
		w.printf(`<g><title>%s</title>`, esc(tip))
		w.printf(`<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="%s" stroke-dasharray="2 4" stroke-opacity="0.6"/>`,
			f(x), cmdTop+36, f(x), axisY, colour)
		w.printf(`<path d="M%s,%d L%s,%d L%s,%d Z" fill="%s"/>`, f(x-6), cmdTop+30, f(x+6), cmdTop+30, f(x), cmdTop+40, colour)
		w.printf(`<text x="%s" y="%d" fill="%s">%s</text></g>`+"\n", f(x+3), labelY, colour, esc(shortCommand(m.text)))
		n++
	}
}

// svgReplicas draws the replica chart: for each RC, the available
// replicas as a step line over a light area and spec as a dashed step
// line, from the RC's first sample to its last.
func (t *timeline) svgReplicas(w *svgWriter) {
	top := 1
	for _, s := range t.samples {
		for _, r := range s.rcs {
			if r.ok {
				top = max(top, int(r.spec), int(r.available))
			}
		}
	}
	y := func(v int32) float64 { return float64(chartTop+chartH) - float64(chartH)*float64(v)/float64(top) }
	w.printf(`<text x="%d" y="%d" text-anchor="end" fill="#333">replicas</text>`+"\n", plotLeft-10, chartTop+chartH/2)
	w.printf(`<g fill="#555" text-anchor="end">`)
	for v := 0; v <= top; v++ {
		w.printf(`<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#eeeeee"/><text x="%d" y="%s">%d</text>`,
			plotLeft, f(y(int32(v))), svgWidth-plotRight, f(y(int32(v))), plotLeft-4, f(y(int32(v))+4), v)
	}
	w.printf("</g>\n")
	w.printf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>`+"\n", plotLeft, chartTop, plotLeft, chartTop+chartH)
	for i, name := range t.rcs {
		colour := t.rcColour(name)
		for _, which := range []string{"area", "available", "spec"} {
			d := t.stepPath(w, i, y, which)
			if d == "" {
				continue
			}
			switch which {
			case "area":
				w.printf(`<path d="%s" fill="%s" fill-opacity="0.12" stroke="none"/>`+"\n", d, colour)
			case "available":
				w.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="2.2"><title>%s available replicas</title></path>`+"\n", d, colour, esc(name))
			default:
				w.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="1.4" stroke-dasharray="5 3"><title>%s spec replicas</title></path>`+"\n", d, colour, esc(name))
			}
		}
	}
}

// stepPath returns the path of RC i's available or spec replicas (or the
// area under available) as a step function of run time, "" when the RC
// was never sampled.
func (t *timeline) stepPath(w *svgWriter, i int, y func(int32) float64, which string) string {
	var b strings.Builder
	first, last := -1, -1
	for k, s := range t.samples {
		if i >= len(s.rcs) || !s.rcs[i].ok {
			if first >= 0 {
				break // pruned: the line ends
			}
			continue
		}
		v := s.rcs[i].available
		if which == "spec" {
			v = s.rcs[i].spec
		}
		if first < 0 {
			first = k
			fmt.Fprintf(&b, "M%s,%s", f(w.x(s.at)), f(y(v)))
		} else {
			fmt.Fprintf(&b, " H%s V%s", f(w.x(s.at)), f(y(v)))
		}
		last = k
	}
	if first < 0 {
		return ""
	}
	endAt := w.end
	if last+1 < len(t.samples) {
		endAt = t.samples[last+1].at
	}
	fmt.Fprintf(&b, " H%s", f(w.x(endAt)))
	if which == "area" {
		base := f(y(0))
		fmt.Fprintf(&b, " V%s H%s Z", base, f(w.x(t.samples[first].at)))
	}
	return b.String()
}

// rcColour is the colour of an RC: by its version (the number after the
// last dash), so that it is stable across runs.
func (t *timeline) rcColour(name string) string {
	v := 1
	if i := strings.LastIndexByte(name, '-'); i >= 0 {
		if n, err := strconv.Atoi(name[i+1:]); err == nil && n > 0 {
			v = n
		}
	}
	return rcColours[(v-1)%len(rcColours)]
}

// svgLanes draws one lane of phase bands per RC, then the events lane
// and the faults lane.
func (t *timeline) svgLanes(w *svgWriter, lanesTop, eventsY, faultsY int, groups []faultGroup) {
	for i, name := range t.rcs {
		top := lanesTop + i*laneStep
		w.printf(`<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d" text-anchor="end">%s</text>`+"\n",
			plotLeft-124, top+3, t.rcColour(name), plotLeft-10, top+12, esc(name))
		w.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="#f7f7f7"/>`+"\n", plotLeft, top, plotWidth, laneH)
		t.svgBands(w, i, name, top)
	}
	w.printf(`<text x="%d" y="%d" text-anchor="end">events</text>`+"\n", plotLeft-10, eventsY+12)
	w.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="#f7f7f7"/>`+"\n", plotLeft, eventsY, plotWidth, laneH)
	for i, g := range groups {
		y := faultsY + i*laneStep
		w.printf(`<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", plotLeft-10, y+12, esc(g.label))
		w.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="#fbf1f1"/>`+"\n", plotLeft, y, plotWidth, laneH)
	}
	if len(groups) == 0 {
		w.printf(`<text x="%d" y="%d" text-anchor="end">faults</text>`+"\n", plotLeft-10, faultsY+12)
		w.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="#f7f7f7"/>`+"\n", plotLeft, faultsY, plotWidth, laneH)
		w.printf(`<text x="%d" y="%d" fill="#888">none injected</text>`+"\n", plotLeft+6, faultsY+12)
	}
	for _, m := range t.marks {
		x := w.x(m.at)
		tip := esc(stamp(m.at) + "  " + m.text)
		switch m.kind {
		case markEvent, markWarn:
			colour := "#777"
			if m.kind == markWarn {
				colour = "#e8590c"
			}
			w.printf(`<circle cx="%s" cy="%d" r="4" fill="%s" fill-opacity="0.8"><title>%s</title></circle>`+"\n", f(x), eventsY+laneH/2, colour, tip)
		case markFault:
			i := slices.IndexFunc(groups, func(g faultGroup) bool { return slices.Contains(g.kinds, m.fault) })
			c := float64(faultsY + i*laneStep + laneH/2)
			w.printf(`<path d="M%s,%s L%s,%s L%s,%s L%s,%s Z" fill="#c92a2a" fill-opacity="0.85"><title>%s</title></path>`+"\n",
				f(x), f(c-6), f(x+5), f(c), f(x), f(c+6), f(x-5), f(c), tip)
		}
	}
}

// faultGroup is one lane of fault marks.
type faultGroup struct {
	label string
	kinds []string // fake.FaultRecord kinds
}

// allFaultGroups are the fault lanes, in drawing order.
var allFaultGroups = []faultGroup{
	{"clock jumps", []string{"clock"}},
	{"write faults", []string{"conflict", "servererror", "forbidden", "timeout", "crash"}},
	{"watch faults", []string{"lose", "dup", "dual"}},
	{"pod/RC faults", []string{"deletepod", "squat", "scale"}},
	{"random user ops", []string{"edit", "user", "deletedc"}},
}

// faultGroups returns the lanes that have a fault.
func (t *timeline) faultGroups() []faultGroup {
	var out []faultGroup
	for _, g := range allFaultGroups {
		if slices.ContainsFunc(t.marks, func(m mark) bool { return m.kind == markFault && slices.Contains(g.kinds, m.fault) }) {
			out = append(out, g)
		}
	}
	return out
}

// svgBands draws RC i's phase bands: one per run of samples with the same
// phase (and cancelled flag), from its first sample to the next change or
// the RC's end, the phase named inside when it fits.
func (t *timeline) svgBands(w *svgWriter, i int, name string, top int) {
	type band struct {
		from, to time.Duration
		st       rcState
	}
	var bands []band
	for _, s := range t.samples {
		if i >= len(s.rcs) || !s.rcs[i].ok {
			if len(bands) > 0 && bands[len(bands)-1].to < 0 {
				bands[len(bands)-1].to = s.at
			}
			continue
		}
		st := s.rcs[i].rcState
		if n := len(bands); n > 0 && bands[n-1].to < 0 && bands[n-1].st.label() == st.label() {
			continue
		}
		if n := len(bands); n > 0 && bands[n-1].to < 0 {
			bands[n-1].to = s.at
		}
		bands = append(bands, band{from: s.at, to: -1, st: st})
	}
	for _, b := range bands {
		to := b.to
		if to < 0 {
			to = w.end
		}
		x0, x1 := w.x(b.from), w.x(to)
		width := max(x1-x0, 1)
		tip := fmt.Sprintf("%s %s from %s to %s", name, b.st.label(), stamp(b.from), stamp(to))
		fill := phaseColours[b.st.phase]
		if fill == "" {
			fill = "#ffffff"
		}
		w.printf(`<g><title>%s</title><rect x="%s" y="%d" width="%s" height="%d" fill="%s" stroke="#ffffff" stroke-width="0.5"/>`,
			esc(tip), f(x0), top, f(width), laneH, fill)
		if b.st.cancelled {
			w.printf(`<rect x="%s" y="%d" width="%s" height="%d" fill="url(#cancelled)"/>`, f(x0), top, f(width), laneH)
		}
		if label := b.st.phase.String(); width > 7*float64(len(label))+6 {
			w.printf(`<text x="%s" y="%d" font-size="11" fill="#222">%s</text>`, f(x0+3), top+12, esc(label))
		}
		w.printf("</g>\n")
	}
}

package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan/fake"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// runTwice runs the story for seed and faults twice, checks that the two
// runs print and draw the same bytes, and returns the first.
func runTwice(t *testing.T, seed uint64, faults string) (string, *timeline) {
	t.Helper()
	f, err := fake.ParseFaults(faults)
	if err != nil {
		t.Fatal(err)
	}
	var got, again bytes.Buffer
	tl, err := runStory(&got, seed, f)
	if err != nil {
		t.Fatalf("runStory(%d, %s) error = %v", seed, faults, err)
	}
	tl2, err := runStory(&again, seed, f)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != again.String() {
		t.Fatalf("two runs with seed %d, faults %s print different timelines", seed, faults)
	}
	if !bytes.Equal(tl.svg(), tl2.svg()) {
		t.Fatalf("two runs with seed %d, faults %s draw different SVGs", seed, faults)
	}
	return got.String(), tl
}

// golden compares got with testdata/name (-update rewrites it).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs (-want +got); run with -update after checking:\n%s", path, d)
	}
}

// TestStoryGolden runs the default story and compares its timeline with
// testdata/story.golden, and checks that a seed with every fault on still
// tells the story to the end.
func TestStoryGolden(t *testing.T) {
	got, _ := runTwice(t, 1, "none")
	golden(t, "story.golden", []byte(got))
	faulty, _ := runTwice(t, 7, "all")
	if !strings.Contains(faulty, "$ oc rollback dc/frontend") {
		t.Errorf("story with faults did not reach the rollback:\n%s", faulty)
	}
}

// stampRE matches the time at the start of a timeline line.
var stampRE = regexp.MustCompile(`^(?:(\d+):)?(\d+):(\d\d)  `)

// TestTimelineTellsFaults checks the timeline of runs with faults on:
// every injected fault is printed (one "fault" line per record of the
// simulator's fault log, the clock jumps with their size), and time never
// runs backwards, even across backward clock jumps.
func TestTimelineTellsFaults(t *testing.T) {
	tests := []struct {
		name, why string
		seed      uint64
		faults    string
	}{
		{"all", "the README's -seed 7 -faults all: backward clock jumps, the first at 04:40", 7, "all"},
		{"clock only", "many clock jumps, back and forth", 3, "clock=0.3"},
		{"none", "no faults, no fault lines", 1, "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, tl := runTwice(t, tt.seed, tt.faults)
			var prev int
			faultLines, clockLines, backJumps := 0, 0, 0
			for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				m := stampRE.FindStringSubmatch(line)
				if m == nil {
					continue // the header
				}
				secs := atoi(m[1])*3600 + atoi(m[2])*60 + atoi(m[3])
				if secs < prev {
					t.Errorf("line %d runs backwards (%d s after %d s) [%s]: %s", i+1, secs, prev, tt.why, line)
				}
				prev = secs
				rest := line[len(m[0]):]
				if strings.HasPrefix(rest, "fault ") {
					faultLines++
				}
				if strings.HasPrefix(rest, "fault clock: the controllers' clock jumps ") {
					clockLines++
					if strings.Contains(rest, "jumps -") {
						backJumps++
					}
				}
			}
			log := tl.s.FaultLog()
			clocks := 0
			for _, f := range log {
				if f.Kind == "clock" {
					clocks++
				}
			}
			if faultLines != len(log) || clockLines != clocks {
				t.Errorf("%d fault lines (%d clock jumps), want %d (%d) [%s]", faultLines, clockLines, len(log), clocks, tt.why)
			}
			if tt.faults != "none" && (clockLines == 0 || backJumps == 0) {
				t.Errorf("%d clock jumps, %d backwards: the case no longer tests a backward jump [%s]", clockLines, backJumps, tt.why)
			}
		})
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestCausesLabelled checks that an RC's cause (the status-reason it was
// created with) and the reason it ended are labelled as what they are,
// and that a cause is never printed as the reason of a later failure.
func TestCausesLabelled(t *testing.T) {
	out, _ := runTwice(t, 1, "none")
	tests := []struct {
		name, why, want string
	}{
		{"cause", "rollout latest creates frontend-3 for a manual change", "03:10  frontend-3: created Pending; cause: manual change\n"},
		{"reason", "the cancel writes the user's reason", "02:20  frontend-2: Running -> Running (cancelled); reason: cancelled by the user\n"},
		{"pod failure", "the deployer controller writes no reason when the deployer pod fails; the pod says why",
			"04:00  frontend-3: Running -> Failed; deployer pod frontend-3-deploy failed\n"},
		{"complete", "a completion has no reason; the creation cause is not repeated", "09:20  frontend-4: Running -> Complete\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(out, tt.want) {
				t.Errorf("timeline lacks %q [%s]:\n%s", tt.want, tt.why, out)
			}
		})
	}
	if strings.Contains(out, "—") || strings.Contains(out, "Failed; reason: manual change") {
		t.Errorf("timeline labels a cause as a failure reason:\n%s", out)
	}
}

// walkXML decodes every token of doc, so a document that is not
// well-formed XML fails, and returns the count of each element name.
func walkXML(t *testing.T, doc []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return counts
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			counts[se.Name.Local]++
		}
	}
}

// TestSVG checks the drawing: well-formed XML (the encoding/xml decoder
// walks every token), the same bytes as testdata/story.svg for the
// default story, a lane per RC, a tooltip per mark, a mark per fault.
func TestSVG(t *testing.T) {
	tests := []struct {
		name, why string
		seed      uint64
		faults    string
		golden    string
	}{
		{"story", "the README's story, byte for byte", 1, "none", "story.svg"},
		{"faults", "every fault on: more RCs, fault lanes, red refused commands", 7, "all", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, tl := runTwice(t, tt.seed, tt.faults)
			svg := tl.svg()
			counts := walkXML(t, svg)
			if tt.golden != "" {
				golden(t, tt.golden, svg)
			}
			if counts["svg"] != 1 {
				t.Errorf("%d <svg> elements, want 1 [%s]", counts["svg"], tt.why)
			}
			for _, rc := range tl.rcs {
				if !bytes.Contains(svg, []byte(`text-anchor="end">`+rc+`</text>`)) {
					t.Errorf("no lane label for %s [%s]", rc, tt.why)
				}
			}
			marks := 0
			for _, m := range tl.marks {
				if m.kind == markUser || m.kind == markEvent || m.kind == markWarn || m.kind == markFault {
					marks++
				}
			}
			if counts["title"] < marks+1 {
				t.Errorf("%d <title> tooltips for %d marks [%s]", counts["title"], marks, tt.why)
			}
			faults := bytes.Count(svg, []byte(`fill="#c92a2a" fill-opacity="0.85"`))
			if faults != len(tl.s.FaultLog()) {
				t.Errorf("%d fault marks for %d injected faults [%s]", faults, len(tl.s.FaultLog()), tt.why)
			}
		})
	}
}

// TestHTML checks the -html page: the SVG inline and every line of the
// text timeline, escaped.
func TestHTML(t *testing.T) {
	var text bytes.Buffer
	tl, err := runStory(&text, 1, fake.Faults{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := tl.html(text.String())
	if err != nil {
		t.Fatal(err)
	}
	svg := string(tl.svg())
	if !strings.Contains(string(page), svg[strings.Index(svg, "<svg"):]) {
		t.Error("the page does not hold the SVG drawing")
	}
	for line := range strings.Lines(text.String()) {
		if !strings.Contains(string(page), html.EscapeString(strings.TrimSuffix(line, "\n"))+"</span>") {
			t.Errorf("the page lacks the timeline line %q", line)
		}
	}
}

// TestStoryFiles runs the program's story with -svg and -html and checks
// that both files are written and the SVG is the one drawn in memory.
func TestStoryFiles(t *testing.T) {
	dir := t.TempDir()
	svgFile, htmlFile := filepath.Join(dir, "out.svg"), filepath.Join(dir, "out.html")
	var out bytes.Buffer
	if err := story(&out, 1, fake.Faults{}, svgFile, htmlFile); err != nil {
		t.Fatalf("story() error = %v", err)
	}
	got, err := os.ReadFile(svgFile)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "story.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("-svg wrote another drawing than testdata/story.svg")
	}
	if page, err := os.ReadFile(htmlFile); err != nil || !bytes.HasPrefix(page, []byte("<!DOCTYPE html>")) {
		t.Errorf("-html: %v, or not an HTML page", err)
	}
	if err := story(&out, 1, fake.Faults{}, filepath.Join(dir, "missing", "x.svg"), ""); err == nil || !strings.Contains(err.Error(), "writing the SVG") {
		t.Errorf("story() into a missing directory: error = %v, want one about writing the SVG", err)
	}
}

func TestScale(t *testing.T) {
	for _, c := range []struct{ compress, decodeCache bool }{{false, false}, {true, false}, {false, true}} {
		var out bytes.Buffer
		if err := runScale(&out, 20, c.compress, c.decodeCache); err != nil {
			t.Fatalf("runScale(compress %v, decode cache %v) error = %v", c.compress, c.decodeCache, err)
		}
		for _, want := range []string{"populated 20 DCs, 200 RCs", "at rest after 0 passes", "memory at rest: heap "} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("runScale(compress %v, decode cache %v) output lacks %q:\n%s", c.compress, c.decodeCache, want, out.String())
			}
		}
	}
}

// TestUsageErrors: a negative -scale, a story flag (-seed, -faults, -svg,
// -html) with -scale, a -scale flag (-compress, -decode-cache) without
// it, a -faults value ParseFaults refuses, an unknown flag, a value a
// flag cannot parse, or -svg and -html naming one file exits 2 with a
// message naming the flag, and runs nothing, where
// -scale -5 ran the story with exit 0 and the other flags were silently
// ignored, and a refused -faults value was printed as fake's error alone,
// naming no flag.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-scale", "-5"}, "-scale -5"},
		{[]string{"-scale", "3", "-svg", "x.svg"}, "-svg"},
		{[]string{"-scale", "3", "-html", "x.html"}, "-html"},
		{[]string{"-scale", "3", "-faults", "all"}, "-faults"},
		{[]string{"-scale", "3", "-seed", "7", "-faults", "none"}, "-seed, -faults"},
		{[]string{"-compress=false"}, "-compress"},
		{[]string{"-decode-cache"}, "-decode-cache"},
		{[]string{"-faults", "conflict=NaN"}, "-faults: fake: fault conflict"},
		{[]string{"-faults", "bogus"}, "-faults: fake: unknown fault"},
		{[]string{"story"}, "unexpected arguments"},
		{[]string{"-nope"}, "-nope"},
		{[]string{"-seed", "-1"}, "-seed"},
		{[]string{"-scale", "many"}, "-scale"},
		{[]string{"-compress=maybe"}, "-compress"},
	} {
		var out, errOut bytes.Buffer
		if code := run(c.args, &out, &errOut); code != 2 {
			t.Errorf("rollout %s: exit %d, want 2", strings.Join(c.args, " "), code)
		}
		if !strings.Contains(errOut.String(), c.want) {
			t.Errorf("rollout %s: stderr %q, want it to name %q", strings.Join(c.args, " "), errOut.String(), c.want)
		}
		if out.Len() != 0 {
			t.Errorf("rollout %s printed %q: a usage error runs nothing", strings.Join(c.args, " "), out.String())
		}
	}
	// -svg and -html naming one file: the page overwrote the drawing,
	// exit 0, and the SVG asked for was lost.
	same := filepath.Join(t.TempDir(), "t.out")
	var out, errOut bytes.Buffer
	if code := run([]string{"-svg", same, "-html", same}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "-svg and -html both name") {
		t.Errorf("rollout -svg F -html F: exit %d, stderr %q, want 2 and a message naming both", code, errOut.String())
	}
	if _, err := os.Stat(same); err == nil {
		t.Errorf("rollout -svg F -html F wrote F: a usage error writes nothing")
	}
	// The same file named relative and absolute was accepted all the same.
	dir := t.TempDir()
	t.Chdir(dir)
	out.Reset()
	errOut.Reset()
	if code := run([]string{"-svg", "t.out", "-html", filepath.Join(dir, "t.out")}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "-svg and -html both name") {
		t.Errorf("rollout -svg F -html $PWD/F: exit %d, stderr %q, want 2 and a message naming both", code, errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"-scale", "2", "-compress=false"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "populated 2 DCs") {
		t.Errorf("rollout -scale 2 -compress=false: exit %d, output %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestAtRestLine checks the last line's history limit: the DC's
// revisionHistoryLimit when set, "unset" (no limit, every RC kept) when a
// DC edit fault left it unset, where it printed the field's zero value,
// "revisionHistoryLimit 0", a limit that would keep no old RC. Under
// every fault the limit is the one the last edit fault of it left; the
// seeds are tried until one leaves it unset (a fixed seed stopped doing
// so whenever the simulator's draws changed).
func TestAtRestLine(t *testing.T) {
	out, _ := runTwice(t, 1, "none")
	if last := lastLine(out); !strings.Contains(last, "RCs kept (revisionHistoryLimit 3)") {
		t.Errorf("-seed 1 -faults none: last line %q, want the story's limit 3 in it", last)
	}
	const edit = "fault edit: dc/shop/frontend revisionHistoryLimit="
	unset := false
	for seed := uint64(1); seed <= 40 && !unset; seed++ {
		out, _ := runTwice(t, seed, "all")
		want := "3" // the story's own
		for l := range strings.Lines(out) {
			if _, v, ok := strings.Cut(strings.TrimSuffix(l, "\n"), edit); ok {
				want = v
			}
		}
		if last := lastLine(out); !strings.Contains(last, "RCs kept (revisionHistoryLimit "+want+")") {
			t.Fatalf("-seed %d -faults all: last line %q, want the limit the last edit left, %s", seed, last, want)
		}
		unset = want == "unset"
	}
	if !unset {
		t.Errorf("no seed of 1-40 under every fault ends with the limit unset")
	}
}

// lastLine returns the last line of out.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestRefusedCommandsSayWhy: with every write conflicting once, each oc
// command of the story whose write a conflict refused prints an error
// line after it, as oc does; `oc rollback`, whose planner does not read
// the pass's failures, once printed nothing and the story went on as if
// it had rolled back.
func TestRefusedCommandsSayWhy(t *testing.T) {
	out, _ := runTwice(t, 1, "conflict=1")
	lines := strings.Split(out, "\n")
	rollbacks := 0
	for i, line := range lines {
		if !strings.Contains(line, "$ oc rollback") {
			continue
		}
		rollbacks++
		for j := i + 1; j < len(lines) && !strings.Contains(lines[j], "$ oc "); j++ {
			if strings.Contains(lines[j], "fault conflict: conflict on update deploymentconfigs/") {
				if !strings.Contains(strings.Join(lines[i+1:j], "\n"), "error: ") {
					t.Errorf("the rollback at line %d met a conflict and printed no error:\n%s", i+1, strings.Join(lines[i:j+1], "\n"))
				}
				break
			}
		}
	}
	if rollbacks == 0 {
		t.Fatal("the story has no oc rollback")
	}
}

// TestRecreatedRCIsCreated: a DC deleted and created again (the deletedc
// fault) gets RCs under the names its first life's had. Each such RC is
// a new one, printed "created ...; cause: ...", where the timeline
// printed it as a phase move of the deleted RC of that name: "frontend-1:
// Complete -> New; reason: manual change", a move out of a terminal
// phase that no RC made, and its creation cause labelled a reason.
// Between the two lives the DC has no RC, and the replica line says so
// rather than print nothing after its colon. Seeds 3 and 4 create
// frontend-1 again.
func TestRecreatedRCIsCreated(t *testing.T) {
	// Complete is terminal, and oc rollout retry moves a Failed RC only.
	terminal := regexp.MustCompile(`: Complete -> `)
	for _, seed := range []uint64{3, 4} {
		out, _ := runTwice(t, seed, "all,deletedc")
		if n := strings.Count(out, "frontend-1: created "); n < 2 {
			t.Errorf("-seed %d -faults all,deletedc: frontend-1 created %d times, want it created again: the case no longer tests an RC created again", seed, n)
		}
		for line := range strings.Lines(out) {
			if terminal.MatchString(line) {
				t.Errorf("-seed %d -faults all,deletedc: %q: an RC created again under an old name printed as a phase move of the old one", seed, strings.TrimSuffix(line, "\n"))
			}
			if strings.HasSuffix(line, "replicas (available/spec): \n") {
				t.Errorf("-seed %d -faults all,deletedc: %q: a count of no RCs printed as nothing", seed, strings.TrimSuffix(line, "\n"))
			}
		}
	}
}

// TestHelp: -h asks for the flags, which is no usage error: exit 0, each
// flag listed on stderr, nothing run.
func TestHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-h"}, &out, &errOut); code != 0 {
		t.Errorf("rollout -h: exit %d, want 0", code)
	}
	for _, name := range append(append([]string{"scale"}, storyFlags...), scaleFlags...) {
		if !strings.Contains(errOut.String(), "  -"+name+" ") && !strings.Contains(errOut.String(), "  -"+name+"\n") {
			t.Errorf("rollout -h lists no -%s:\n%s", name, errOut.String())
		}
	}
	if out.Len() != 0 {
		t.Errorf("rollout -h printed %q on stdout: it runs nothing", out.String())
	}
}

// restRE matches -scale's rest line: its time and the time per DC.
var restRE = regexp.MustCompile(`at rest after \d+ passes in (\S+) \((\S+) per DC`)

// TestScaleTimes: -scale's rest line prints the time to come to rest and
// the time per DC rounded alike, so that one DC's time is the whole time
// and no run prints less time in all than per DC, where the whole was
// rounded to the millisecond and the time per DC to the microsecond: "at
// rest after 0 passes in 0s (302µs per DC".
func TestScaleTimes(t *testing.T) {
	for _, n := range []int{1, 3} {
		var out bytes.Buffer
		if err := runScale(&out, n, true, false); err != nil {
			t.Fatal(err)
		}
		m := restRE.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("-scale %d: no rest line in\n%s", n, out.String())
		}
		all, errA := time.ParseDuration(m[1])
		per, errP := time.ParseDuration(m[2])
		if errA != nil || errP != nil {
			t.Fatalf("-scale %d: %v, %v", n, errA, errP)
		}
		if all < per || n == 1 && all != per {
			t.Errorf("-scale %d: at rest in %s, %s per DC: %s", n, m[1], m[2], strings.TrimSpace(m[0]))
		}
	}
}

package scenario

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestScenarios runs testdata/*.txt: the built-in commands, with two test
// planning commands that record hand-made plans. Its files test how the
// world commands fail, so a failing one does not stop a file here (it
// does in every planner package: builtinErrorsFatal).
func TestScenarios(t *testing.T) {
	builtinErrorsFatal = false
	t.Cleanup(func() { builtinErrorsFatal = true })
	RunDir(t, "testdata", func(t *testing.T, c *Case) string {
		switch c.Cmd {
		case "fake-scale": // fake-scale rc=<name> to=<n>
			rc, _ := c.Arg("rc")
			to, err := strconv.Atoi(mustArg(t, c, "to"))
			if err != nil {
				t.Fatalf("%s: to: %v", c.Pos, err)
			}
			d, _ := c.Env.Snapshot.Deployment(rc)
			return c.Env.Record(dcplan.Plan{Scales: []dcplan.Scale{{Rule: "3.6.3", RC: rc, Version: d.Version, From: d.Replicas, To: dcplan.Replicas(to)}}})
		case "fake-complete": // fake-complete rc=<name>
			rc := mustArg(t, c, "rc")
			d, _ := c.Env.Snapshot.Deployment(rc)
			return c.Env.Record(dcplan.Plan{Transitions: []dcplan.Transition{{Rule: "4.4", RC: rc, Version: d.Version,
				From: d.Phase, To: dcplan.PhaseComplete, CommitDesired: true, Desired: d.DesiredReplicas}}})
		}
		return c.Env.Handle(t, c)
	})
}

func mustArg(t *testing.T, c *Case, key string) string {
	t.Helper()
	v, ok := c.Arg(key)
	if !ok {
		t.Fatalf("%s: %s needs %s=", c.Pos, c.Cmd, key)
	}
	return v
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		name, why, line string
		want            []Arg
		wantErr         string
	}{
		{name: "bare and kv", why: "words split on spaces; the first = separates",
			line: "rc web-3 phase=Running  cancelled",
			want: []Arg{{Key: "rc"}, {Key: "web-3"}, {Key: "phase", Val: "Running", HasVal: true}, {Key: "cancelled"}}},
		{name: "quoted value", why: "a Go-quoted value keeps spaces and escapes",
			line: `x reason="cancelled by \"the\" user"`,
			want: []Arg{{Key: "x"}, {Key: "reason", Val: `cancelled by "the" user`, HasVal: true, Quoted: true}}},
		{name: "second equals", why: "only the first unquoted = separates key from value",
			line: "env=A=1", want: []Arg{{Key: "env", Val: "A=1", HasVal: true}}},
		{name: "empty value", why: `key="" is the empty string, not a bare word`,
			line: `label=""`, want: []Arg{{Key: "label", Val: "", HasVal: true, Quoted: true}}},
		{name: "quoted bare word", why: "a quoted positional word may contain spaces",
			line: `"a b"`, want: []Arg{{Key: "a b", Quoted: true}}},
		{name: "quoted key", why: "a quoted key does not make its value quoted",
			line: `"k"=v`, want: []Arg{{Key: "k", Val: "v", HasVal: true}}},
		{name: "tabs", why: "tabs separate like spaces", line: "a\tb",
			want: []Arg{{Key: "a"}, {Key: "b"}}},
		{name: "unterminated quote", why: "a broken literal is an error, not a silent split",
			line: `a="b`, wantErr: "column 3: bad quoted string: invalid syntax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Tokenize(tt.line)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if d := cmp.Diff(tt.wantErr, gotErr); d != "" {
				t.Errorf("Tokenize(%q) error mismatch (-want +got):\n%s", tt.line, d)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Tokenize(%q) mismatch (-want +got):\n%s", tt.line, d)
			}
		})
	}
}

func TestParseFile(t *testing.T) {
	// A line of spaces and tabs between cases is blank, not a command.
	text := "# header\n\ncmd a=1\nin1\n\nin2\n----\nout1\nout2\n\n# c\n \t \nnext\n----\n\nthird\n----\n----\nx\n\ny\n----\n----\n"
	_, cases, err := parseFile("f.txt", text)
	if err != nil {
		t.Fatalf("parseFile: %v", err)
	}
	type view struct {
		Cmd, Pos, Expected string
		Args               []Arg
		Input              []string
	}
	var got []view
	for _, c := range cases {
		got = append(got, view{c.Cmd, c.Pos, c.Expected, c.Args, c.Input})
	}
	want := []view{
		{Cmd: "cmd", Pos: "f.txt:3", Expected: "out1\nout2\n", Args: []Arg{{Key: "a", Val: "1", HasVal: true}}, Input: []string{"in1", "", "in2"}},
		{Cmd: "next", Pos: "f.txt:13", Expected: ""},
		{Cmd: "third", Pos: "f.txt:16", Expected: "x\n\ny\n"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("parseFile() mismatch (-want +got):\n%s", d)
	}
}

func TestParseFileErrors(t *testing.T) {
	tests := []struct{ name, why, text, want string }{
		{name: "no separator", why: "a case must end its input with ----", text: "cmd\ninput\n",
			want: `f.txt:1: command "cmd": missing "----" separator`},
		{name: "stray separator", why: "---- needs a command above it", text: "----\n",
			want: "f.txt:1: separator without a command"},
		{name: "unclosed double", why: "the double form must be closed", text: "cmd\n----\n----\nx\n",
			want: `f.txt:1: command "cmd": missing closing "----" "----"`},
		{name: "command with value", why: "commands are bare words", text: "a=b\n----\n",
			want: `f.txt:1: command "a=b" must be a bare word`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := parseFile("f.txt", tt.text)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("parseFile() error mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestRewrite runs a file with -rewrite semantics and checks the file is
// rebuilt with the new outputs, in the right separator form, keeping the
// comments and inputs.
func TestRewrite(t *testing.T) {
	text := "# keep me\ncmd one\nin\n----\nold\n\ncmd two\n----\n----\nold\n\nold\n----\n----\ncmd three\n----\nstale\n"
	lines, cases, err := parseFile("f.txt", text)
	if err != nil {
		t.Fatalf("parseFile: %v", err)
	}
	got := rewrite(lines, cases, []string{"new\n", "single", "with\n\nblank\n"})
	want := "# keep me\ncmd one\nin\n----\nnew\n\ncmd two\n----\nsingle\n\ncmd three\n----\n----\nwith\n\nblank\n----\n----\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("rewrite() mismatch (-want +got):\n%s", d)
	}
	_, again, err := parseFile("f.txt", got)
	if err != nil {
		t.Fatalf("parseFile(rewritten): %v", err)
	}
	var outs []string
	for _, c := range again {
		outs = append(outs, c.Expected)
	}
	if d := cmp.Diff([]string{"new\n", "single\n", "with\n\nblank\n"}, outs); d != "" {
		t.Errorf("outputs after rewrite mismatch (-want +got):\n%s", d)
	}
}

// TestRewriteFlag runs RunFile on a temporary file with -rewrite set.
func TestRewriteFlag(t *testing.T) {
	_, data := rewritten(t, "# h\nsnapshot\ndc web\n----\nwrong\n", func(t *testing.T, c *Case) string { return c.Env.Handle(t, c) })
	if d := cmp.Diff("# h\nsnapshot\ndc web\n----\nok\n", string(data)); d != "" {
		t.Errorf("rewritten file mismatch (-want +got):\n%s", d)
	}
}

func TestParseStateErrors(t *testing.T) {
	tests := []struct{ name, why, state, want string }{
		{name: "unknown key", why: "typos are caught and the known keys listed",
			state: "dc web replicaz=3", want: `line 1: dc: replicaz: unknown dc key "replicaz" (known: ` + joinKeys(dcKeys) + ")"},
		{name: "unknown kind", why: "the first word names the object kind",
			state: "deployment web-1", want: `line 1: unknown line kind "deployment" (known: now, settings, recheck, failed, outcome, dc, condition, rc, pod)`},
		{name: "two dcs", why: "a snapshot plans for one DC",
			state: "dc a\ndc b", want: "line 2: dc: a second dc line without as=<label>"},
		{name: "relative time without now", why: "now-5m needs the clock",
			state: "dc web\nrc web-1 created=now-5m", want: `line 2: rc: created: relative time "now-5m" before the clock is known (write the now line first)`},
		{name: "condition first", why: "conditions belong to a dc line",
			state: "condition Available", want: "line 1: condition: a condition line must follow a dc line"},
		{name: "bad phase", why: "phases are the five wire spellings",
			state: "rc web-1 phase=Done", want: `line 1: rc: phase: dcplan: malformed object: unknown deployment phase "Done"`},
		{name: "unknown label", why: "encoded= must name an as= config",
			state: "dc web\nrc web-1 encoded=old", want: "line 2: rc: encoded=old: no dc line with as=old"},
		{name: "missing name", why: "objects are named",
			state: "pod phase=Running", want: "line 1: pod: pod line needs a name (pod <name> [key=value])"},
		{name: "trigger flag with a bad value", why: "auto is a flag: true or false",
			state: "dc web triggers=ImageChange(auto=no)", want: `line 1: dc: triggers: trigger "ImageChange(auto=no)": option "auto=no": not a boolean: "no"`},
		{name: "trigger option without value", why: "a value option written bare is a mistake, not an empty value",
			state: "dc web triggers=ImageChange(kind)", want: `line 1: dc: triggers: trigger "ImageChange(kind)": option "kind": needs a value (kind=...)`},
		{name: "second now", why: "a snapshot has one clock",
			state: "now 2026-11-30T10:00:00Z\nnow 2026-11-30T11:00:00Z", want: "line 2: now: a second now line"},
		{name: "now extra word", why: "the now line holds one time",
			state: "now 2026-11-30T10:00:00Z later", want: "line 1: now: want: now <RFC 3339 time>"},
		{name: "label twice", why: "an as= label names one config",
			state: "dc web\ndc web as=a\ndc web as=a", want: "line 3: dc: label as=a used twice"},
		{name: "second live", why: "one AlreadyExists GET finds one live RC",
			state: "rc a live\nrc b live", want: "line 2: rc: a second rc line marked live"},
		{name: "recheck uid without value", why: "a bare uid is a mistake, not the empty uid",
			state: "recheck uid", want: "line 1: recheck: uid: needs a value (key=value)"},
		{name: "recheck key", why: "recheck keys are checked",
			state: "recheck colour=blue", want: `line 1: recheck: colour: unknown recheck key "colour" (known: uid, err, deleted)`},
		{name: "failed action", why: "the action is a Describe verb",
			state: "failed frob web-1", want: `line 1: failed: failed: unknown action "frob"`},
		{name: "failed key", why: "failed keys are checked",
			state: "failed scale web-1 colour=blue", want: `line 1: failed: colour: unknown failed key "colour" (known: reason, code, err, from-code, stated, prelude)`},
		{name: "failed code", why: "the code is a number",
			state: "failed scale web-1 code=conflict", want: `line 1: failed: code: strconv.ParseInt: parsing "conflict": invalid syntax`},
		{name: "failed verb with value", why: "action and name are bare words",
			state: "failed scale=1 web-1", want: "line 1: failed: failed needs an action and an object name"},
		{name: "outcome key", why: "outcome keys are checked",
			state: "outcome colour=blue", want: `line 1: outcome: colour: unknown outcome key "colour" (known: live-err)`},
		{name: "live-err bare", why: "live-err needs its text",
			state: "outcome live-err", want: "line 1: outcome: live-err: needs a value (key=value)"},
		{name: "settings key", why: "settings keys are checked",
			state: "settings colour=blue", want: `line 1: settings: unknown settings key "colour" (known: profile, switch, image, sa, env, env-from, requeues, no-instantiate, unobserved, undeleted)`},
		{name: "name with value", why: "an object name is a bare word",
			state: "pod name=x", want: "line 1: pod: pod line needs a name (pod <name> [key=value])"},
		{name: "relative without sign", why: "now5m is not now+5m",
			state: "now 2026-11-30T10:00:00Z\nrc a created=now5m", want: `line 2: rc: created: bad relative time "now5m" (want now, now+5m, now-90s)`},
		{name: "label without value", why: "label=k=v needs the second =",
			state: "dc web label=app", want: `line 1: dc: label: want label=<key>=<value>, got "app"`},
		{name: "bad json", why: "raw values are JSON",
			state: "dc web raw={", want: `line 1: dc: raw: not valid JSON: "{"`},
		{name: "owner option", why: "owner options are controller, block, api=",
			state: "rc a owner=Kind/n/u;frob", want: `line 1: rc: owner: bad owner reference option "frob" in "Kind/n/u;frob"`},
		{name: "owner parts", why: "the long owner form has three parts",
			state: "rc a owner=Kind/n/u/x", want: `line 1: rc: owner: bad owner reference "Kind/n/u/x" (want rc:<name>, dc:<name> or <Kind>/<name>/<uid>[;api=<v>][;controller][;block])`},
		{name: "trigger option", why: "trigger options are checked",
			state: "dc web triggers=ImageChange(colour=blue)", want: `line 1: dc: triggers: trigger "ImageChange(colour=blue)": unknown option "colour" (known: auto, containers, kind, ns, name, last)`},
		{name: "trigger parenthesis", why: "ImageChange( needs its )",
			state: "dc web triggers=ImageChange(auto", want: `line 1: dc: triggers: trigger "ImageChange(auto": missing ')'`},
		{name: "count of counts", why: "rc status= is three numbers",
			state: "rc a status=1/2/3/4", want: `line 1: rc: status: want 3 numbers separated by '/', got "1/2/3/4"`},
		{name: "exit code", why: "a container exit code is a number",
			state: "pod p statuses=c:x", want: `line 1: pod: statuses: container status "c:x": bad exit code "x"`},
		{name: "container without image", why: "containers= items are name=image",
			state: "dc web containers=a", want: `line 1: dc: containers: want containers=<name>=<image>,..., got "a"`},
		{name: "flag value", why: "a flag is a boolean",
			state: "rc a cancelled=maybe", want: `line 1: rc: cancelled: not a boolean: "maybe"`},
		{name: "int64 value", why: "gen is an integer",
			state: "dc web gen=x", want: `line 1: dc: gen: not an integer: "x"`},
		{name: "int32 value", why: "replicas is a 32-bit integer",
			state: "dc web replicas=x", want: `line 1: dc: replicas: not a 32-bit integer: "x"`},
		{name: "condition key", why: "condition keys are checked",
			state: "dc web\ncondition Available colour=blue", want: `line 2: condition: colour: unknown condition key "colour" (known: status, reason, msg, transition, update)`},
		{name: "empty encoded", why: "encoded= names a label or none",
			state: "dc web\nrc a encoded=\"\"", want: "line 2: rc: encoded: encoded needs none or the as= label of a dc line"},
		{name: "pod owner", why: "every owner of a pod is checked",
			state: "pod p owners=rc:a,bad", want: `line 1: pod: owners: bad owner reference "bad" (want rc:<name>, dc:<name> or <Kind>/<name>/<uid>[;api=<v>][;controller][;block])`},
		{name: "key twice", why: "a key that is not a list is given once, not last-wins",
			state: "rc web-1 phase=New phase=Complete", want: "line 1: rc: phase: given twice (only list keys repeat)"},
		{name: "flag twice", why: "a key that is not a list is given once, not last-wins",
			state: "dc web paused paused=false", want: "line 1: dc: paused: given twice (only list keys repeat)"},
		{name: "dash line", why: "a line is an object of a known kind, whatever its first character",
			state: "-dc web", want: `line 1: unknown line kind "-dc" (known: now, settings, recheck, failed, outcome, dc, condition, rc, pod)`},
		{name: "flag with value", why: "an int key needs a value",
			state: "dc web replicas", want: "line 1: dc: replicas: needs a value (key=value)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseState(strings.Split(tt.state, "\n"))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ParseState() error mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestUnparsedStartStopsTheFile: a file whose first snapshot fails to
// parse stops there; a later snapshot that fails leaves the last good one
// in place (validate.txt relies on it), and the file goes on.
func TestUnparsedStartStopsTheFile(t *testing.T) {
	env := NewEnv()
	bad := &Case{Cmd: "snapshot", Input: []string{"dc web", "rc web-1 colour=blue"}, Env: env}
	if got := env.Handle(t, bad); !unparsedStart(bad, got) {
		t.Fatalf("a failing first snapshot (%q) does not stop the file", got)
	}
	good := &Case{Cmd: "snapshot", Input: []string{"now 2026-11-30T10:00:00Z", "dc web"}, Env: env}
	if got := env.Handle(t, good); unparsedStart(good, got) {
		t.Fatalf("a snapshot that parses (%q) stops the file", got)
	}
	if got := env.Handle(t, bad); unparsedStart(bad, got) {
		t.Errorf("a failing snapshot after a good one (%q) stops the file", got)
	}
}

// rewritten runs RunFile with -rewrite on a file holding text, through
// handler h, and returns the file's path and what -rewrite left in it.
func rewritten(t *testing.T, text string, h Handler) (string, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	old := *rewriteFlag
	*rewriteFlag = true
	defer func() { *rewriteFlag = old }()
	RunFile(t, path, h)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

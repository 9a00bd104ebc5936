package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// clock is the "current time" of the tests that do not pass -now.
var clock = at("2026-11-01T12:40:00Z")

// result is what one run of the command did.
type result struct {
	code           int
	stdout, stderr string
}

// runCLI runs the command with args and stdin.
func runCLI(args []string, stdin string) result {
	var out, errOut bytes.Buffer
	code := cli(args, strings.NewReader(stdin), &out, &errOut, clock)
	return result{code, out.String(), errOut.String()}
}

// TestGolden runs preview on the files of testdata/ and compares standard
// output with testdata/<name>.golden; -update rewrites the golden files.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		why  string
		args []string
	}{
		{"stuck-pending", "a rollout whose deployer pod cannot be scheduled: cancel it, or roll back",
			[]string{"-now", "2026-11-01T12:40:00Z", "testdata/stuck-pending.json"}},
		{"failed-after-cancel", "a cancelled, failed rollout: retry resets it, rollout latest starts a new one",
			[]string{"-now", "2026-11-01T12:10:00Z", "testdata/failed-after-cancel.json"}},
		{"healthy-history", "nothing in flight: cancel has nothing to do, retry refuses, rollback picks #7",
			[]string{"-now", "2026-11-30T10:00:00Z", "-f", "testdata/healthy-history.json"}},
		{"healthy-history-exact-to-5", "Exact profile, rollback to an explicit revision",
			[]string{"-now", "2026-11-30T10:00:00Z", "-profile", "Exact", "-to", "5", "testdata/healthy-history.json"}},
		{"failed-after-cancel-origin", "Origin (= Origin15): oc deploy --cancel/--retry of generation C, oc deploy --latest in its newer form",
			[]string{"-now", "2026-11-01T12:10:00Z", "-profile", "Origin", "testdata/failed-after-cancel.json"}},
		{"stuck-pending-origin10", "Origin10: cancel generation A (a line per RC), the oldest retry wording, oc deploy --latest's two-line refusal",
			[]string{"-now", "2026-11-01T12:40:00Z", "-profile", "Origin10", "testdata/stuck-pending.json"}},
		{"failed-unobserved", "a failed rollout of a DC edited since the controller looked: status keeps waiting, every command goes through",
			[]string{"-now", "2026-11-01T12:10:00Z", "testdata/failed-unobserved.json"}},
		{"paused", "a paused DC: status ends on the paused message, cancel and the rest refuse, resume replaces pause",
			[]string{"-now", "2026-11-01T12:40:00Z", "testdata/paused.json"}},
		{"paused-exact", "Exact: status keeps waiting on a paused DC, cancel cancels yet fails (upstream's accidents)",
			[]string{"-now", "2026-11-01T12:40:00Z", "-profile", "Exact", "testdata/paused.json"}},
		{"paused-exact-json", "-o json: the status state, a refused cancel that still plans its write, resume",
			[]string{"-now", "2026-11-01T12:40:00Z", "-profile", "Exact", "-o", "json", "testdata/paused.json"}},
		{"missing-phase", "an RC without its phase annotation: a warning explains the blank phase in oc's texts",
			[]string{"testdata/missing-phase.json"}},
		{"status-behind", "a DC whose status.latestVersion lags its newest RC: a warning says so; retry takes the newest, Pending #3, and refuses it (SPEC 6m.2.lag)",
			[]string{"testdata/status-behind.json"}},
		{"foreign-rc", "an RC labelled for the DC but controlled by another one: a warning says the controller skips it",
			[]string{"testdata/foreign-rc.json"}},
		{"two-namespaces-staging", "-n picks the DC of one namespace, with only that namespace's RCs",
			[]string{"-n", "staging", "testdata/two-namespaces.json"}},
		{"two-namespaces-shop", "-n shop: the one RC of the other namespace is named in the skipped line",
			[]string{"-now", "2026-11-01T12:10:00Z", "-n", "shop", "testdata/two-namespaces.json"}},
		{"stuck-pending-json", "-o json: the documented schema, for scripts",
			[]string{"-o", "json", "testdata/stuck-pending.json"}},
		{"missing-phase-json", "-o json carries the warnings",
			[]string{"-o", "json", "testdata/missing-phase.json"}},
		{"odd-annotations", "issue 35 item 19: phase Banana, version 5a, cancelled maybe, an undecodable encoded DC and a restored twin, each warned of",
			[]string{"-now", "2026-11-30T10:00:00Z", "testdata/odd-annotations.json"}},
		{"dc-alone", "issue 35 item 19: `oc get dc` piped alone: latestVersion 3 and no RCs is warned of, the health is missing",
			[]string{"-now", "2026-11-01T12:40:00Z", "testdata/dc-alone.json"}},
		{"kindless-item", "issue 35 item 19: a List item without a kind is skipped, and said so",
			[]string{"-now", "2026-11-01T12:40:00Z", "testdata/kindless-item.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(tt.args, "")
			if got.code != exitOK || got.stderr != "" {
				t.Fatalf("preview %s: exit %d, stderr %q [%s]", strings.Join(tt.args, " "), got.code, got.stderr, tt.why)
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got.stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got.stdout); d != "" {
				t.Errorf("preview %s mismatch (-want +got) [%s]:\n%s", strings.Join(tt.args, " "), tt.why, d)
			}
		})
	}
}

// TestSameOutput checks that different command lines that mean the same
// thing print the same preview.
func TestSameOutput(t *testing.T) {
	data, err := os.ReadFile("testdata/stuck-pending.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		why  string
		a, b []string
		in   string // standard input of b
	}{
		{"positional file", "a file named without -f is read, not standard input",
			[]string{"-f", "testdata/stuck-pending.json"}, []string{"testdata/stuck-pending.json"}, ""},
		{"stdin", "no file: standard input; \"-\" names it too",
			[]string{"testdata/stuck-pending.json"}, []string{"-"}, string(data)},
		{"flags after the file", "flags may follow the file name",
			[]string{"-profile", "Exact", "testdata/stuck-pending.json"}, []string{"testdata/stuck-pending.json", "-profile", "Exact"}, ""},
		{"profile any case", "-profile exact is -profile Exact",
			[]string{"-profile", "Exact", "testdata/stuck-pending.json"}, []string{"-profile", "exact", "testdata/stuck-pending.json"}, ""},
		{"json with a latin-1 byte", "a document starting with { goes to the decoder, which reads a stray byte that is not UTF-8: not binary data; oc describe shows the DC's annotation with U+FFFD",
			[]string{"testdata/stuck-pending.json"}, []string{"-"}, strings.Replace(string(data), "OpenShiftNewApp", "OpenShift\xe9NewApp", 1)},
		{"-o any case", "-o JSON is -o json",
			[]string{"-o", "json", "testdata/stuck-pending.json"}, []string{"-o", "JSON", "testdata/stuck-pending.json"}, ""},
		{"--namespace", "--namespace is -n",
			[]string{"-n", "shop", "testdata/two-namespaces.json"}, []string{"--namespace", "shop", "-dc", "frontend", "testdata/two-namespaces.json"}, ""},
		{"-n of the only namespace", "with one DC, -n naming its namespace changes nothing",
			[]string{"testdata/stuck-pending.json"}, []string{"-n", "shop", "testdata/stuck-pending.json"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := runCLI(tt.a, ""), runCLI(tt.b, tt.in)
			if a.code != exitOK || b.code != exitOK {
				t.Fatalf("exit %d (%s) and %d (%s), want 0 [%s]", a.code, a.stderr, b.code, b.stderr, tt.why)
			}
			if tt.name == "json with a latin-1 byte" {
				a.stdout = strings.Replace(a.stdout, "OpenShiftNewApp", "OpenShift\uFFFDNewApp", 1)
			}
			if d := cmp.Diff(a.stdout, b.stdout); d != "" {
				t.Errorf("preview %v and %v differ (-a +b) [%s]:\n%s", tt.a, tt.b, tt.why, d)
			}
		})
	}
}

// TestRefusals checks every way the command refuses to preview: the exit
// status, the message on standard error, and nothing on standard output.
func TestRefusals(t *testing.T) {
	twoDCs := `{"kind":"List","apiVersion":"v1","items":[` +
		`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"a","namespace":"ns"}},` +
		`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"b","namespace":"ns"}}]}`
	sameTwice := strings.Replace(twoDCs, `"name":"b"`, `"name":"a"`, 1)
	tests := []struct {
		name  string
		why   string
		args  []string
		stdin string
		code  int
		want  string
	}{
		{"extra arguments", "one document at a time", []string{"testdata/stuck-pending.json", "testdata/foreign-rc.json"}, "",
			exitUsage, "usage: one document at a time, got 2: testdata/stuck-pending.json testdata/foreign-rc.json"},
		{"-f and a file", "-f and a positional file are two documents", []string{"-f", "x.json", "y.json"}, "",
			exitUsage, "usage: one document at a time, got 2: x.json y.json"},
		{"unknown flag", "the flag package's error, as a usage error", []string{"-x"}, "",
			exitUsage, "usage: flag provided but not defined: -x"},
		{"unknown profile", "the error lists the valid profiles", []string{"-profile", "strict"}, "",
			exitUsage, `-profile: dcplan: invalid settings: unknown preset "strict": want one of Modern, Exact, Origin10, Origin13, Origin15, Origin (any case)`},
		{"bad -o", "text or json", []string{"-o", "yaml"}, "", exitUsage, `-o "yaml": want text or json`},
		{"bad -now", "RFC 3339", []string{"-now", "noon"}, "", exitUsage, "usage: -now: parsing time"},
		{"negative -to", "revisions are positive; 0 is each command's default, as -h says (Exact's undo returns to latestVersion - 1, whatever its phase)",
			[]string{"-to", "-1"}, "", exitUsage, "-to -1: a revision is positive (0: each command's default)"},
		{"missing file", "the error names the file", []string{"nope.json"}, "", exitInput, "open nope.json: no such file or directory"},
		{"empty input", "nothing on standard input: say what to pipe in", nil, " \n", exitInput,
			"empty input: pipe `oc get dc,rc,pods -o json` into preview, or name the file it was saved in"},
		{"empty file", "an empty file is empty input too", []string{os.DevNull}, "", exitInput, "empty input"},
		{"nameless dc", "a DC without a name makes no snapshot: refused, not six sections of the library's error dressed as oc's",
			nil, `{"kind":"List","items":[{"kind":"DeploymentConfig"}]}`, exitInput, "metadata.name: must not be empty"},
		{"table", "oc's default output is a table: say to use -o json", nil,
			"NAME                                        REVISION   DESIRED   CURRENT   TRIGGERED BY\ndeploymentconfig.apps.openshift.io/web   3          2         2         config\n",
			exitInput, "oc's table (or -o name) output"},
		{"names", "oc get -o name prints one resource/name a line", nil,
			"deploymentconfig.apps.openshift.io/web\nreplicationcontroller/web-1\n", exitInput, "oc's table (or -o name) output"},
		{"yaml", "-o yaml: say to use -o json", nil, "apiVersion: v1\nitems:\n- kind: DeploymentConfig\n", exitInput,
			"the input looks like YAML; preview reads JSON: run `oc get dc,rc,pods -o json`"},
		{"yaml document marker", "a YAML stream starting with ---", nil, "---\nkind: List\n", exitInput, "looks like YAML"},
		{"not json", "the decoder's error, wrapped, where encoding/json finds it", nil, "nope", exitInput,
			"reading the document: line 1, column 2: dcplan: malformed object"},
		{"json error offset", "issue 35 item 19: a syntax error deep in the document names its line and column", nil,
			"{\n  \"kind\": \"List\",\n  \"items\": [,]\n}", exitInput, "reading the document: line 3, column 13: "},
		{"random bytes", "issue 35 item 19: binary data is not called YAML", nil, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", exitInput,
			"the input is not text (16 bytes, binary data?)"},
		{"oc error text", "issue 35 item 19: oc's own error, saved in place of its output, is not called YAML", nil,
			"Error from server (Forbidden): deploymentconfigs.apps.openshift.io is forbidden: User \"dev\" cannot list resource\n", exitInput,
			`the input is an error message from oc, not its output: "Error from server (Forbidden): deploymentconfigs.apps.openshift.io is forbidden`},
		{"oc warning first", "oc get dc prints a deprecation warning on stderr (OpenShift 4.14+): with 2>&1 it comes before the JSON, which is no YAML", nil,
			"Warning: apps.openshift.io/v1 DeploymentConfig is deprecated in v4.14+, unavailable in v4.10000+\n{\"kind\":\"List\",\"items\":[]}\n", exitInput,
			`the input starts with a warning oc printed on its standard error: "Warning: apps.openshift.io/v1 DeploymentConfig is deprecated in v4.14+, unavailable in v4.10000+"; pipe or save only its standard output (no 2>&1)`},
		{"odd utf-16", "UTF-16 of an odd length", nil, "\xff\xfe{\x00}", exitInput, "the input reads as UTF-16 but has an odd number of bytes"},
		{"no dc", "a document without a DeploymentConfig", nil, `{"kind":"List","apiVersion":"v1","items":[]}`, exitInput,
			"the document holds no DeploymentConfig"},
		{"kindless dc", "the DC is a List item without a kind: the refusal says it was skipped, as the warnings would, not only that there is no DC", nil,
			`{"kind":"List","items":[{"apiVersion":"apps.openshift.io/v1","metadata":{"name":"frontend","namespace":"shop"}}]}`, exitInput,
			"the document holds no DeploymentConfig\nitems[0]: a List item without a kind (metadata.name \"frontend\"): preview cannot tell a DC from an RC or a pod and skipped it"},
		{"unknown dc", "-dc names a DC that is not there", []string{"-dc", "web", "testdata/stuck-pending.json"}, "", exitInput,
			`deployment config "web" is not in the document`},
		{"unknown namespace", "-n names a namespace without the DC", []string{"-n", "prod", "testdata/stuck-pending.json"}, "", exitInput,
			"the document holds no DeploymentConfig in namespace prod"},
		{"two dcs", "several DCs need -dc", nil, twoDCs, exitInput, "several DeploymentConfigs (ns/a, ns/b): choose one with -dc"},
		{"two namespaces", "one DC name in two namespaces without -n: an error, not a silent pick",
			[]string{"testdata/two-namespaces.json"}, "", exitInput,
			`deployment config "frontend" is in several namespaces (shop, staging): choose one with -n`},
		{"utf-16 starts with ascii", "a first byte 0x80 then NUL is not UTF-16 without a BOM: binary data", nil, "\x80\x00{\x00}\x00", exitInput,
			"the input is not text (6 bytes, binary data?)"},
		{"nul bytes", "NUL NUL is not UTF-16 either: binary data, not an odd UTF-16 length", nil, "\x00\x00\x00", exitInput,
			"the input is not text (3 bytes, binary data?)"},
		{"yaml with a tab", "a tab is text: YAML, not binary data", nil, "kind: List\nmetadata:\n  note: \"a\tb\"\n", exitInput,
			"the input looks like YAML"},
		{"yaml with crlf", "Windows line ends are text: YAML, not binary data", nil, "apiVersion: v1\r\nkind: List\r\n", exitInput,
			"the input looks like YAML"},
		{"yaml comment", "a YAML stream starting with a comment", nil, "# saved from oc\nkind: List\n", exitInput, "looks like YAML"},
		{"yaml key alone", "a mapping key ending its line", nil, "items:\n- kind: DeploymentConfig\n", exitInput, "looks like YAML"},
		{"oc error with crlf", "the quoted line of oc's error ends before the carriage return", nil,
			"error: the server doesn't have a resource type \"dc\"\r\nerror: run 'oc api-resources'\r\n", exitInput,
			`not its output: "error: the server doesn't have a resource type \"dc\""; fix the oc command first`},
		{"json array", "a top-level array is JSON, refused by the decoder in its words, even with a byte that is not UTF-8", nil, "[\"caf\xe9\"]", exitInput,
			"want a JSON object, got array"},
		{"one dc twice", "the same namespace/name twice is no choice of -n or -dc", nil, sameTwice, exitInput,
			"the document holds deployment config ns/a 2 times"},
		{"two namespaces with -dc", "-dc does not choose the namespace",
			[]string{"-dc", "frontend", "testdata/two-namespaces.json"}, "", exitInput,
			`deployment config "frontend" is in several namespaces (shop, staging): choose one with -n`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(tt.args, tt.stdin)
			if got.code != tt.code || !strings.Contains(got.stderr, tt.want) {
				t.Errorf("preview %v: exit %d, stderr %q; want exit %d and %q [%s]", tt.args, got.code, got.stderr, tt.code, tt.want, tt.why)
			}
			if got.stdout != "" {
				t.Errorf("preview %v wrote %q on a refusal [%s]", tt.args, got.stdout, tt.why)
			}
		})
	}
}

// TestStrict checks --strict on every file of testdata/: exit status 3
// after the preview when the rollout is not healthy or the input is
// inconsistent, 0 otherwise, and that without --strict the same inputs
// exit 0 with the same output. A refused operation is no failure: the
// healthy DC (whose retry oc refuses, as nothing failed) exits 0, and the
// failed rollout (every operation goes through) exits 3 (issue 35 item
// 18). A file added to testdata/ needs its line here.
func TestStrict(t *testing.T) {
	tests := map[string]struct {
		why  string
		args []string // before the file
		code int
		want string // on standard error
	}{
		"healthy-history.json": {"the latest rollout is complete; retry's refusal is the normal answer", nil, exitOK, ""},
		"failed-unobserved.json": {"the latest rollout failed, though every operation goes through and status waits", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (failed): rollout #3 (frontend-3) failed: cancelled by the user\n"},
		"failed-after-cancel.json": {"a cancelled rollout failed", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (failed): rollout #3 (frontend-3) failed: cancelled by the user\n"},
		"stuck-pending.json": {"a rollout under way is not healthy yet", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (progressing): rollout #3 (frontend-3) is pending\n"},
		"paused.json": {"a rollout held by a paused DC; the refusals of a paused DC are normal", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (progressing): rollout #3 (frontend-3) is pending, and the DC is paused\n"},
		"status-behind.json": {"a DC status behind its RCs is inconsistent", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (progressing): rollout #3 (frontend-3) is pending; 1 warning(s) about the input\n"},
		"missing-phase.json": {"an RC without a phase: inconsistent, and its health unknown", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (unknown): rollout #3 (frontend-3) has no phase annotation; 1 warning(s) about the input\n"},
		"foreign-rc.json": {"an RC of another controller: inconsistent", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (progressing): rollout #3 (frontend-3) is pending; 1 warning(s) about the input\n"},
		"two-namespaces.json": {"staging's only rollout is complete, but its DC status has not counted its replicas: oc rollout status waits", []string{"-n", "staging"},
			exitStrict, "preview: --strict: the rollout is not healthy (progressing): rollout #1 (frontend-1) is complete, but oc rollout status waits: Waiting for rollout to finish: 0 out of 3 new replicas have been updated...\n"},
		"odd-annotations.json": {"a healthy rollout over hand-edited annotations: the warnings alone fail it", nil,
			exitStrict, "preview: --strict: 5 warning(s) about the input\n"},
		"dc-alone.json": {"`oc get dc` alone: no RC of latestVersion", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (missing): rollout #3 has no replication controller in the document (frontend-3); 1 warning(s) about the input\n"},
		"kindless-item.json": {"a skipped item, and a rollout under way", nil,
			exitStrict, "preview: --strict: the rollout is not healthy (progressing): rollout #3 (frontend-3) is pending; 1 warning(s) about the input\n"},
	}
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		file := filepath.Base(path)
		t.Run(file, func(t *testing.T) {
			tt, ok := tests[file]
			if !ok {
				t.Fatalf("testdata/%s has no expectation in TestStrict", file)
			}
			args := append(append([]string{"--strict", "-now", "2026-11-01T12:10:00Z"}, tt.args...), path)
			got := runCLI(args, "")
			if got.code != tt.code || got.stderr != tt.want {
				t.Errorf("preview %s: exit %d, stderr %q; want %d, %q [%s]", strings.Join(args, " "), got.code, got.stderr, tt.code, tt.want, tt.why)
			}
			if !strings.Contains(got.stdout, "$ oc rollback") {
				t.Errorf("preview --strict %s did not print the preview first [%s]", file, tt.why)
			}
			if lax := runCLI(args[1:], ""); lax.code != exitOK || lax.stdout != got.stdout {
				t.Errorf("preview %s without --strict: exit %d, or other output [%s]", file, lax.code, tt.why)
			}
		})
	}
	if len(files) != len(tests) {
		t.Errorf("%d files in testdata/, %d expectations: remove the stale ones", len(files), len(tests))
	}
}

// TestJSONSchema decodes -o json output into the documented schema with
// unknown fields disallowed, so a field added without documenting it, or
// a documented one renamed, fails here.
func TestJSONSchema(t *testing.T) {
	type schemaV1 struct {
		Schema        string   `json:"schema"`
		Namespace     string   `json:"namespace"`
		Config        string   `json:"config"`
		LatestVersion int64    `json:"latestVersion"`
		Replicas      int32    `json:"replicas"`
		Paused        bool     `json:"paused"`
		Profile       string   `json:"profile"`
		Now           string   `json:"now"`
		RCs           int      `json:"rcs"`
		Pods          int      `json:"pods"`
		Skipped       []string `json:"skipped"`
		Warnings      []struct {
			Code, Object, Message string
		} `json:"warnings"`
		Health struct {
			State, Message string
		} `json:"health"`
		History []struct {
			Revision          int64
			Name, Status      string
			Cancelled         bool
			Cause             string
			Replicas, Current int32
		} `json:"history"`
		Describe   string `json:"describe"`
		Operations []struct {
			Name, Command string
			State         string
			Plan          []string
			Refused       bool
			Error, Output string
			Rules         []string
		} `json:"operations"`
		Rules []struct{ ID, Text string } `json:"rules"`
	}
	got := runCLI([]string{"-o", "json", "testdata/missing-phase.json"}, "")
	dec := json.NewDecoder(strings.NewReader(got.stdout))
	dec.DisallowUnknownFields()
	var r schemaV1
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("-o json does not decode into the documented schema: %v", err)
	}
	var names []string
	for _, op := range r.Operations {
		names = append(names, op.Name)
	}
	if d := cmp.Diff([]string{"status", "cancel", "retry", "latest", "undo", "pause", "rollback"}, names); d != "" {
		t.Errorf("operations (-want +got):\n%s", d)
	}
	if st := r.Operations[0]; st.State != "in progress" || st.Refused || len(st.Plan) != 0 ||
		st.Output != "Waiting for rollout to finish: 0 out of 3 new replicas have been updated...\n" {
		t.Errorf("status = %+v, want in progress with the viewer's replica message and no plan", st)
	}
	for _, op := range r.Operations[1:] {
		if op.State != "" {
			t.Errorf("%s has state %q; only status has one", op.Name, op.State)
		}
	}
	if r.Schema != schema || len(r.Warnings) != 1 || r.Warnings[0].Code != warnMissingPhase || r.Warnings[0].Object != "rc/frontend-3" {
		t.Errorf("schema %q, warnings %+v; want %q and one missing-phase warning on rc/frontend-3", r.Schema, r.Warnings, schema)
	}
	if d := cmp.Diff([]string{}, r.Skipped); d != "" {
		t.Errorf("skipped (-want +got):\n%s", d)
	}
	if !r.Operations[2].Refused || !strings.HasPrefix(r.Operations[2].Error, "error: rollout #3 is ; only failed") {
		t.Errorf("retry = %+v, want refused with oc's error", r.Operations[2])
	}
}

// TestJSONHistoryStatus checks that -o json's history lists each RC's
// status as oc rollout history's STATUS column prints it: a hand-edited
// phase as written, a missing one empty (SPEC 6m.5.4, 13.1).
func TestJSONHistoryStatus(t *testing.T) {
	got := runCLI([]string{"-now", "2026-11-30T10:00:00Z", "-o", "json", "testdata/odd-annotations.json"}, "")
	var r struct {
		History []struct {
			Name, Status string
		} `json:"history"`
	}
	if err := json.Unmarshal([]byte(got.stdout), &r); err != nil {
		t.Fatalf("-o json: %v", err)
	}
	status := map[string]string{}
	for _, h := range r.History {
		status[h.Name] = h.Status
	}
	want := map[string]string{
		"frontend-4": "Banana", "frontend-5": "Complete", "frontend-6": "Failed",
		"frontend-7": "Complete", "frontend-7-restored": "Complete", "frontend-8": "Complete",
	}
	if d := cmp.Diff(want, status); d != "" {
		t.Errorf("history status by RC (-want +got):\n%s", d)
	}
}

// TestWarnings checks each warning alone, and that consistent inputs
// have none.
func TestWarnings(t *testing.T) {
	tests := []struct {
		name string
		why  string
		file string
		want []string // code object
	}{
		{"consistent", "the three original fixtures are consistent", "stuck-pending.json", nil},
		{"consistent history", "a long healthy history", "healthy-history.json", nil},
		{"missing phase", "RC without openshift.io/deployment.phase", "missing-phase.json", []string{"missing-phase rc/frontend-3"}},
		{"status behind", "status.latestVersion 2, RC version 3", "status-behind.json", []string{"status-behind dc/frontend"}},
		{"foreign rc", "frontend-2 is controlled by another DC's UID", "foreign-rc.json", []string{"foreign-rc rc/frontend-2"}},
		// Issue 35 item 19: true and complete.
		{"odd annotations", "a phase that is there but unknown is not a missing one; each hand edit is named",
			"odd-annotations.json", []string{
				"unreadable-version rc/frontend-5", "unknown-phase rc/frontend-4", "cancelled-value rc/frontend-6", "encoded-config rc/frontend-7",
				"duplicate-version rc/frontend-7, rc/frontend-7-restored"}},
		{"dc alone", "latestVersion 3 and no RC at all", "dc-alone.json", []string{"latest-missing dc/frontend"}},
		{"kindless item", "a List item without a kind, which the decoder skips", "kindless-item.json", []string{"kindless-item items[2]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			r, err := preview(data, options{Now: clock})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range r.Warnings {
				got = append(got, w.Code+" "+w.Object)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("warnings of %s (-want +got) [%s]:\n%s", tt.file, tt.why, d)
			}
		})
	}
}

// TestWarningTexts pins the words of the warnings issue 35 item 19
// found false or missing: a phase annotation that is there is not called
// missing, and each hand edit is quoted as written.
func TestWarningTexts(t *testing.T) {
	data, err := os.ReadFile("testdata/odd-annotations.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := preview(data, options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for _, w := range r.Warnings {
		texts[w.Code] = w.Message
	}
	for code, want := range map[string]string{
		warnUnknownPhase:     `openshift.io/deployment.phase is "Banana", none of New, Pending, Running, Complete, Failed`,
		warnUnreadableVer:    `openshift.io/deployment-config.latest-version is "5a", not a number: oc and the controllers read version -1`,
		warnCancelledValue:   `openshift.io/deployment.cancelled is "maybe": only "true" (any case) cancels`,
		warnEncodedConfig:    `openshift.io/encoded-deployment-config does not decode (couldn't get version/kind; json parse error: unexpected end of JSON input)`,
		warnDuplicateVersion: `2 RCs share version 7`,
	} {
		if !strings.HasPrefix(texts[code], want) {
			t.Errorf("warning %s = %q, want it to start %q", code, texts[code], want)
		}
	}
	if strings.Contains(texts[warnMissingPhase], "Banana") || texts[warnMissingPhase] != "" {
		t.Errorf("an RC with phase Banana is called missing its phase: %q", texts[warnMissingPhase])
	}
}

// TestInputEncodings: a UTF-8 byte order mark, and UTF-16 with or without
// one (PowerShell's redirection), preview as the UTF-8 file does (issue
// 35 item 19: they got "invalid character").
func TestInputEncodings(t *testing.T) {
	data, err := os.ReadFile("testdata/stuck-pending.json")
	if err != nil {
		t.Fatal(err)
	}
	utf16 := func(big, bom bool) string {
		var b []byte
		if bom {
			b = append(b, 0xff, 0xfe)
			if big {
				b = []byte{0xfe, 0xff}
			}
		}
		for _, r := range string(data) { // the fixture is ASCII
			if big {
				b = append(b, 0, byte(r))
			} else {
				b = append(b, byte(r), 0)
			}
		}
		return string(b)
	}
	want := runCLI([]string{"-now", "2026-11-01T12:40:00Z", "-"}, string(data))
	for name, in := range map[string]string{
		"utf-8 bom":         "\xef\xbb\xbf" + string(data),
		"utf-16le bom":      utf16(false, true),
		"utf-16be bom":      utf16(true, true),
		"utf-16le, no bom":  utf16(false, false),
		"utf-16be, no bom:": utf16(true, false),
	} {
		got := runCLI([]string{"-now", "2026-11-01T12:40:00Z", "-"}, in)
		if got.code != exitOK || got.stdout != want.stdout {
			t.Errorf("%s: exit %d, stderr %q, or another preview than UTF-8's", name, got.code, got.stderr)
		}
	}
}

// terminal is a standard input that is a terminal: Stat says a character
// device, and a read would wait for the user.
type terminal struct{ read bool }

func (t *terminal) Read([]byte) (int, error) { t.read = true; return 0, io.EOF }

func (*terminal) Stat() (os.FileInfo, error) { return ttyInfo{}, nil }

type ttyInfo struct{ os.FileInfo }

func (ttyInfo) Mode() os.FileMode { return os.ModeDevice | os.ModeCharDevice | 0o620 }

// TestTerminalStdin: with standard input a terminal and no file named,
// preview prints its usage and exits 2 without reading, instead of
// waiting silently for a document (issue 35 item 19).
func TestTerminalStdin(t *testing.T) {
	for _, args := range [][]string{nil, {"-"}, {"-profile", "Exact"}} {
		in := &terminal{}
		var out, errOut bytes.Buffer
		code := cli(args, in, &out, &errOut, clock)
		if code != exitUsage || in.read || out.Len() > 0 ||
			!strings.Contains(errOut.String(), "preview: standard input is a terminal: pipe `oc get dc,rc,pods -o json` into preview, or name a file") {
			t.Errorf("preview %v on a terminal: exit %d, read %v, stdout %q, stderr %q; want exit 2 and the usage, nothing read", args, code, in.read, out.String(), errOut.String())
		}
	}
	// A file named is read, whatever standard input is.
	var out, errOut bytes.Buffer
	if code := cli([]string{"testdata/stuck-pending.json"}, &terminal{}, &out, &errOut, clock); code != exitOK {
		t.Errorf("preview file.json with a terminal for stdin: exit %d, stderr %q", code, errOut.String())
	}
}

// TestDevNullStdin: standard input redirected from the null device (a
// character device, but no terminal: cron, CI, ssh without a terminal)
// is empty input, exit 1, as the file /dev/null named is, where preview
// said "standard input is a terminal" and exited 2.
func TestDevNullStdin(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	var out, errOut bytes.Buffer
	if code := cli(nil, null, &out, &errOut, clock); code != exitInput || !strings.Contains(errOut.String(), "preview: empty input") {
		t.Errorf("preview < %s: exit %d, stderr %q; want exit 1 and empty input", os.DevNull, code, errOut.String())
	}
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestHelp checks that -h exits 0 and that the -profile flag's help
// names every preset the flag accepts, "Origin" included.
func TestHelp(t *testing.T) {
	got := runCLI([]string{"-h"}, "")
	want := "any case: Modern, Exact, Origin10, Origin13, Origin15, Origin (default \"Modern\")"
	if got.code != exitOK || !strings.Contains(got.stderr, want) {
		t.Errorf("preview -h: exit %d, stderr %q; want exit 0 and the profiles %q", got.code, got.stderr, want)
	}
}

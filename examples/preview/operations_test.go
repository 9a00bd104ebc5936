package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// summary is one operation in one line: name, command, state (status
// only), how many writes its plan holds, refused or not, and oc's error
// or output with newlines shown as \n; a refusal that oc prints output
// before adds it as output="...".
func summary(op operation) string {
	text := op.Output
	if op.Refused {
		text = op.Error
	}
	state := ""
	if op.State != "" {
		state = " [" + op.State + "]"
	}
	line := fmt.Sprintf("%s: %s%s writes=%d refused=%t %q", op.Name, op.Command, state, len(op.Plan), op.Refused, text)
	if op.Refused && op.Output != "" {
		line += fmt.Sprintf(" output=%q", op.Output)
	}
	return line
}

// TestOperations checks the sections of each preset on the fixtures: which
// commands are shown and under which name, and for the sections each case
// is about, the plan size, the refusal and oc's text (SPEC 6m for Modern
// and Exact, SPEC 6 for the Origin presets).
func TestOperations(t *testing.T) {
	today := []string{"status", "cancel", "retry", "latest", "undo", "pause", "rollback"}
	seeds := []string{"status", "cancel", "retry", "latest", "deploy-latest", "undo", "pause", "rollback"}
	tests := []struct {
		name    string
		why     string
		file    string
		ns      string // -n
		profile dcplan.Preset
		to      dcplan.Version
		names   []string
		want    []string // summaries of the operations the case is about
	}{
		{"modern in flight", "today's oc on a Pending rollout; Modern prints the cancel line upstream loses",
			"stuck-pending.json", "", dcplan.Modern, 0, today, []string{
				`status: oc rollout status dc/frontend [in progress] writes=0 refused=false "Waiting for rollout to finish: 0 out of 3 new replicas have been updated...\n"`,
				`cancel: oc rollout cancel dc/frontend writes=1 refused=false "deploymentconfig.apps.openshift.io/frontend cancelling\n"`,
				`latest: oc rollout latest dc/frontend writes=0 refused=true "error: #3 is already in progress (Pending)."`,
				`undo: oc rollout undo dc/frontend writes=1 refused=false "deploymentconfig.apps.openshift.io/frontend rolled back\n"`,
				`pause: oc rollout pause dc/frontend writes=1 refused=false "deploymentconfig.apps.openshift.io/frontend paused\n"`,
			}},
		{"exact in flight", "Exact: a successful cancel prints nothing (SPEC 6m.1)",
			"stuck-pending.json", "", dcplan.Exact, 0, today, []string{
				`cancel: oc rollout cancel dc/frontend writes=1 refused=false ""`,
			}},
		{"done", "status of a rolled-out DC: the condition's message, done",
			"healthy-history.json", "", dcplan.Modern, 0, today, []string{
				`status: oc rollout status dc/frontend [done] writes=0 refused=false "replication controller \"frontend-8\" successfully rolled out\n"`,
			}},
		{"cancelled", "status of a cancelled rollout fails with the condition's message",
			"failed-after-cancel.json", "", dcplan.Modern, 0, today, []string{
				`status: oc rollout status dc/frontend [failed] writes=0 refused=true "error: rollout of replication controller \"frontend-3\" was cancelled"`,
			}},
		{"not observed", "a generation the controller has not observed: the status viewer waits for it",
			"failed-unobserved.json", "", dcplan.Modern, 0, today, []string{
				`status: oc rollout status dc/frontend [in progress] writes=0 refused=false "Waiting for latest deployment config spec to be observed by the controller loop...\n"`,
			}},
		{"undo to a revision", "-to names the revision of undo as --to-revision",
			"healthy-history.json", "", dcplan.Exact, 5, today, []string{
				`undo: oc rollout undo dc/frontend --to-revision=5 writes=1 refused=false "deploymentconfig.apps.openshift.io/frontend rolled back\n"`,
			}},
		{"to revision 1", "-to 1 is a revision too: --to-revision=1 and --to-version=1, both refused as frontend-1 is gone (SPEC 6m.4a, 6m.4b)",
			"healthy-history.json", "", dcplan.Modern, 1, today, []string{
				`undo: oc rollout undo dc/frontend --to-revision=1 writes=0 refused=true "The DeploymentConfigRollback \"frontend\" is invalid: name: Invalid value: \"frontend\": replicationcontrollers \"frontend-1\" not found"`,
				`rollback: oc rollback dc/frontend --to-version=1 writes=0 refused=true "error: couldn't find deployment for rollback"`,
			}},
		{"undo refused by the server", "an Invalid status error prints as kubectl prints it, without \"error: \" (SPEC 6m.4a)",
			"two-namespaces.json", "staging", dcplan.Modern, 0, today, []string{
				`undo: oc rollout undo dc/frontend writes=0 refused=true "The DeploymentConfigRollback \"frontend\" is invalid: name: Invalid value: \"frontend\": no previous deployment exists for \"staging/frontend\""`,
			}},
		{"modern paused", "Modern: status ends on the paused DC, cancel refuses before writing, resume instead of pause",
			"paused.json", "", dcplan.Modern, 0, []string{"status", "cancel", "retry", "latest", "undo", "resume", "rollback"}, []string{
				`status: oc rollout status dc/frontend [failed] writes=0 refused=true "error: Deployment config \"frontend\" is paused. Resume to continue watching the status of the rollout."`,
				`cancel: oc rollout cancel dc/frontend writes=0 refused=true "error: unable to cancel paused deployment shop/frontend"`,
				`retry: oc rollout retry dc/frontend writes=0 refused=true "error: unable to retry paused deployment config \"frontend\""`,
				`latest: oc rollout latest dc/frontend writes=0 refused=true "error: cannot deploy a paused deployment config"`,
				`undo: oc rollout undo dc/frontend writes=0 refused=true "error: cannot rollback a paused config; resume it first with 'rollout resume dc/frontend' and try again"`,
				`resume: oc rollout resume dc/frontend writes=1 refused=false "deploymentconfig.apps.openshift.io/frontend resumed\n"`,
				`rollback: oc rollback dc/frontend writes=0 refused=true "error: cannot rollback a paused deployment config"`,
			}},
		{"exact paused", "Exact: status never ends on a paused DC; cancel writes and then fails (SPEC 13.2)",
			"paused.json", "", dcplan.Exact, 0, []string{"status", "cancel", "retry", "latest", "undo", "resume", "rollback"}, []string{
				`status: oc rollout status dc/frontend [in progress] writes=0 refused=false "Waiting for rollout to finish: 0 out of 3 new replicas have been updated...\n"`,
				`cancel: oc rollout cancel dc/frontend writes=1 refused=true "error: unable to cancel paused deployment shop/frontend"`,
			}},
		{"origin10", "generation A cancel, the oldest retry wording, oc deploy --latest's oldest refusal (SPEC 6.1-6.3)",
			"stuck-pending.json", "", dcplan.Origin10, 0, seeds, []string{
				`cancel: oc deploy --cancel dc/frontend writes=1 refused=false "no active deployments to cancel\nno active deployments to cancel\ncancelled #3\n"`,
				`retry: oc deploy --retry dc/frontend writes=0 refused=true "error: #3 is Pending; only failed deployments can be retried.\nOptionally, you can cancel this deployment using the --cancel option."`,
				`deploy-latest: oc deploy --latest dc/frontend writes=0 refused=true "error: #3 is already in progress (Pending).\nOptionally, you can cancel this deployment using the --cancel option."`,
			}},
		{"origin13", "generation B cancel line with the DC's latestVersion",
			"stuck-pending.json", "", dcplan.Origin13, 0, seeds, []string{
				`cancel: oc deploy --cancel dc/frontend writes=1 refused=false "cancelled deployment #3\n"`,
			}},
		{"origin15", "generation C texts; oc deploy --latest starts #4 and names the logs command",
			"failed-after-cancel.json", "", dcplan.Origin15, 0, seeds, []string{
				`cancel: oc deploy --cancel dc/frontend writes=0 refused=false "No deployments are in progress (latest deployment #3 failed 11 minutes ago)\n"`,
				`retry: oc deploy --retry dc/frontend writes=2 refused=false "Retried #3\nUse 'oc logs -f dc/frontend' to track its progress.\n"`,
				`deploy-latest: oc deploy --latest dc/frontend writes=1 refused=false "Started deployment #4\nUse 'oc logs -f dc/frontend' to track its progress.\n"`,
			}},
		{"origin15 paused", "the newer oc deploy --latest refuses a paused DC; generation C cancel refuses it too",
			"paused.json", "", dcplan.Origin15, 0, []string{"status", "cancel", "retry", "latest", "deploy-latest", "undo", "resume", "rollback"}, []string{
				`cancel: oc deploy --cancel dc/frontend writes=0 refused=true "error: cannot cancel a paused deployment config"`,
				`deploy-latest: oc deploy --latest dc/frontend writes=0 refused=true "error: cannot deploy a paused deployment config"`,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			r, err := preview(data, options{Now: at("2026-11-01T12:10:00Z"), Namespace: tt.ns, Profile: tt.profile, To: tt.to})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			byName := map[string]string{}
			for _, op := range r.Operations {
				names = append(names, op.Name)
				byName[op.Name] = summary(op)
			}
			if d := cmp.Diff(tt.names, names); d != "" {
				t.Errorf("operations of %s, %v (-want +got) [%s]:\n%s", tt.file, tt.profile, tt.why, d)
			}
			for _, want := range tt.want {
				name, _, _ := strings.Cut(want, ":")
				if got := byName[name]; got != want {
					t.Errorf("%s of %s, %v [%s]:\n got %s\nwant %s", name, tt.file, tt.profile, tt.why, got, want)
				}
			}
		})
	}
}

// TestRuleTexts checks that every rule a section can cite, over every
// fixture and preset, has its own line in the "rules cited" list (not the
// fallback), and that each of those lines is about a rule of the index,
// docs/rules.md.
func TestRuleTexts(t *testing.T) {
	index, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	indexed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^- `([^`]+)` — ").FindAllStringSubmatch(string(index), -1) {
		indexed[m[1]] = true
	}
	for id := range ruleText {
		if !indexed[string(id)] {
			t.Errorf("ruleText has %s, which docs/rules.md does not index", id)
		}
	}

	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	cited := map[string]bool{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, preset := range dcplan.Presets() {
			r, err := preview(data, options{Now: clock, Profile: preset, Namespace: "shop"})
			if err != nil {
				t.Fatalf("%s, %v: %v", file, preset, err)
			}
			for _, rl := range r.Rules {
				cited[rl.ID] = true
				if _, ok := ruleText[dcplan.Rule(rl.ID)]; !ok {
					t.Errorf("%s, %v cites %s, which has no line in ruleText (it prints %q)", file, preset, rl.ID, rl.Text)
				}
			}
			for _, op := range r.Operations {
				if op.Name == opStatus && !slices.Equal(op.Rules, []string{string(ruleStatus)}) {
					t.Errorf("%s, %v: status cites %v, want [%s]", file, preset, op.Rules, ruleStatus)
				}
			}
		}
	}
	for _, id := range []string{"0.4", "6.3", "6.6", "6m.1.3.5", "6m.6"} {
		if !cited[id] {
			t.Errorf("no fixture and preset cites %s; the sections ported from the single-file preview should", id)
		}
	}
}

// TestOCError checks the error lines against kubectl's CheckErr (SPEC 6m
// "Error output").
func TestOCError(t *testing.T) {
	const invalid = `The DeploymentConfigRollback "frontend" is invalid: name: Invalid value: "frontend": cannot rollback an undeployed config`
	tests := []struct {
		name string
		why  string
		err  error
		want string
	}{
		{"plain", "a plain error gets the prefix", errors.New("cannot deploy a paused deployment config"),
			"error: cannot deploy a paused deployment config"},
		{"two lines", "the prefix goes on the first line only", errors.New("rollout #3 is complete; only failed deployments can be retried.\nYou can start a new deployment with 'oc rollout latest dc/frontend'."),
			"error: rollout #3 is complete; only failed deployments can be retried.\nYou can start a new deployment with 'oc rollout latest dc/frontend'."},
		{"final newline", "a message ending in a newline gets no other; the field leaves it out",
			errors.New("there have been no replication controllers for shop/frontend\n"),
			"error: there have been no replication controllers for shop/frontend"},
		{"prefixed", "a message starting with error: is not prefixed twice",
			errors.New(`error: deploymentconfigs.apps.openshift.io "frontend" is already paused`),
			`error: deploymentconfigs.apps.openshift.io "frontend" is already paused`},
		{"invalid", "an Invalid status error (a refusal whose Printed is its Text) prints without the prefix",
			&dcplan.Refusal{Text: invalid, Printed: invalid}, invalid},
		{"server's error", "a refusal that is the server's error prints as kubectl prints it",
			&dcplan.Refusal{Text: "the object has been modified", Printed: "Error from server (Conflict): the object has been modified"},
			"Error from server (Conflict): the object has been modified"},
		{"several errors", "a refusal of several errors prints them one per line, no prefix",
			fmt.Errorf("wrapped: %w", &dcplan.Refusal{Text: "a\nb", Printed: "a\nb"}), "a\nb"},
		{"not a status", "a message merely mentioning invalid is plain",
			errors.New(`the document is invalid: no kind`), "error: the document is invalid: no kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ocError(tt.err); got != tt.want {
				t.Errorf("ocError(%q) = %q, want %q [%s]", tt.err, got, tt.want, tt.why)
			}
		})
	}
}

// TestCancelPausedPrintsAndFails: under Exact, oc rollout cancel of a
// paused DC records its complaint, goes on (SPEC 6m.1 step 3.2) and,
// with no rollout in flight, prints its "No rollout is in progress" line
// on stdout (step 3.6) before it exits 1 with the complaint on stderr.
// The preview shows both, not the error alone.
func TestCancelPausedPrintsAndFails(t *testing.T) {
	data, err := os.ReadFile("testdata/healthy-history.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	dc := doc["items"].([]any)[0].(map[string]any)
	dc["spec"].(map[string]any)["paused"] = true
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	r, err := preview(data, options{Now: at("2026-11-30T10:00:00Z"), Profile: dcplan.Exact})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, op := range r.Operations {
		got[op.Name] = summary(op)
	}
	for _, want := range []string{
		`cancel: oc rollout cancel dc/frontend writes=0 refused=true "error: unable to cancel paused deployment shop/frontend" output="No rollout is in progress (latest rollout #8 complete 5 days ago)\n"`,
		`resume: oc rollout resume dc/frontend writes=1 refused=false "deploymentconfig.apps.openshift.io/frontend resumed\n"`,
	} {
		name, _, _ := strings.Cut(want, ":")
		if got[name] != want {
			t.Errorf("%s:\n got %s\nwant %s", name, got[name], want)
		}
	}
}

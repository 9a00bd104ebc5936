package rules_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/internal/rules"
	"github.com/google/go-cmp/cmp"
)

// ids renders citations as "kind:id" in order.
func ids(cs []rules.Citation) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Kind.String()+":"+c.ID)
	}
	return out
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name string
		why  string
		file string
		text string
		want []string
	}{
		{"describe line", "Describe ends every action with rule=<id>", "a/testdata/x.txt",
			"scale rc/web-1 v=1 replicas=1->0 rule=3.6.3\nevent dc/web rule=4.3.pending.1\n", []string{"plan:3.6.3", "plan:4.3.pending.1"}},
		{"rule= in a Go string", "the id ends at the escape", "x_test.go",
			`want := "transition rc/web-1 rule=2.2\n"`, []string{"plan:2.2"}},
		{"rule= placeholder", "<id> is not an id", "README.md", "lines end in `rule=<id>`", nil},
		{"rule literals", "keyed field, typed constant and conversion", "x.go",
			"Scale{Rule: \"3.6.3\"}\nconst r dcplan.Rule = \"4.3.new.4\"\nx := dcplan.Rule(\"6m.1.3\")", []string{"plan:3.6.3", "plan:4.3.new.4", "plan:6m.1.3"}},
		{"lowercase rule identifiers", "ruleCancel is a name, not a literal", "x.go", "ruleCancel = \"3.4.3\"", nil},
		{"one spec id", "the list ends at the colon", "x.go", "// SPEC 3.4.3: cancel superseded", []string{"spec:3.4.3"}},
		{"sentence end", "a dot no part follows ends the id", "x.go", "// (SPEC 3.2.8.) More.", []string{"spec:3.2.8"}},
		{"comma and and", "lists of ids", "x.go", "// SPEC 1.6, 1.7 and 4.3.new.4; 4.6: x", []string{"spec:1.6", "spec:1.7", "spec:4.3.new.4", "spec:4.6"}},
		{"slash", "3.9/3.10", "x.go", "// SPEC 3.9/3.10, per profile", []string{"spec:3.9", "spec:3.10"}},
		{"row", "7 row 29 is 7.29", "x.go", "// SPEC 1.1 completed-at, SPEC 7 row 29", []string{"spec:1.1", "spec:7.29"}},
		{"items", "each number of the qualifier list", "x.go", "// SPEC 10 items 2, 4 and 13: y", []string{"spec:10.2", "spec:10.4", "spec:10.13"}},
		{"item then id", "a dotted number after a comma is a new id", "x.go", "// SPEC 11 item 4, 4.3.pending: y", []string{"spec:11.4", "spec:4.3.pending"}},
		{"steps", "steps of a procedure", "x.go", "// SPEC 3.7 steps 1, 4 and 5.", []string{"spec:3.7.1", "spec:3.7.4", "spec:3.7.5"}},
		{"step of a step", "6m.2 step 3.7 is 6m.2.3.7, not 6m.2", "x.go", "// SPEC 6m.2 step 3.7 (retry), SPEC 6m.1 step\n\t// 3.2, 4.6: x",
			[]string{"spec:6m.2.3.7", "spec:6m.1.3.2", "spec:4.6"}},
		{"step range", "a range of numbers cites each", "x.txt", "# SPEC 6.2 steps 5-7: retry", []string{"spec:6.2.5", "spec:6.2.6", "spec:6.2.7"}},
		{"id range", "a range of ids with one prefix cites each", "x.go", "// SPEC 4.2-4.4, 1.5-2.1 x", []string{"spec:4.2", "spec:4.3", "spec:4.4", "spec:1.5", "spec:2.1"}},
		{"short id range", "a.5-6 is a.5 to a.6, not a.5 and section 6", "x.go", "// SPEC 6.2.5-6, 6m.2.3.6-7: retry",
			[]string{"spec:6.2.5", "spec:6.2.6", "spec:6m.2.3.6", "spec:6m.2.3.7"}},
		{"section", "section <n> inside a list", "x.go", "// SPEC 1.5 and section 7 row 20)", []string{"spec:1.5", "spec:7.20"}},
		{"section first", "SPEC section 3", "x.md", "(SPEC section 3), adds", []string{"spec:3"}},
		{"wrapped comment", "a citation may continue on the next comment line", "x.go",
			"// see SPEC 0 rule\n\t// 10 and 3.7 for this", []string{"spec:0.10", "spec:3.7"}},
		{"wrapped scenario header", "# continues a header", "x/testdata/y.txt", "# SPEC 3.2.12,\n# 10.3: text", []string{"spec:3.2.12", "spec:10.3"}},
		{"word ends the list", "a word that is not a qualifier", "x.go", "// SPEC 3.2 with 4.3", []string{"spec:3.2"}},
		{"quote ends the list", "a quoted phrase", "x.go", "// SPEC 2.3 \"Old mechanism\", 7 row 25", []string{"spec:2.3"}},
		{"SPEC.md", "a file name, not a citation", "x.md", "see SPEC.md and the SPEC", nil},
		{"format verb", "SPEC %s cites nothing", "x.go", `fmt.Errorf("%s (SPEC %s)", a, b)`, nil},
		{"test names", "a case name opening with an id", "x_test.go",
			`{"3.10: appending keeps", 1}, {"5.16 [probe]: rounds", 2}, {"2.5 rounds", 3}`, []string{"name:3.10", "name:5.16"}},
		{"names outside tests", "only _test.go files name tests", "x.go", `{"3.10: appending keeps"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := rules.Extract(tt.file, []byte(tt.text))
			if err != nil {
				t.Fatalf("Extract() error = %v (%s)", err, tt.why)
			}
			if d := cmp.Diff(tt.want, ids(got)); d != "" {
				t.Errorf("Extract(%q) mismatch (-want +got) (%s):\n%s", tt.text, tt.why, d)
			}
		})
	}
}

func TestExtractRefusesBadRuleLiterals(t *testing.T) {
	_, err := rules.Extract("x.go", []byte(`p := Plan{Scales: []Scale{{Rule: "3.6.3 "}}}`))
	if err == nil || !strings.Contains(err.Error(), `Rule literal "3.6.3 " is not a rule id`) {
		t.Errorf("Extract() error = %v, want the bad literal named", err)
	}
}

func TestValid(t *testing.T) {
	tests := []struct {
		name string
		why  string
		id   string
		want bool
	}{
		{"section", "a bare section", "7", true},
		{"nested", "numbers", "3.2.12", true},
		{"word part", "deployer branches", "4.3.pending.1", true},
		{"lettered section", "today's oc", "6m.1.3", true},
		{"trailing dot", "no part follows", "3.2.", false},
		{"letter first", "a section starts with a digit", "m6.1", false},
		{"upper case", "parts are lowercase", "4.3.New", false},
		{"empty", "nothing", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rules.Valid(tt.id); got != tt.want {
				t.Errorf("Valid(%q) = %v, want %v (%s)", tt.id, got, tt.want, tt.why)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	want := []string{"0", "0.4", "0.10", "1.7", "3", "3.2", "3.2.1", "3.2.10", "3.3", "4.3.complete",
		"4.3.new.1", "4.3.new.6", "4.3.pending", "4.3.pending.1", "6.6", "6m", "6m.1.3", "7.2", "7.10", "10", "11", "11a", "13.1"}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortFunc(got, rules.Compare)
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("sorted ids mismatch (-want +got):\n%s", d)
	}
}

func TestParseIndex(t *testing.T) {
	tests := []struct {
		name string
		why  string
		text string
		want []rules.Entry
		err  string
	}{
		{"entries and prose", "headings and prose are skipped; the indented line is the generated one",
			"# Rules\n\nprose\n- `3.2` — the list\n  code: a.go.\n- `3.2.1` — step one\n\n## 4\n",
			[]rules.Entry{{ID: "3.2", Text: "the list", Line: 4, Where: "code: a.go."}, {ID: "3.2.1", Text: "step one", Line: 6}}, ""},
		{"out of order", "ids must be sorted", "- `3.2.1` — a\n- `3.2` — b\n", nil, "line 2: 3.2 comes after 3.2.1"},
		{"repeated", "each id once", "- `3.2` — a\n- `3.2` — b\n", nil, "line 2: 3.2 comes after 3.2"},
		{"no text", "an entry says what the rule decides", "- `3.2` — \n", nil, "line 1: want"},
		{"bad id", "ids follow the grammar", "- `3.2.` — a\n", nil, `line 1: "3.2." is not a rule id`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := rules.ParseIndex([]byte(tt.text))
			if tt.err != "" {
				if !errors.Is(err, rules.ErrIndex) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ParseIndex() error = %v, want %q (%s)", err, tt.err, tt.why)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseIndex() error = %v (%s)", err, tt.why)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ParseIndex() mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
		})
	}
}

func TestWhere(t *testing.T) {
	cs := []rules.Citation{
		{ID: "3.4.3", File: "reconcile/supersede.go", Kind: rules.KindUse, Const: "reconcile.ruleCancel"},
		{ID: "3.4.3", File: "reconcile/testdata/cancel_superseded.txt", Kind: rules.KindSpec, Header: true},
		{ID: "3.4.3", File: "reconcile/testdata/cancel_superseded.txt", Kind: rules.KindPlan},
		{ID: "3.4.3", File: "reconcile/testdata/whole_rollout.txt", Kind: rules.KindPlan},
		{ID: "3.4.3", File: "README.md", Kind: rules.KindPlan},
		{ID: "3.4.3", File: "reconcile/doc.go", Kind: rules.KindSpec},
		{ID: "3.4.3", File: "reconcile/supersede.go", Kind: rules.KindSpec},
		{ID: "3.4.3", File: "reconcile/config_test.go", Kind: rules.KindName},
	}
	tests := []struct {
		name  string
		why   string
		cites []rules.Citation
		want  string
	}{
		{"all groups", "scenarios first, then the deciding code, the tests and the docs; a scenario is not listed again as a test",
			cs, "in plans; scenarios: reconcile/testdata/cancel_superseded.txt. code: reconcile/doc.go, reconcile/supersede.go. " +
				"tests: reconcile/config_test.go, reconcile/testdata/whole_rollout.txt. docs: README.md."},
		{"use only", "a Go use is code, not a plan", cs[:1], "code: reconcile/supersede.go."},
		{"body only", "rule=<id> below the header makes a test file, not a scenario", cs[3:4], "in plans; tests: reconcile/testdata/whole_rollout.txt."},
		{"literal", "a Rule literal is code, not a plan", []rules.Citation{{ID: "13", File: "phase/step.go", Kind: rules.KindPlan, Literal: true}}, "code: phase/step.go."},
		{"checks", "the simulator's invariants and the generators judge a rule, the planners decide it", []rules.Citation{
			{ID: "3.4", File: "fake/invariants.go", Kind: rules.KindPlan, Literal: true},
			{ID: "3.4", File: "fake/gen/gen.go", Kind: rules.KindSpec},
			{ID: "3.4", File: "reconcile/supersede.go", Kind: rules.KindSpec},
			{ID: "3.4", File: "fakeish/x.go", Kind: rules.KindSpec},
		}, "code: fakeish/x.go, reconcile/supersede.go. checks: fake/gen/gen.go, fake/invariants.go."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rules.Where(tt.cites); got != tt.want {
				t.Errorf("Where() = %q, want %q (%s)", got, tt.want, tt.why)
			}
		})
	}
}

func TestExtractScenarioHeader(t *testing.T) {
	text := "# SPEC 3.4.3: cancel the superseded\n# rollouts (SPEC 7 row 6).\n\n# SPEC 3.7.5 for this case\nconfig\n----\ncancel rc/web-2 rule=3.4.3\n"
	got, err := rules.Extract("reconcile/testdata/cancel_superseded.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var head []string
	for _, c := range got {
		head = append(head, fmt.Sprintf("%s:%s:%v", c.Kind, c.ID, c.Header))
	}
	want := []string{"spec:3.4.3:true", "spec:7.6:true", "plan:3.4.3:false", "spec:3.7.5:false"}
	if d := cmp.Diff(want, head); d != "" {
		t.Errorf("Extract() mismatch (-want +got): only the opening # lines are the header:\n%s", d)
	}
}

func TestRewrite(t *testing.T) {
	in := "# Rules\n- `3.2` — the list\n  code: old.go.\n- `3.2.1` — step one\n- `3.3` — claims\n  code: gone.go.\ntrailer\n"
	where := map[string]string{"3.2": "code: a.go.", "3.2.1": "tests: b_test.go."}
	got, err := rules.Rewrite([]byte(in), func(id string) string { return where[id] })
	if err != nil {
		t.Fatal(err)
	}
	want := "# Rules\n- `3.2` — the list\n  code: a.go.\n- `3.2.1` — step one\n  tests: b_test.go.\n- `3.3` — claims\ntrailer\n"
	if d := cmp.Diff(strings.Split(want, "\n"), strings.Split(string(got), "\n")); d != "" {
		t.Errorf("Rewrite() mismatch (-want +got):\n%s", d)
	}
}

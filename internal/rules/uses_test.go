package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dcplan/dcplan/internal/rules"
	"github.com/google/go-cmp/cmp"
)

// writeTree writes files (slash path -> text) under a new temporary
// directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// module is a small module with the rule type, a planner that declares
// rule constants in one file and uses them in another, and a second
// package that uses an exported one.
var module = map[string]string{
	"go.mod":     "module github.com/dcplan/dcplan\n\ngo 1.26\n",
	"actions.go": "package dcplan\n\n// Rule is a rule id.\ntype Rule string\n\ntype Scale struct{ Rule Rule }\n",
	"plan/rules.go": "package plan\n\nimport \"github.com/dcplan/dcplan\"\n\n" +
		"// Rule ids.\nconst (\n\truleScale dcplan.Rule = \"3.6.3\" // scale: SPEC 3.6.3, see SPEC 7 row 9\n" +
		"\t// RuleCancel is SPEC 6.1.\n\tRuleCancel dcplan.Rule = \"6.1\"\n\truleDead dcplan.Rule = \"9.9\"\n)\n",
	"plan/scale.go": "package plan\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/dcplan/dcplan\"\n)\n\n" +
		"func scale() dcplan.Scale { return dcplan.Scale{Rule: ruleScale} }\n\n" +
		"func shadow() string { ruleDead := \"x\"; return fmt.Sprint(ruleDead) }\n\n" +
		"func lit(r dcplan.Rule) bool { return r == \"\" || r == \"3.2\" }\n",
	"plan/scale_test.go":  "package plan\n\nvar _ = ruleDead\n",
	"other/other.go":      "package other\n\nimport p \"github.com/dcplan/dcplan/plan\"\n\nvar R = p.RuleCancel\n",
	"other/testdata/x.go": "package x\n\nvar _ = 1\n",
}

func TestParseCode(t *testing.T) {
	code, err := rules.ParseCode(writeTree(t, module))
	if err != nil {
		t.Fatal(err)
	}
	var decls, uses []string
	for _, d := range code.Decls {
		decls = append(decls, fmt.Sprintf("%s %s=%s uses=%d", d.File, d.Name, d.ID, d.Uses))
	}
	for _, u := range code.Uses {
		uses = append(uses, fmt.Sprintf("%s %s %s literal=%v", u.File, u.ID, u.Const, u.Literal))
	}
	wantDecls := []string{
		"plan/rules.go ruleScale=3.6.3 uses=1",
		"plan/rules.go RuleCancel=6.1 uses=1",
		"plan/rules.go ruleDead=9.9 uses=0", // the local variable and the test do not count
	}
	wantUses := []string{
		"other/other.go 6.1 plan.RuleCancel literal=false",
		"plan/scale.go 3.6.3 plan.ruleScale literal=false",
		"plan/scale.go 3.2  literal=true", // "" is no id; a literal names no constant
	}
	if d := cmp.Diff(wantDecls, decls); d != "" {
		t.Errorf("ParseCode() decls mismatch (-want +got):\n%s", d)
	}
	if d := cmp.Diff(wantUses, uses); d != "" {
		t.Errorf("ParseCode() uses mismatch (-want +got):\n%s", d)
	}
}

func TestParseCodeRefusesBadConstants(t *testing.T) {
	files := map[string]string{
		"go.mod":     "module github.com/dcplan/dcplan\n",
		"actions.go": "package dcplan\n\ntype Rule string\n\nconst bad Rule = \"3.6.3 \"\n",
	}
	_, err := rules.ParseCode(writeTree(t, files))
	if err == nil || err.Error() != `rules: actions.go: rule constant bad = "3.6.3 " is not a rule id` {
		t.Errorf("ParseCode() error = %v, want the bad constant named", err)
	}
}

func TestScanSkipsDeclarations(t *testing.T) {
	cites, _, err := rules.Scan(writeTree(t, module))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cites {
		if c.File == "plan/rules.go" || c.ID == "3.6.3" || c.ID == "6.1" {
			got = append(got, fmt.Sprintf("%s %s:%s", c.File, c.Kind, c.ID))
		}
	}
	want := []string{
		"other/other.go use:6.1",
		"plan/rules.go spec:7.9", // another id in a declaration's comment still counts
		"plan/scale.go use:3.6.3",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Scan() mismatch (-want +got): a declaration cites nothing of its own id:\n%s", d)
	}
}

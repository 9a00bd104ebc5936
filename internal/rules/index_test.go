package rules_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dcplan/dcplan/internal/rules"
)

var update = flag.Bool("update", false, "rewrite the generated lines of docs/rules.md from the citations found")

const root = "../.."

// scanned is the repository's citations and Go code, scanned once for all
// the tests of this file.
var scanned = sync.OnceValues(func() (scanResult, error) {
	cites, code, err := rules.Scan(root)
	return scanResult{cites, code}, err
})

type scanResult struct {
	cites []rules.Citation
	code  *rules.Code
}

// scan returns the repository's citations by id, and its Go code.
func scan(t *testing.T) (map[string][]rules.Citation, *rules.Code) {
	t.Helper()
	r, err := scanned()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string][]rules.Citation{}
	for _, c := range r.cites {
		byID[c.ID] = append(byID[c.ID], c)
	}
	if len(byID) < 50 || len(byID["3.2.12"]) == 0 || len(r.code.Decls) < 50 {
		t.Fatalf("Scan found %d ids (3.2.12 cited %d times) and %d rule constants; the scan is broken",
			len(byID), len(byID["3.2.12"]), len(r.code.Decls))
	}
	return byID, r.code
}

// TestIndex holds docs/rules.md to the repository: every id the code,
// tests, scenario files and documents cite has an entry, every entry's id
// is cited somewhere, every entry has a deciding file (a non-test Go file
// that uses its constant, gives its id to a Rule or cites it in a
// comment), and every entry's generated line is what the generator writes
// today. With -update it first rewrites the generated lines.
func TestIndex(t *testing.T) {
	byID, _ := scan(t)
	indexPath := filepath.Join(root, filepath.FromSlash(rules.IndexFile))
	data, err := os.ReadFile(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	where := func(id string) string { return rules.Where(byID[id]) }
	if *update {
		data, err = rules.Rewrite(data, where)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(indexPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := rules.ParseIndex(data)
	if err != nil {
		t.Fatalf("%s: %v", rules.IndexFile, err)
	}
	listed := map[string]bool{}
	for _, e := range entries {
		listed[e.ID] = true
		if len(byID[e.ID]) == 0 {
			t.Errorf("%s:%d: %s is listed but nothing cites it; remove the entry", rules.IndexFile, e.Line, e.ID)
			continue
		}
		if len(rules.Group(byID[e.ID]).Code) == 0 {
			t.Errorf("%s:%d: %s lists no deciding file: no non-test Go file uses its constant or cites it; "+
				"cite it (\"SPEC %s\") in the comment of the code that decides it", rules.IndexFile, e.Line, e.ID, e.ID)
		}
		if want := where(e.ID); e.Where != want {
			t.Errorf("%s:%d: %s: the generated line is stale; run go test ./internal/rules -run TestIndex -update\nhave: %s\nwant: %s",
				rules.IndexFile, e.Line, e.ID, e.Where, want)
		}
	}
	var missing []string
	for id, cs := range byID {
		if !listed[id] {
			missing = append(missing, fmt.Sprintf("%s (cited in %s)", id, firstFiles(cs, 3)))
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("%s lacks %s; add a line \"- `<id>` — <what it decides>\" in id order", rules.IndexFile, m)
	}
	if !t.Failed() {
		if want, err := rules.Rewrite(data, where); err != nil || !bytes.Equal(want, data) {
			t.Errorf("%s is not what the generator writes (err %v); run go test ./internal/rules -run TestIndex -update", rules.IndexFile, err)
		}
	}
}

// TestRuleConstantsUsed fails for a rule constant that no non-test Go
// file uses: its declaration decides nothing, so its rule would have no
// deciding file in the index.
func TestRuleConstantsUsed(t *testing.T) {
	_, code := scan(t)
	for _, d := range code.Decls {
		if d.Uses == 0 {
			t.Errorf("%s: rule constant %s (%s) is declared but never used outside tests", d.File, d.Name, d.ID)
		}
	}
}

// firstFiles names up to n distinct files of the citations.
func firstFiles(cs []rules.Citation, n int) string {
	var files []string
	for _, c := range cs {
		if !slices.Contains(files, c.File) {
			files = append(files, c.File)
		}
	}
	if len(files) > n {
		return strings.Join(files[:n], ", ") + fmt.Sprintf(" and %d more", len(files)-n)
	}
	return strings.Join(files, ", ")
}

// TestScenarioHeadersRun: a testdata/*.txt file that opens with a SPEC
// header claims to pin rules as a scenario; one outside ScenarioDirs is
// run by no TestScenarios, so the index would list it as a rule's
// scenario while nothing checks it.
func TestScenarioHeadersRun(t *testing.T) {
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "fuzz") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() || !strings.HasSuffix(rel, ".txt") || !strings.Contains("/"+rel, "/testdata/") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasPrefix(string(data), "# SPEC") && !rules.IsScenario(rel) {
			t.Errorf("%s opens with a SPEC header but no TestScenarios runs it (rules.ScenarioDirs)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"reconcile/testdata/claims.txt", "internal/scenario/testdata/builtins.txt"} {
		if !rules.IsScenario(f) {
			t.Errorf("IsScenario(%q) = false", f)
		}
	}
	for _, f := range []string{"wire/testdata/scale_old.txt", "reconcile/testdata/sub/x.txt", "reconcile/testdata/claims.golden"} {
		if rules.IsScenario(f) {
			t.Errorf("IsScenario(%q) = true", f)
		}
	}
}

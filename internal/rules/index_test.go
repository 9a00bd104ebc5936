package rules_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/internal/rules"
)

var update = flag.Bool("update", false, "rewrite the generated lines of docs/rules.md from the citations found")

const root = "../.."

// TestIndex holds docs/rules.md to the repository: every id the code,
// tests, scenario files and documents cite has an entry, every entry's id
// is cited somewhere, and no entry's generated line names a file that no
// longer cites its id. With -update it first rewrites the generated lines.
func TestIndex(t *testing.T) {
	cites, err := rules.Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string][]rules.Citation{}
	for _, c := range cites {
		byID[c.ID] = append(byID[c.ID], c)
	}
	if len(byID) < 50 || len(byID["3.2.12"]) == 0 {
		t.Fatalf("Scan found %d ids and no 3.2.12; the scan is broken", len(byID))
	}
	indexPath := filepath.Join(root, filepath.FromSlash(rules.IndexFile))
	data, err := os.ReadFile(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		data, err = rules.Rewrite(data, func(id string) string { return rules.Where(byID[id]) })
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
		if stale := rules.Stale(e.Where, byID[e.ID]); len(stale) > 0 {
			t.Errorf("%s:%d: %s is no longer cited in %s; run go test ./internal/rules -run TestIndex -update",
				rules.IndexFile, e.Line, e.ID, strings.Join(stale, ", "))
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

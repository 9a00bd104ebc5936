package rules_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/rules"
)

// modernHeading opens the section of docs/rules.md that lists where
// Modern departs from upstream.
const modernHeading = "## Where Modern departs from upstream"

// TestModernDifferencesListed holds the table "Where Modern departs from
// upstream" of docs/rules.md to the presets: it lists exactly the switches
// on which dcplan.Exact and dcplan.Modern differ, once each, in
// declaration order, each with rule ids of the index and a reason, so that
// no deliberate Modern difference goes unlisted (issue 35 item 12: Modern's
// AwaitUnknownPhase was missing from the list).
func TestModernDifferencesListed(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rules.IndexFile)))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := rules.ParseIndex(data)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, e := range entries {
		known[e.ID] = true
	}
	text := string(data)
	start := strings.Index(text, "\n"+modernHeading+"\n")
	if start < 0 {
		t.Fatalf("%s has no section %q", rules.IndexFile, modernHeading)
	}
	section := text[start+len(modernHeading)+2:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	var listed []string
	for _, ln := range strings.Split(section, "\n") {
		if !strings.HasPrefix(ln, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(ln, "|"), "|")
		if len(cells) != 4 {
			t.Errorf("row %q: want 4 cells (switch, rules, Modern instead, why), got %d", ln, len(cells))
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[0]), "`")
		listed = append(listed, name)
		ids := strings.Split(cells[1], ",")
		for _, id := range ids {
			if id = strings.TrimSpace(id); !known[id] {
				t.Errorf("%s: rule %q is not an entry of the index", name, id)
			}
		}
		if strings.TrimSpace(cells[2]) == "" || strings.TrimSpace(cells[3]) == "" {
			t.Errorf("%s: say what Modern does instead and why", name)
		}
	}
	var want []string
	for _, c := range dcplan.Exact.Switches().Changes(dcplan.Modern.Switches()) {
		name, _, _ := strings.Cut(c, "=")
		want = append(want, name)
	}
	if len(want) < 10 {
		t.Fatalf("Exact differs from Modern in %d switches; the check is broken", len(want))
	}
	if !slices.Equal(listed, want) {
		t.Errorf("the table lists %v\nthe switches on which Exact and Modern differ, in declaration order, are %v", listed, want)
	}
}

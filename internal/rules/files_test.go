package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dcplan/dcplan/internal/rules"
	"github.com/google/go-cmp/cmp"
)

// TestFileCitations holds every Markdown file and Go comment of the
// repository, the top-level README.md included, to the files it holds: a
// link or a file name of the repository's that names no file fails.
func TestFileCitations(t *testing.T) {
	missing, err := rules.MissingFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range missing {
		t.Errorf("%s:%d: cites %s, which is not in the repository; cite a file it holds (rule ids: docs/rules.md)", r.File, r.Line, r.Target)
	}
}

func TestFileRefs(t *testing.T) {
	tests := []struct {
		name string
		why  string
		file string
		text string
		want []rules.FileRef
	}{
		{"markdown", "links and names, in text order; URLs and anchors cite nothing", "docs/a.md",
			"See [the index](rules.md#top) and `reconcile/scale.go`,\n[up](../README.md), [web](https://example.com/x.md), [here](#x),\nSPEC.md and scale.go.\n[ref]: ./b.md\n",
			[]rules.FileRef{
				{File: "docs/a.md", Line: 1, Target: "rules.md", Link: true},
				{File: "docs/a.md", Line: 1, Target: "reconcile/scale.go"},
				{File: "docs/a.md", Line: 2, Target: "../README.md", Link: true},
				{File: "docs/a.md", Line: 3, Target: "SPEC.md"},
				{File: "docs/a.md", Line: 4, Target: "./b.md", Link: true},
			}},
		{"go comments", "only comments count; a bare .go name does not", "phase/x.go",
			"package phase\n\n// Ports: deployer_controller.go; see DESIGN.md and\n// docs/rules.md.\nvar s = \"SPEC.md\"\n/* ../testdata/y.json */\n",
			[]rules.FileRef{
				{File: "phase/x.go", Line: 3, Target: "DESIGN.md"},
				{File: "phase/x.go", Line: 4, Target: "docs/rules.md"},
				{File: "phase/x.go", Line: 6, Target: "../testdata/y.json"},
			}},
		{"other files", "a scenario file cites no files", "x/testdata/y.txt", "# see docs/rules.md\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rules.FileRefs(tt.file, []byte(tt.text))
			if d := cmp.Diff(tt.want, got, cmpEmpty); d != "" {
				t.Errorf("FileRefs() mismatch (-want +got) (%s):\n%s", tt.why, d)
			}
		})
	}
}

// cmpEmpty treats nil and empty slices alike.
var cmpEmpty = cmp.FilterValues(func(a, b []rules.FileRef) bool { return len(a) == 0 && len(b) == 0 }, cmp.Ignore())

func TestExists(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"README.md", "docs/rules.md", "phase/doc.go", "phase/testdata/x.txt"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name       string
		why        string
		ref        rules.FileRef
		want, ours bool
	}{
		{"root name", "a directory-qualified name resolves against the root", rules.FileRef{File: "phase/doc.go", Target: "docs/rules.md"}, true, true},
		{"local name", "or against the citing file's directory", rules.FileRef{File: "phase/doc.go", Target: "testdata/x.txt"}, true, true},
		{"missing in a repo directory", "its first element is the repository's", rules.FileRef{File: "phase/doc.go", Target: "docs/gone.md"}, false, true},
		{"another project's", "oc's path names nothing here", rules.FileRef{File: "phase/doc.go", Target: "pkg/cli/rollout/retry.go"}, false, false},
		{"bare markdown at the root", "README.md is found at the root", rules.FileRef{File: "phase/doc.go", Target: "README.md"}, true, true},
		{"bare markdown missing", "a document kept outside the repository", rules.FileRef{File: "phase/doc.go", Target: "SPEC.md"}, false, true},
		{"link", "a link resolves against its file's directory only", rules.FileRef{File: "docs/a.md", Target: "rules.md", Link: true}, true, true},
		{"link from the root", "not against the root", rules.FileRef{File: "docs/a.md", Target: "README.md", Link: true}, false, true},
		{"dot-dot", "../ resolves against the directory", rules.FileRef{File: "phase/doc.go", Target: "../README.md"}, true, true},
		{"outside", "a path that leaves the root is missing", rules.FileRef{File: "phase/doc.go", Target: "../../shared/SPEC.md"}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ours := rules.Exists(dir, tt.ref)
			if got != tt.want || ours != tt.ours {
				t.Errorf("Exists(%+v) = %v, %v, want %v, %v (%s)", tt.ref, got, ours, tt.want, tt.ours, tt.why)
			}
		})
	}
}

package dcplan_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readmeMaxLines is the length the README may reach: what a newcomer reads
// before the documents under docs/ take over.
const readmeMaxLines = 200

// pendingPackages are package directories the README's package map names
// before they reach this branch (written on another branch at the time).
// An entry may stay here after its directory arrives; delete it then.
var pendingPackages = map[string]bool{}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(data), "\r\n", "\n")
}

// section returns the text of the README's "## "+title section, up to the
// next "## " heading.
func section(t *testing.T, readme, title string) string {
	t.Helper()
	_, s, ok := strings.Cut(readme, "\n## "+title+"\n")
	if !ok {
		t.Fatalf("README.md has no %q section", "## "+title)
	}
	s, _, _ = strings.Cut(s, "\n## ")
	return s
}

// fencedBlocks returns the contents of the blocks of text whose opening
// fence is "```"+lang.
func fencedBlocks(t *testing.T, text, lang string) []string {
	t.Helper()
	var blocks []string
	for rest := text; ; {
		_, after, ok := strings.Cut(rest, "\n```")
		if !ok {
			return blocks
		}
		info, body, ok := strings.Cut(after, "\n")
		if !ok {
			t.Fatal("README.md: a fence opens at the end of a section")
		}
		content, tail, ok := strings.Cut(body, "\n```\n")
		if !ok {
			t.Fatalf("README.md: a ```%s block is not closed", info)
		}
		if info == lang {
			blocks = append(blocks, content+"\n")
		}
		rest = "\n" + tail
	}
}

// TestReadmeLength holds the README to readmeMaxLines lines: figures go to
// docs/performance.md, the explorer to docs/exploration.md.
func TestReadmeLength(t *testing.T) {
	if n := strings.Count(readFile(t, "README.md"), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, want at most %d: move detail to docs/", n, readmeMaxLines)
	}
}

// TestReadmeRunCommand holds that the README has exactly one indented
// `go run ./examples/...` line, the one .ci/run extracts and runs.
func TestReadmeRunCommand(t *testing.T) {
	re := regexp.MustCompile("(?m)^    go run \\./examples/[a-z]*[^`]*$") // .ci/run's sed pattern
	if got := re.FindAllString(readFile(t, "README.md"), -1); len(got) != 1 {
		t.Errorf("README.md has %d indented `go run ./examples/...` lines, want 1 (.ci/run runs the first): %q", len(got), got)
	}
}

// packageDirs returns every directory of the repository, nested modules
// included, that holds a Go file, relative to the root ("." for the root).
func packageDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if dir := filepath.ToSlash(filepath.Dir(p)); strings.HasSuffix(p, ".go") && !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dirs)
	return dirs
}

// TestReadmePackageMap holds that the README's package map has one row per
// package directory of the repository and no row for a directory that is
// not there. A row opens with the directory in backquotes; the root is
// written `dcplan`.
func TestReadmePackageMap(t *testing.T) {
	row := regexp.MustCompile("(?m)^\\| `([^`]+)`")
	var named []string
	for _, m := range row.FindAllStringSubmatch(section(t, readFile(t, "README.md"), "Package map"), -1) {
		dir := m[1]
		if dir == path.Base(modulePath) {
			dir = "."
		}
		if slices.Contains(named, dir) {
			t.Errorf("README.md package map names %s twice", m[1])
		}
		named = append(named, dir)
	}
	dirs := packageDirs(t)
	for _, d := range dirs {
		if !slices.Contains(named, d) {
			t.Errorf("README.md package map omits package directory %s", d)
		}
	}
	for _, n := range named {
		if !slices.Contains(dirs, n) && !pendingPackages[n] {
			t.Errorf("README.md package map names %s, which is not a package directory of the repository", n)
		}
	}
}

// TestReadmeQuickStart holds that the README's quick start is the body of
// Example_quickStart, byte for byte (less one tab of indentation), and that
// the output it shows is the example's checked output.
func TestReadmeQuickStart(t *testing.T) {
	const file = "quickstart_example_test.go"
	src := readFile(t, file)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var fn *ast.FuncDecl
	for _, d := range f.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Name.Name == "Example_quickStart" {
			fn = d
		}
	}
	if fn == nil {
		t.Fatalf("%s has no Example_quickStart", file)
	}
	body := src[fset.Position(fn.Body.Lbrace).Offset+2 : fset.Position(fn.Body.Rbrace).Offset]
	code, output, ok := strings.Cut(body, "\t// Output:\n")
	if !ok {
		t.Fatalf("Example_quickStart has no // Output: comment")
	}
	var wantCode, wantOut strings.Builder
	for _, l := range strings.SplitAfter(code, "\n") {
		wantCode.WriteString(strings.TrimPrefix(l, "\t"))
	}
	for _, l := range strings.SplitAfter(output, "\n") {
		l = strings.TrimPrefix(l, "\t//")
		wantOut.WriteString(strings.TrimPrefix(l, " "))
	}

	quick := section(t, readFile(t, "README.md"), "Quick start")
	goBlocks, textBlocks := fencedBlocks(t, quick, "go"), fencedBlocks(t, quick, "text")
	if len(goBlocks) != 1 || len(textBlocks) != 1 {
		t.Fatalf("README.md Quick start has %d ```go and %d ```text blocks, want 1 each", len(goBlocks), len(textBlocks))
	}
	if n := strings.Count(goBlocks[0], "\n"); n > 25 {
		t.Errorf("README.md quick start has %d lines, want at most 25", n)
	}
	if d := cmp.Diff(strings.Split(wantCode.String(), "\n"), strings.Split(goBlocks[0], "\n")); d != "" {
		t.Errorf("README.md quick start differs from the body of Example_quickStart (-example +README):\n%s", d)
	}
	if d := cmp.Diff(strings.Split(wantOut.String(), "\n"), strings.Split(textBlocks[0], "\n")); d != "" {
		t.Errorf("README.md quick start output differs from Example_quickStart's // Output: (-example +README):\n%s", d)
	}
}

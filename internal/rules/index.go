package rules

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// IndexFile is where the rule index lives, relative to the repository root.
const IndexFile = "docs/rules.md"

// ErrIndex is wrapped by the errors ParseIndex returns for a malformed
// index.
var ErrIndex = errors.New("rules: malformed index")

// Entry is one rule of the index: a line "- `<id>` — <what it decides>",
// optionally followed by one generated line, indented two spaces, naming
// the files that cite it ([Where]).
type Entry struct {
	ID    string
	Text  string
	Line  int    // 1-based line of the entry in the index
	Where string // the generated line without its indentation, or ""
}

const (
	entryPrefix = "- `"
	entrySep    = "` — "
	whereIndent = "  "
)

// ParseIndex reads the entries of a rule index, in file order. Lines that
// are not entries (headings, prose) are ignored, except that a line that
// starts like an entry but is not one is an error, and so is an id out of
// order (Compare), repeated, or not in the grammar, or an entry without
// text.
func ParseIndex(data []byte) ([]Entry, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var out []Entry
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		if !strings.HasPrefix(ln, entryPrefix) {
			continue
		}
		id, text, ok := strings.Cut(ln[len(entryPrefix):], entrySep)
		if !ok || strings.TrimSpace(text) == "" {
			return nil, fmt.Errorf("%w: line %d: want \"- `<id>` — <what it decides>\", got %q", ErrIndex, i+1, ln)
		}
		if !Valid(id) {
			return nil, fmt.Errorf("%w: line %d: %q is not a rule id", ErrIndex, i+1, id)
		}
		if n := len(out); n > 0 && Compare(out[n-1].ID, id) >= 0 {
			return nil, fmt.Errorf("%w: line %d: %s comes after %s; keep ids in order (see rules.Compare)", ErrIndex, i+1, id, out[n-1].ID)
		}
		e := Entry{ID: id, Text: text, Line: i + 1}
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], whereIndent) && !strings.HasPrefix(lines[i+1], whereIndent+" ") {
			e.Where = lines[i+1][len(whereIndent):]
			i++
		}
		out = append(out, e)
	}
	return out, nil
}

// Compare orders rule ids part by part: numbers numerically, a section's
// letter after the bare section (6 < 6m < 7), numbers before words, words
// alphabetically, and a prefix first (3.2 < 3.2.1 < 3.2.10 < 3.3).
func Compare(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range min(len(pa), len(pb)) {
		if c := comparePart(pa[i], pb[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(pa), len(pb))
}

func comparePart(a, b string) int {
	na, sa := splitNum(a)
	nb, sb := splitNum(b)
	switch {
	case na >= 0 && nb >= 0:
		if c := cmp.Compare(na, nb); c != 0 {
			return c
		}
		return strings.Compare(sa, sb)
	case na >= 0:
		return -1
	case nb >= 0:
		return 1
	}
	return strings.Compare(a, b)
}

// splitNum splits a part into its leading number (-1 for none) and the
// rest.
func splitNum(p string) (int, string) {
	i := 0
	for i < len(p) && p[i] >= '0' && p[i] <= '9' {
		i++
	}
	if i == 0 {
		return -1, p
	}
	n, _ := strconv.Atoi(p[:i])
	return n, p[i:]
}

// Skipped reports whether Scan leaves out a directory (by its slash path
// relative to the root and its name): hidden directories, the fuzz and
// rapid corpora under testdata (generated inputs, not citations), and this
// package, whose tests are full of example citations.
func Skipped(rel, name string) bool {
	return rel != "." && strings.HasPrefix(name, ".") ||
		strings.HasSuffix(rel, "/testdata/fuzz") || rel == "testdata/fuzz" ||
		strings.HasSuffix(rel, "/testdata/rapid") || rel == "testdata/rapid" ||
		rel == "internal/rules"
}

// scanned reports whether Scan reads a file: Go files, Markdown files
// other than the index itself, and every file under a testdata directory.
func scanned(rel string) bool {
	switch {
	case rel == IndexFile:
		return false
	case strings.HasSuffix(rel, ".go"), strings.HasSuffix(rel, ".md"):
		return true
	}
	return strings.HasPrefix(rel, "testdata/") || strings.Contains(rel, "/testdata/")
}

// Scan walks the repository at root and returns every citation in the
// files it reads (see [Skipped]), sorted by file, then in text order.
// Binary files (a NUL byte) are left out.
func Scan(root string) ([]Citation, error) {
	var out []Citation
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if Skipped(rel, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !scanned(rel) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.IndexByte(data, 0) >= 0 {
			return nil
		}
		cs, err := Extract(rel, data)
		if err != nil {
			return err
		}
		out = append(out, cs...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rules: scan %s: %w", root, err)
	}
	// WalkDir visits in lexical order per directory; sort by full path so
	// the order does not depend on that.
	slices.SortStableFunc(out, func(a, b Citation) int { return strings.Compare(a.File, b.File) })
	return out, nil
}

// IsTest reports whether a cited file is a test: a _test.go file or a file
// under a testdata directory.
func IsTest(file string) bool {
	return strings.HasSuffix(file, "_test.go") || strings.HasPrefix(file, "testdata/") || strings.Contains(file, "/testdata/")
}

// Where renders the generated line of an id from the citations of it:
//
//	code: a.go, b/c.go. tests: a_test.go, b/testdata/x.txt. docs: README.md.
//
// with each group sorted and left out when empty, and "in plans; " first
// when some file shows the id in a plan (rule=<id>, Describe's form). "code" are Go files that are not tests,
// "tests" _test.go files and testdata files, "docs" Markdown files.
func Where(cites []Citation) string {
	var code, tests, docs []string
	plan := false
	for _, c := range cites {
		plan = plan || c.Kind == KindPlan && !c.Literal
		switch {
		case strings.HasSuffix(c.File, ".md"):
			docs = append(docs, c.File)
		case IsTest(c.File):
			tests = append(tests, c.File)
		default:
			code = append(code, c.File)
		}
	}
	var parts []string
	if plan {
		parts = append(parts, "in plans;")
	}
	for _, g := range []struct {
		name  string
		files []string
	}{{"code", code}, {"tests", tests}, {"docs", docs}} {
		if len(g.files) == 0 {
			continue
		}
		slices.Sort(g.files)
		parts = append(parts, g.name+": "+strings.Join(slices.Compact(g.files), ", ")+".")
	}
	return strings.Join(parts, " ")
}

// Stale returns the files a generated line names that are not among the
// files citing the id, sorted.
func Stale(where string, cites []Citation) []string {
	have := map[string]bool{}
	for _, c := range cites {
		have[c.File] = true
	}
	var out []string
	for _, f := range whereFiles(where) {
		if !have[f] {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// whereFiles lists the file names in a generated line.
func whereFiles(where string) []string {
	var out []string
	for _, g := range []string{"code: ", "tests: ", "docs: "} {
		_, rest, ok := strings.Cut(where, g)
		if !ok {
			continue
		}
		list, _, _ := strings.Cut(rest, ". ")
		for _, f := range strings.Split(strings.TrimSuffix(list, "."), ", ") {
			if f = strings.TrimSpace(f); f != "" && path.Clean(f) == f {
				out = append(out, f)
			}
		}
	}
	return out
}

// Rewrite returns the index with the generated line of every entry set to
// where(id): replaced, inserted after the entry line, or removed when
// where returns "". Other lines are kept as they are.
func Rewrite(data []byte, where func(id string) string) ([]byte, error) {
	entries, err := ParseIndex(data)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var out []string
	next := 0
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		if next >= len(entries) || entries[next].Line != i+1 {
			continue
		}
		e := entries[next]
		next++
		if e.Where != "" {
			i++ // drop the old generated line
		}
		if w := where(e.ID); w != "" {
			out = append(out, whereIndent+w)
		}
	}
	return []byte(strings.Join(out, "\n")), nil
}

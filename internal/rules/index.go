package rules

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
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
// files it reads (see [Skipped]), sorted by file, then in text order, with
// the Go uses of rules ([ParseCode], [KindUse]) after the text citations
// of their file. Binary files (a NUL byte) are left out. The declaration
// of a rule constant, with its doc and line comments, cites nothing of its
// own id: a rule is decided where its constant is used. It also returns
// what ParseCode found.
func Scan(root string) ([]Citation, *Code, error) {
	code, err := ParseCode(root)
	if err != nil {
		return nil, nil, err
	}
	decls := map[string][]Decl{}
	for _, d := range code.Decls {
		decls[d.File] = append(decls[d.File], d)
	}
	uses := map[string][]Citation{}
	for _, c := range code.Uses {
		uses[c.File] = append(uses[c.File], c)
	}
	var out []Citation
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
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
		cs, err := extractSkipping(rel, data, decls[rel])
		if err != nil {
			return err
		}
		out = append(out, cs...)
		out = append(out, uses[rel]...)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("rules: scan %s: %w", root, err)
	}
	// WalkDir visits in lexical order per directory; sort by full path so
	// the order does not depend on that.
	slices.SortStableFunc(out, func(a, b Citation) int { return strings.Compare(a.File, b.File) })
	return out, code, nil
}

// extractSkipping extracts the citations of a file with the declaration
// sites of its rule constants blanked out, then adds back the citations of
// other ids in those sites (a doc comment may relate its rule to others).
func extractSkipping(rel string, data []byte, decls []Decl) ([]Citation, error) {
	if len(decls) == 0 {
		return Extract(rel, data)
	}
	blank := slices.Clone(data)
	type site struct {
		start, end int
		ids        []string
	}
	var sites []site
	for _, d := range decls {
		if n := len(sites); n > 0 && sites[n-1].start == d.Start {
			sites[n-1].ids = append(sites[n-1].ids, d.ID)
			continue
		}
		sites = append(sites, site{d.Start, d.End, []string{d.ID}})
	}
	for _, s := range sites {
		for i := s.start; i < s.end; i++ {
			if blank[i] != '\n' {
				blank[i] = ' '
			}
		}
	}
	out, err := Extract(rel, blank)
	if err != nil {
		return nil, err
	}
	for _, s := range sites {
		cs, err := Extract(rel, data[s.start:s.end])
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if !slices.Contains(s.ids, c.ID) {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// IsTest reports whether a cited file is a test: a _test.go file or a file
// under a testdata directory.
func IsTest(file string) bool {
	return strings.HasSuffix(file, "_test.go") || strings.HasPrefix(file, "testdata/") || strings.Contains(file, "/testdata/")
}

// CheckDirs are the directories whose Go files judge or exercise the
// rules rather than decide them ([Files].Checks), each with the
// directories below it.
var CheckDirs = []string{"fake", "internal/scenario", "internal/conformance", "examples/preview", "examples/explore", "examples/rollout"}

// IsCheck reports whether a cited file (slash-separated, relative to the
// module root) is in one of CheckDirs.
func IsCheck(file string) bool {
	return slices.ContainsFunc(CheckDirs, func(d string) bool { return strings.HasPrefix(file, d+"/") })
}

// Files are the files that cite one rule id, grouped by what they are,
// each group sorted and without repeats.
type Files struct {
	// Plan is true when some file shows the id in a plan (rule=<id>,
	// Describe's form).
	Plan bool
	// Scenarios are the scenario files whose header cites the id
	// ([IsScenario], [Citation].Header).
	Scenarios []string
	// Code are the Go files, other than tests, that decide the rule: they
	// use its constant or give its id to a Rule ([KindUse], [KindPlan]),
	// or cite it in a comment ([KindSpec]). The declaration of a rule
	// constant does not count (see [Scan]). The simulator's and the
	// checks' files are Checks instead.
	Code []string
	// Checks are the Go files, other than tests, of the packages that
	// judge or exercise the rules rather than decide them ([IsCheck]): the
	// simulator and its invariants, the explorer, the generators, the
	// scenario and conformance runners, the example programs that show
	// the rules.
	Checks []string
	// Tests are the _test.go files and the testdata files, other than the
	// scenarios, that cite the id.
	Tests []string
	// Docs are the Markdown files that cite the id.
	Docs []string
}

// Group sorts the files of the citations of one id into [Files].
func Group(cites []Citation) Files {
	var f Files
	scen := map[string]bool{}
	for _, c := range cites {
		if c.Header {
			scen[c.File] = true
		}
	}
	for _, c := range cites {
		f.Plan = f.Plan || c.Kind == KindPlan && !c.Literal
		switch {
		case strings.HasSuffix(c.File, ".md"):
			f.Docs = append(f.Docs, c.File)
		case scen[c.File]:
			f.Scenarios = append(f.Scenarios, c.File)
		case IsTest(c.File):
			f.Tests = append(f.Tests, c.File)
		case IsCheck(c.File):
			f.Checks = append(f.Checks, c.File)
		default:
			f.Code = append(f.Code, c.File)
		}
	}
	for _, g := range []*[]string{&f.Scenarios, &f.Code, &f.Checks, &f.Tests, &f.Docs} {
		slices.Sort(*g)
		*g = slices.Compact(*g)
	}
	return f
}

// String renders the generated line of an index entry:
//
//	in plans; scenarios: a/testdata/x.txt. code: a.go, b/c.go. checks: fake/sim.go. tests: a_test.go. docs: README.md.
//
// with "in plans; " only when Plan is set and each group left out when
// empty.
func (f Files) String() string {
	var parts []string
	if f.Plan {
		parts = append(parts, "in plans;")
	}
	for _, g := range []struct {
		name  string
		files []string
	}{{"scenarios", f.Scenarios}, {"code", f.Code}, {"checks", f.Checks}, {"tests", f.Tests}, {"docs", f.Docs}} {
		if len(g.files) > 0 {
			parts = append(parts, g.name+": "+strings.Join(g.files, ", ")+".")
		}
	}
	return strings.Join(parts, " ")
}

// Where renders the generated line of an id from the citations of it:
// Group(cites).String().
func Where(cites []Citation) string { return Group(cites).String() }

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

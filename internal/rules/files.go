package rules

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// FileRef is a place where a document or a Go comment names a file.
type FileRef struct {
	File   string // the citing file, slash-separated, relative to the root
	Line   int    // 1-based line of the citation in File
	Target string // the file named, as written (a link without its #fragment)
	// Link is true for a Markdown link target ("[text](target)" or a
	// reference definition "[text]: target"), which names a path relative
	// to the citing file's directory; false for a file name in the text.
	Link bool
}

var (
	// mdLinkRE finds inline Markdown links and reference definitions;
	// group 1 or 2 is the target.
	mdLinkRE = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)|(?m)^[ \t]*\[[^\]\n]+\]:[ \t]*(\S+)`)
	// urlRE finds URLs, whose paths are not the repository's.
	urlRE = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s)>\]]*`)
	// nameRE finds file names: an optional ./ or ../ prefix, slash-separated
	// elements, and an extension the repository's documents cite.
	fileNameRE = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./\-@:~])((?:\.\.?/)*[A-Za-z0-9_][A-Za-z0-9_.\-]*(?:/[A-Za-z0-9_.\-]+)*\.(?:md|go|txt|golden|json|mod))\b`)
)

// FileRefs returns the file citations in the text of one file, in text
// order: in a Markdown file (.md) its links and the file names in its
// text, in a Go file the file names in its comments; other files cite
// nothing. A file name is cited when it has a directory ("docs/rules.md",
// "reconcile/scale.go", or one that starts with ./ or ../) or is a
// Markdown file ("README.md"); a bare Go or data file name ("scale.go") is too often
// another project's (the OpenShift sources a Ports: line names) to count.
// URLs cite nothing.
func FileRefs(file string, text []byte) []FileRef {
	switch {
	case strings.HasSuffix(file, ".md"):
		return textRefs(file, string(text), 1, true)
	case strings.HasSuffix(file, ".go"):
		var out []FileRef
		fset := token.NewFileSet()
		tf := fset.AddFile(file, -1, len(text))
		var s scanner.Scanner
		s.Init(tf, text, nil, scanner.ScanComments)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				return out
			}
			if tok == token.COMMENT {
				out = append(out, textRefs(file, lit, tf.Line(pos), false)...)
			}
		}
	}
	return nil
}

// textRefs finds the citations in s, whose first line is line of file.
func textRefs(file, s string, line int, markdown bool) []FileRef {
	type hit struct {
		at  int
		ref FileRef
	}
	var hits []hit
	if markdown {
		for _, m := range mdLinkRE.FindAllStringSubmatchIndex(s, -1) {
			i, j := m[2], m[3]
			if i < 0 {
				i, j = m[4], m[5]
			}
			t := s[i:j]
			if strings.Contains(t, "://") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "mailto:") {
				continue
			}
			if k := strings.IndexByte(t, '#'); k >= 0 {
				t = t[:k]
			}
			hits = append(hits, hit{i, FileRef{File: file, Target: t, Link: true}})
		}
	}
	plain := urlRE.ReplaceAllStringFunc(s, func(u string) string { return strings.Repeat(" ", len(u)) })
	for _, m := range fileNameRE.FindAllStringSubmatchIndex(plain, -1) {
		t := plain[m[2]:m[3]]
		if !strings.Contains(t, "/") && !strings.HasSuffix(t, ".md") {
			continue
		}
		if markdown && slices.ContainsFunc(hits, func(h hit) bool { return h.ref.Link && h.at == m[2] }) {
			continue // the link target itself
		}
		hits = append(hits, hit{m[2], FileRef{File: file, Target: t}})
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.at - b.at })
	out := make([]FileRef, 0, len(hits))
	for _, h := range hits {
		h.ref.Line = line + strings.Count(s[:h.at], "\n")
		out = append(out, h.ref)
	}
	return out
}

// Exists reports whether a citation names a file or directory under root,
// and whether it names one of the repository's at all:
//
//   - a link resolves against the citing file's directory;
//   - a name that starts with ./ or ../ likewise;
//   - another name with a directory resolves against the citing file's
//     directory or against root, and is the repository's only when its
//     first element is a directory or file in one of them (so
//     "pkg/cli/rollout/retry.go", oc's, is not);
//   - a Markdown file name without a directory resolves against the
//     citing file's directory or root, and is always the repository's.
//
// A path that leaves root names nothing of the repository's and does not
// exist.
func Exists(root string, r FileRef) (exists, ours bool) {
	dir := path.Dir(r.File)
	stat := func(p string) bool {
		p = path.Clean(p)
		if p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
			return false
		}
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		return err == nil
	}
	t := r.Target
	switch {
	case r.Link, strings.HasPrefix(t, "./"), strings.HasPrefix(t, "../"):
		return stat(path.Join(dir, t)), true
	case !strings.Contains(t, "/"):
		return stat(path.Join(dir, t)) || stat(t), true
	}
	if stat(path.Join(dir, t)) || stat(t) {
		return true, true
	}
	first, _, _ := strings.Cut(t, "/")
	return false, stat(path.Join(dir, first)) || stat(first)
}

// MissingFiles walks the repository at root (the directories [Scan] walks,
// this package's included) and returns the citations, in Markdown files
// and Go comments, of files of the repository that are not in it, sorted
// by file and line.
func MissingFiles(root string) ([]FileRef, error) {
	var out []FileRef
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
			if rel != "internal/rules" && Skipped(rel, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(rel, ".md") && !strings.HasSuffix(rel, ".go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.IndexByte(data, 0) >= 0 {
			return nil
		}
		for _, r := range FileRefs(rel, data) {
			if ok, ours := Exists(root, r); ours && !ok {
				out = append(out, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rules: file citations in %s: %w", root, err)
	}
	slices.SortStableFunc(out, func(a, b FileRef) int { return strings.Compare(a.File, b.File) })
	return out, nil
}

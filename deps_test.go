package dcplan_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const modulePath = "github.com/dcplan/dcplan"

// moduleImports maps every package of this module (by import path; nested
// modules such as examples/kube excluded) to the imports of its non-test
// files.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if p != "." {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // a module of its own
				}
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := path.Join(modulePath, filepath.ToSlash(filepath.Dir(p)))
		if _, ok := pkgs[pkg]; !ok {
			pkgs[pkg] = nil
		}
		for _, imp := range f.Imports {
			ip, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if !slices.Contains(pkgs[pkg], ip) {
				pkgs[pkg] = append(pkgs[pkg], ip)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading the module's imports: %v", err)
	}
	return pkgs
}

// linkedOutside returns the imports outside the standard library and this
// module that a program importing pkg links, sorted.
func linkedOutside(pkgs map[string][]string, pkg string) []string {
	var out []string
	seen := map[string]bool{}
	var visit func(string)
	visit = func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, ip := range pkgs[p] {
			switch {
			case ip == modulePath || strings.HasPrefix(ip, modulePath+"/"):
				visit(ip)
			case strings.Contains(strings.Split(ip, "/")[0], "."):
				if !slices.Contains(out, ip) {
					out = append(out, ip)
				}
			}
		}
	}
	visit(pkg)
	slices.Sort(out)
	return out
}

// TestProgramsLinkOnlyTheStandardLibrary holds that a program importing any
// package of dcplan links the standard library alone: in particular,
// importing fake does not link rapid, which would add its -rapid.* flags to
// the program's command line. The generators live in fake/gen, and the
// scenario runner and the no-mutation check (which use go-cmp) in
// internal/scenario and internal/mutation, all imported only by tests.
func TestProgramsLinkOnlyTheStandardLibrary(t *testing.T) {
	pkgs := moduleImports(t)
	testOnly := map[string][]string{
		modulePath + "/fake/gen":          {"pgregory.net/rapid"},
		modulePath + "/internal/scenario": {"github.com/google/go-cmp/cmp"},
		modulePath + "/internal/mutation": {"github.com/google/go-cmp/cmp"},
	}
	for _, must := range []string{modulePath, modulePath + "/fake", modulePath + "/fake/gen", modulePath + "/reconcile"} {
		if _, ok := pkgs[must]; !ok {
			t.Fatalf("package %s not found; the walk is broken (found %d packages)", must, len(pkgs))
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		if d := cmp.Diff(testOnly[pkg], linkedOutside(pkgs, pkg)); d != "" {
			t.Errorf("%s links outside the standard library (-want +got):\n%s", pkg, d)
		}
	}
}

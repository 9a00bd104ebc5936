package reconcile_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDocNamesEverySwitchRead holds the package documentation to the
// switches the package reads (SPEC 12: planners read the named switches):
// doc.go lists the switches the DC controller reads "and nothing else",
// so every field of dcplan.Switches selected in this package's code, or
// in internal/dcstatus, the engine it computes the DC status with (SPEC
// 3.9), must be named there.
func TestDocNamesEverySwitchRead(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	st := reflect.TypeFor[dcplan.Switches]()
	isSwitch := map[string]bool{}
	for i := range st.NumField() {
		isSwitch[st.Field(i).Name] = true
	}
	read := map[string]string{} // switch -> a file that reads it
	fset := token.NewFileSet()
	for _, dir := range []string{".", filepath.Join("..", "internal", "dcstatus")} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && isSwitch[sel.Sel.Name] {
					read[sel.Sel.Name] = name
				}
				return true
			})
		}
	}
	if len(read) == 0 {
		t.Fatal("found no switch read: the test checks nothing")
	}
	var missing []string
	for sw, file := range read {
		if !regexp.MustCompile(`\b` + sw + `\b`).Match(doc) {
			missing = append(missing, sw+" (read in "+file+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("doc.go does not name the switch %s", m)
	}
}

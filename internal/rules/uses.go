package rules

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// RulePackage and RuleTypeName name the Go type whose values are rule ids:
// every constant of this type declares a rule, and every use of such a
// constant, or string literal of this type, is a Go use of it ([KindUse]).
const (
	RulePackage  = "github.com/dcplan/dcplan"
	RuleTypeName = "Rule"
)

// Decl is the declaration site of one rule constant.
type Decl struct {
	File  string // slash-separated, relative to the scanned root
	Name  string // the constant, e.g. "ruleScale"
	ID    string // its value, e.g. "3.6.3"
	Start int    // byte offset of the declaration with its doc comment
	End   int    // byte offset past the declaration and its line comment
	Uses  int    // how many identifiers resolve to the constant outside tests
}

// Code is what the non-test Go files of the repository say about rule ids
// once type-checked: the rule constants and where they are used.
type Code struct {
	// Decls are the rule constants, by file, then in source order.
	Decls []Decl
	// Uses are [KindUse] citations: one per identifier that resolves to a
	// rule constant and per string literal of the rule type outside a
	// constant declaration, by file, then in source order.
	Uses []Citation
}

// goFile is one parsed non-test Go file.
type goFile struct {
	rel  string // slash path relative to the root
	src  []byte
	file *ast.File
}

// goPackage is the non-test Go files of one directory with one package
// clause, type-checked on demand.
type goPackage struct {
	path  string // import path
	files []goFile
	pkg   *types.Package
	info  *types.Info
	state uint8 // 0 unchecked, 1 checking, 2 checked
}

// ParseCode type-checks the non-test Go files under root (the directories
// [Scan] reads, minus testdata) and finds the rule constants and their
// uses. Import paths resolve through every go.mod under root (the module
// and its nested modules); packages outside them are left empty, so
// references into them are unresolved, which is all the rule type and its
// constants need. Type errors are otherwise ignored: only the resolution of
// identifiers matters here. A rule constant whose value is not a rule id
// ([Valid]) is an error.
func ParseCode(root string) (*Code, error) {
	fset := token.NewFileSet()
	mods := map[string]string{} // module path -> slash dir relative to root
	byDir := map[string]map[string]*goPackage{}
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
			if Skipped(rel, d.Name()) || d.Name() == "testdata" || d.Name() == "vendor" {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if name == "go.mod" {
			mp, err := modulePath(p)
			if err != nil {
				return err
			}
			mods[mp] = path.Dir(rel)
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, rel, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := path.Dir(rel)
		if byDir[dir] == nil {
			byDir[dir] = map[string]*goPackage{}
		}
		gp := byDir[dir][f.Name.Name]
		if gp == nil {
			gp = &goPackage{}
			byDir[dir][f.Name.Name] = gp
		}
		gp.files = append(gp.files, goFile{rel: rel, src: src, file: f})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rules: parse %s: %w", root, err)
	}

	// dirOf maps an import path to a directory through the longest module
	// path that prefixes it.
	dirOf := func(ip string) (string, bool) {
		best, dir := "", ""
		for mp, md := range mods {
			if (ip == mp || strings.HasPrefix(ip, mp+"/")) && len(mp) > len(best) {
				best, dir = mp, path.Join(md, strings.TrimPrefix(ip[len(mp):], "/"))
			}
		}
		return dir, best != ""
	}
	// mainPackage picks a directory's importable package: the one with the
	// most files, by name on a tie, that is not main.
	mainPackage := func(dir string) *goPackage {
		var best *goPackage
		for _, name := range slices.Sorted(maps.Keys(byDir[dir])) {
			gp := byDir[dir][name]
			if name != "main" && (best == nil || len(gp.files) > len(best.files)) {
				best = gp
			}
		}
		return best
	}
	fakes := map[string]*types.Package{}
	var check func(gp *goPackage)
	imp := importerFunc(func(ip string) (*types.Package, error) {
		if dir, ok := dirOf(ip); ok {
			if gp := mainPackage(dir); gp != nil {
				gp.path = ip
				check(gp)
				if gp.pkg != nil {
					return gp.pkg, nil
				}
			}
		}
		if p := fakes[ip]; p != nil {
			return p, nil
		}
		p := types.NewPackage(ip, guessName(ip))
		p.MarkComplete()
		fakes[ip] = p
		return p, nil
	})
	check = func(gp *goPackage) {
		if gp.state != 0 {
			return // checked, or an import cycle (left unresolved)
		}
		gp.state = 1
		if gp.path == "" {
			gp.path = "_/" + path.Dir(gp.files[0].rel)
		}
		files := make([]*ast.File, len(gp.files))
		for i, f := range gp.files {
			files[i] = f.file
		}
		gp.info = &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{},
			Defs:  map[*ast.Ident]types.Object{},
			Uses:  map[*ast.Ident]types.Object{},
		}
		conf := types.Config{Importer: imp, Error: func(error) {}, FakeImportC: true}
		gp.pkg, _ = conf.Check(gp.path, fset, files, gp.info)
		gp.state = 2
	}

	// Check every package, importable ones under their import path.
	var all []*goPackage
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		for _, name := range slices.Sorted(maps.Keys(byDir[dir])) {
			gp := byDir[dir][name]
			if gp == mainPackage(dir) {
				if ip, ok := importPathOf(dir, mods); ok {
					gp.path = ip
				}
			}
			all = append(all, gp)
		}
	}
	for _, gp := range all {
		check(gp)
	}
	ruleType := findRuleType(all)
	if ruleType == nil {
		return &Code{}, nil
	}
	isRule := func(t types.Type) bool { return t != nil && types.Identical(t, ruleType) }

	code := &Code{}
	for _, gp := range all {
		for _, f := range gp.files {
			if err := code.addFile(fset, gp.info, f, isRule); err != nil {
				return nil, err
			}
		}
	}
	slices.SortStableFunc(code.Decls, func(a, b Decl) int { return strings.Compare(a.File, b.File) })
	slices.SortStableFunc(code.Uses, func(a, b Citation) int { return strings.Compare(a.File, b.File) })
	uses := map[string]int{}
	for _, c := range code.Uses {
		if c.Const != "" {
			uses[c.Const]++
		}
	}
	for i := range code.Decls {
		code.Decls[i].Uses = uses[constKey(code.Decls[i].File, code.Decls[i].Name)]
	}
	return code, nil
}

// constKey names a constant across packages: its package directory and
// name.
func constKey(file, name string) string { return path.Dir(file) + "." + name }

// addFile records the rule constants file f declares and the rule uses in
// it.
func (c *Code) addFile(fset *token.FileSet, info *types.Info, f goFile, isRule func(types.Type) bool) error {
	tf := fset.File(f.file.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	var declRanges [][2]int
	consts := map[types.Object]string{} // rule constants declared here -> key
	var err error
	ast.Inspect(f.file, func(n ast.Node) bool {
		gd, ok := n.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || err != nil {
			return err == nil
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			start, end := vs.Pos(), vs.End()
			if vs.Doc != nil {
				start = vs.Doc.Pos()
			}
			if !gd.Lparen.IsValid() {
				start = gd.Pos()
				if gd.Doc != nil {
					start = gd.Doc.Pos()
				}
			}
			if vs.Comment != nil {
				end = vs.Comment.End()
			}
			for _, name := range vs.Names {
				obj, _ := info.Defs[name].(*types.Const)
				if obj == nil || !isRule(obj.Type()) {
					continue
				}
				id := ""
				if obj.Val().Kind() == constant.String {
					id = constant.StringVal(obj.Val())
				}
				if !Valid(id) {
					err = fmt.Errorf("rules: %s: rule constant %s = %q is not a rule id", f.rel, name.Name, id)
					return false
				}
				consts[obj] = constKey(f.rel, name.Name)
				c.Decls = append(c.Decls, Decl{File: f.rel, Name: name.Name, ID: id, Start: off(start), End: off(end)})
				declRanges = append(declRanges, [2]int{off(start), off(end)})
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	inDecl := func(p token.Pos) bool {
		o := off(p)
		for _, r := range declRanges {
			if r[0] <= o && o < r[1] {
				return true
			}
		}
		return false
	}
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			obj, _ := info.Uses[n].(*types.Const)
			if obj == nil || !isRule(obj.Type()) || obj.Val().Kind() != constant.String {
				return true
			}
			key := ""
			if obj.Pkg() != nil {
				if p := fset.Position(obj.Pos()); p.Filename != "" {
					key = constKey(p.Filename, obj.Name())
				}
			}
			c.Uses = append(c.Uses, Citation{ID: constant.StringVal(obj.Val()), File: f.rel, Kind: KindUse, Const: key})
		case *ast.BasicLit:
			if n.Kind != token.STRING || inDecl(n.Pos()) || !isRule(info.Types[n].Type) {
				return true
			}
			tv := info.Types[n]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			// Only ids: a Rule compared with "" or trimmed of a prefix is
			// not a citation.
			if id := constant.StringVal(tv.Value); Valid(id) {
				c.Uses = append(c.Uses, Citation{ID: id, File: f.rel, Kind: KindUse, Literal: true})
			}
		}
		return true
	})
	return nil
}

// findRuleType returns the rule type of the package RulePackage, or nil
// when the tree does not hold it.
func findRuleType(all []*goPackage) types.Type {
	for _, gp := range all {
		if gp.pkg == nil || gp.path != RulePackage {
			continue
		}
		if tn, ok := gp.pkg.Scope().Lookup(RuleTypeName).(*types.TypeName); ok {
			return tn.Type()
		}
	}
	return nil
}

// importPathOf is the import path of a directory: the path of the
// innermost module that holds it joined with the directory's place in that
// module.
func importPathOf(dir string, mods map[string]string) (string, bool) {
	best, bestDir := "", ""
	for mp, md := range mods {
		holds := md == "." || dir == md || strings.HasPrefix(dir, md+"/")
		if holds && (best == "" || bestDir == "." || len(md) > len(bestDir) && md != ".") {
			best, bestDir = mp, md
		}
	}
	if best == "" {
		return "", false
	}
	rest := dir
	if bestDir != "." {
		rest = strings.TrimPrefix(strings.TrimPrefix(dir, bestDir), "/")
	}
	if rest == "." || rest == "" {
		return best, true
	}
	return best + "/" + rest, true
}

// modulePath reads the module path of a go.mod file.
func modulePath(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", file)
}

// guessName is the package name an import path most likely declares: its
// last element, skipping a major-version suffix, up to a dot or dash.
func guessName(ip string) string {
	elems := strings.Split(ip, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	name = strings.TrimPrefix(name, "go-")
	if i := strings.IndexAny(name, ".-"); i > 0 {
		name = name[:i]
	}
	return name
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

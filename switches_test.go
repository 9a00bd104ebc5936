package dcplan_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
)

// switchTable renders the SPEC 12 era table from the presets: one row per
// switch, in declaration order; booleans as yes/no, enums by constant name.
func switchTable() string {
	var b strings.Builder
	b.WriteString("//\t| switch | Modern | Exact | Origin10 | Origin13 | Origin15 |\n")
	b.WriteString("//\t| --- | --- | --- | --- | --- | --- |\n")
	t := reflect.TypeFor[dcplan.Switches]()
	for i := range t.NumField() {
		b.WriteString("//\t| " + t.Field(i).Name + " |")
		for _, p := range dcplan.Presets() {
			v := reflect.ValueOf(p.Switches()).Field(i)
			switch {
			case v.Kind() == reflect.Bool && v.Bool():
				b.WriteString(" yes |")
			case v.Kind() == reflect.Bool:
				b.WriteString(" no |")
			default:
				b.WriteString(" " + v.Interface().(interface{ String() string }).String() + " |")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// The era table in the package documentation is the presets' switches
// (SPEC 12): regenerate it from switchTable when a switch changes.
func TestSwitchTableInDocs(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "// Switch table (generated; TestSwitchTableInDocs):\n//\n", "//\n// End of the switch table.\n"
	s := string(doc)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("doc.go lacks the switch table markers %q ... %q", begin, end)
	}
	if d := cmp.Diff(switchTable(), s[i+len(begin):j]); d != "" {
		t.Errorf("doc.go switch table differs from the presets (-want +got):\n%s", d)
	}
}

// Every switch is documented with the SPEC row it comes from (SPEC 12:
// "a doc comment citing its row").
func TestSwitchesCiteSpec(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "switches.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Switches" {
			return true
		}
		for _, field := range ts.Type.(*ast.StructType).Fields.List {
			seen++
			if field.Doc == nil || !strings.Contains(field.Doc.Text(), "SPEC") || !strings.HasPrefix(field.Doc.Text(), field.Names[0].Name+" ") {
				t.Errorf("switch %s: doc comment must start with its name and cite a SPEC row", field.Names[0].Name)
			}
		}
		return false
	})
	if want := reflect.TypeFor[dcplan.Switches]().NumField(); seen != want {
		t.Errorf("parsed %d switches, Switches has %d", seen, want)
	}
}

// TestModernCorrectsSection10 holds the presets to SPEC 10 and 11: the
// accidents of SPEC 10 that Modern corrects (items 2, 3, 4, 12 and 13;
// item 10 is no switch, a typed error in every preset) are switches whose
// doc cites the item, off in Modern and on in some other preset (Exact
// for modern upstream's, an Origin era for the seed's).
func TestModernCorrectsSection10(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "switches.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	corrected := map[string]bool{"10.2": true, "10.3": true, "10.4": true, "10.12": true, "10.13": true}
	found := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Switches" {
			return true
		}
		for _, field := range ts.Type.(*ast.StructType).Fields.List {
			name := field.Names[0].Name
			for _, w := range strings.FieldsFunc(field.Doc.Text(), func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' || r == '\n' }) {
				if !corrected[w] {
					continue
				}
				found[w] = true
				if !reflect.ValueOf(dcplan.Modern.Switches()).FieldByName(name).IsZero() {
					t.Errorf("switch %s (SPEC %s, an accident Modern corrects) is on in Modern", name, w)
				}
				set := false
				for _, p := range dcplan.Presets() {
					set = set || !reflect.ValueOf(p.Switches()).FieldByName(name).IsZero()
				}
				if !set {
					t.Errorf("switch %s (SPEC %s) is on in no preset: no preset keeps upstream's accident", name, w)
				}
			}
		}
		return false
	})
	for item := range corrected {
		if !found[item] {
			t.Errorf("no switch cites SPEC %s", item)
		}
	}
}

// Every switch is named by at least one test or scenario file besides
// this one (issue 12: "at least one test that names it").
func TestEverySwitchIsTested(t *testing.T) {
	var corpus strings.Builder
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "rapid") && path != "." {
			return filepath.SkipDir
		}
		isTest := strings.HasSuffix(path, "_test.go") && path != "switches_test.go"
		isScenario := strings.HasSuffix(path, ".txt") && strings.Contains(path, "testdata")
		if !d.IsDir() && (isTest || isScenario) {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			corpus.Write(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := corpus.String()
	typ := reflect.TypeFor[dcplan.Switches]()
	for i := range typ.NumField() {
		if name := typ.Field(i).Name; !strings.Contains(all, name) {
			t.Errorf("switch %s is named by no test or scenario file", name)
		}
	}
}

// Planners read switches, never the preset they came from (issue 12, SPEC
// 12): no planner source names a preset, Presets, ParsePreset, or asks a
// Switches value which preset it is.
func TestPlannersNeverReadThePreset(t *testing.T) {
	banned := map[string]bool{
		"Preset": true, "Presets": true, "ParsePreset": true, "Modern": true, "Exact": true,
		"Origin": true, "Origin10": true, "Origin13": true, "Origin15": true,
	}
	methods := map[string]bool{"Preset": true, "Nearest": true, "Changes": true}
	eachSelector(t, []string{"phase", "reconcile", "conditions", "internal/dcstatus", "cancel", "history"}, func(at token.Position, _ string, sel *ast.SelectorExpr) {
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == "dcplan" && banned[sel.Sel.Name] {
			t.Errorf("%s names the preset dcplan.%s; read a switch instead", at, sel.Sel.Name)
		}
		if methods[sel.Sel.Name] {
			t.Errorf("%s calls .%s; planners read switches, not presets", at, sel.Sel.Name)
		}
	})
}

// TestDocNamesEverySwitchRead holds reconcile's package documentation to
// the switches the package reads (SPEC 12: planners read the named
// switches): reconcile/doc.go lists the switches the DC controller reads
// "and nothing else", so every field of dcplan.Switches selected in
// reconcile's code, or in internal/dcstatus, the engine it computes the
// DC status with (SPEC 3.9), must be named there.
func TestDocNamesEverySwitchRead(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("reconcile", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	st := reflect.TypeFor[dcplan.Switches]()
	isSwitch := map[string]bool{}
	for i := range st.NumField() {
		isSwitch[st.Field(i).Name] = true
	}
	read := map[string]string{} // switch -> a file that reads it
	eachSelector(t, []string{"reconcile", "internal/dcstatus"}, func(_ token.Position, file string, sel *ast.SelectorExpr) {
		if isSwitch[sel.Sel.Name] {
			read[sel.Sel.Name] = file
		}
	})
	if len(read) == 0 {
		t.Fatal("found no switch read: the test checks nothing")
	}
	var missing []string
	for sw, file := range read {
		if !regexp.MustCompile(`\b` + sw + `\b`).Match(doc) {
			missing = append(missing, sw+" (read in "+file+")")
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("reconcile/doc.go does not name the switch %s", m)
	}
}

// eachSelector calls visit with every selector expression (x.Name) of the
// non-test Go files of dirs, with its position and file.
func eachSelector(t *testing.T, dirs []string, visit func(at token.Position, file string, sel *ast.SelectorExpr)) {
	t.Helper()
	fset := token.NewFileSet()
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					visit(fset.Position(sel.Pos()), name, sel)
				}
				return true
			})
		}
	}
}

func TestPresets(t *testing.T) {
	tests := []struct {
		name string
		why  string
		sw   dcplan.Switches
		want string
	}{
		{"zero", "12: the zero Switches are the Modern preset", dcplan.Switches{}, "Modern"},
		{"exact", "12: a preset names itself", dcplan.Exact.Switches(), "Exact"},
		{"origin alias", "12: Origin = Origin15", dcplan.Origin.Switches(), "Origin15"},
		{"origin10", "12", dcplan.Origin10.Switches(), "Origin10"},
		{"origin13", "12", dcplan.Origin13.Switches(), "Origin13"},
		{"one flip", "12: a preset with one switch flipped is named after the preset", func() dcplan.Switches {
			sw := dcplan.Modern.Switches()
			sw.LongReasons = true
			return sw
		}(), "custom(Modern+LongReasons)"},
		{"flip off", "12: a switch turned off reads Name=false", func() dcplan.Switches {
			sw := dcplan.Origin13.Switches()
			sw.ReplicaSync = false
			return sw
		}(), "custom(Origin13+ReplicaSync=false)"},
		{"enum", "12: an enum switch reads Name=Value", func() dcplan.Switches {
			sw := dcplan.Origin15.Switches()
			sw.OcCancel = dcplan.CancelB
			return sw
		}(), "custom(Origin15+OcCancel=CancelB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, tt.sw.Name()); d != "" {
				t.Errorf("Name() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
			// Changes from the nearest preset, applied with Set, give the
			// switches back.
			p := tt.sw.Nearest()
			got := p.Switches()
			for _, c := range tt.sw.Changes(p.Switches()) {
				if err := got.Set(c); err != nil {
					t.Fatalf("Set(%q): %v", c, err)
				}
			}
			if d := cmp.Diff(tt.sw, got); d != "" {
				t.Errorf("Set(Changes()) does not round-trip (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
	if got := (dcplan.Settings{}).Switches; got != dcplan.Modern.Switches() {
		t.Errorf("zero Settings are not Modern: %s", got.Name())
	}
}

func TestSwitchesSet(t *testing.T) {
	tests := []struct {
		name    string
		why     string
		change  string
		want    func(*dcplan.Switches)
		wantErr string
	}{
		{"bare bool", "Set: a bare name switches a boolean on", "ReplicaSync", func(sw *dcplan.Switches) { sw.ReplicaSync = true }, ""},
		{"bool false", "Set: Name=false switches it off", "UnrelatedPodEffects=false", func(*dcplan.Switches) {}, ""},
		{"bool true", "Set: Name=true switches it on, as the bare name does", "LongReasons=true", func(sw *dcplan.Switches) { sw.LongReasons = true }, ""},
		{"enum", "Set: an enum by constant name", "Paused=PausedNoCreate", func(sw *dcplan.Switches) { sw.Paused = dcplan.PausedNoCreate }, ""},
		{"retry enum", "Set: OcRetry", "OcRetry=RetryMiddle", func(sw *dcplan.Switches) { sw.OcRetry = dcplan.RetryMiddle }, ""},
		{"latest enum", "Set: OcDeployLatest", "OcDeployLatest=DeployLatestNewer", func(sw *dcplan.Switches) { sw.OcDeployLatest = dcplan.DeployLatestNewer }, ""},
		{"unknown switch", "Set: unknown names are errors", "Nope", func(*dcplan.Switches) {}, `dcplan: invalid settings: unknown switch "Nope"`},
		{"unknown value", "Set: unknown enum values are errors", "OcCancel=CancelD", func(*dcplan.Switches) {}, `dcplan: invalid settings: switch OcCancel: unknown value "CancelD"`},
		{"bad bool", "Set: booleans take true or false", "LongReasons=yes", func(*dcplan.Switches) {}, `dcplan: invalid settings: switch LongReasons: want true or false, got "yes"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got dcplan.Switches
			err := got.Set(tt.change)
			var want dcplan.Switches
			tt.want(&want)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("Set(%q) mismatch (-want +got) [%s]:\n%s", tt.change, tt.why, d)
			}
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
				if !errors.Is(err, dcplan.ErrInvalidSettings) {
					t.Errorf("Set(%q) error does not wrap ErrInvalidSettings", tt.change)
				}
			}
			if d := cmp.Diff(tt.wantErr, gotErr); d != "" {
				t.Errorf("Set(%q) error mismatch (-want +got) [%s]:\n%s", tt.change, tt.why, d)
			}
		})
	}
}

func TestSettingsString(t *testing.T) {
	tests := []struct {
		name string
		why  string
		st   dcplan.Settings
		want string
	}{
		{"zero", "12: the zero Settings are Modern", dcplan.Settings{}, "preset=Modern"},
		{"origin", "12: a preset and the deployer pod parameters", dcplan.Settings{
			Switches: dcplan.Origin.Switches(), DeployerImage: "registry.example/deployer:v4", ServiceAccount: "deployer",
			Environment: []dcplan.EnvVar{{Name: "A", Value: "1"}},
		}, "preset=Origin15 image=registry.example/deployer:v4 serviceAccount=deployer env=1"},
		{"custom", "12: flipped switches name the nearest preset", func() dcplan.Settings {
			st := dcplan.Exact.Settings()
			st.OcCancelSilent = false
			return st
		}(), "preset=custom(Exact+OcCancelSilent=false)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, tt.st.String()); d != "" {
				t.Errorf("String() mismatch (-want +got) [%s]:\n%s", tt.why, d)
			}
		})
	}
}

// TestPresetsCannotBeChanged: the preset list and AtStart are values no
// caller can change for every other (issue: both were exported
// variables, so one assignment changed every plan).
func TestPresetsCannotBeChanged(t *testing.T) {
	p := dcplan.Presets()
	p[0] = dcplan.Origin10
	if got := dcplan.Presets()[0]; got != dcplan.Modern {
		t.Errorf("after a caller wrote its copy, Presets()[0] = %v, want Modern", got)
	}
	a := dcplan.AtStart()
	a.Index = 3
	if got := dcplan.AtStart(); got.Index != -1 || got.Kind != dcplan.ActionNone {
		t.Errorf("AtStart() = %+v after a caller changed its copy, want index -1, kind none", got)
	}
}

// TestSettingsValidateEnumBounds: each enum switch accepts its last
// declared value and refuses the one past it (SPEC 12: an enum switch
// holds a declared value), naming the switch and the value.
func TestSettingsValidateEnumBounds(t *testing.T) {
	tests := []struct {
		name      string
		last, bad func(*dcplan.Switches)
		want      string
	}{
		{"Paused", func(sw *dcplan.Switches) { sw.Paused = dcplan.PausedNoCreate }, func(sw *dcplan.Switches) { sw.Paused = dcplan.PausedNoCreate + 1 }, "Paused=3"},
		{"OcCancel", func(sw *dcplan.Switches) { sw.OcCancel = dcplan.CancelC }, func(sw *dcplan.Switches) { sw.OcCancel = dcplan.CancelC + 1 }, "OcCancel=4"},
		{"OcRetry", func(sw *dcplan.Switches) { sw.OcRetry = dcplan.RetryNewest }, func(sw *dcplan.Switches) { sw.OcRetry = dcplan.RetryNewest + 1 }, "OcRetry=4"},
		{"OcDeployLatest", func(sw *dcplan.Switches) { sw.OcDeployLatest = dcplan.DeployLatestNewer },
			func(sw *dcplan.Switches) { sw.OcDeployLatest = dcplan.DeployLatestNewer + 1 }, "OcDeployLatest=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var st dcplan.Settings
			tt.last(&st.Switches)
			if err := st.Validate(); err != nil {
				t.Errorf("Validate() with the last value = %v, want nil", err)
			}
			st = dcplan.Settings{}
			tt.bad(&st.Switches)
			want := "dcplan: invalid settings: Settings: Switches: unknown switch value " + tt.want
			if err := st.Validate(); err == nil || err.Error() != want {
				t.Errorf("Validate() past the last value = %v, want %q", err, want)
			}
		})
	}
}

// TestSwitchesNearestTie: switches as far from two presets, and no
// nearer to any other, go to the first of the two in table order
// (Switches.Nearest). The first pair of presets an even number of changes
// apart gives the tie: half of the changes from one to the other.
func TestSwitchesNearestTie(t *testing.T) {
	presets := dcplan.Presets()
	for i, a := range presets {
		for _, b := range presets[i+1:] {
			sw := a.Switches()
			changes := b.Switches().Changes(sw)
			if len(changes)%2 != 0 {
				continue
			}
			for _, c := range changes[:len(changes)/2] {
				if err := sw.Set(c); err != nil {
					t.Fatal(err)
				}
			}
			da, db := len(sw.Changes(a.Switches())), len(sw.Changes(b.Switches()))
			if da != db || slices.ContainsFunc(presets, func(p dcplan.Preset) bool { return len(sw.Changes(p.Switches())) < da }) {
				continue
			}
			if got := sw.Nearest(); got != a {
				t.Errorf("Nearest() of %d changes from %v and from %v = %v, want %v (first of a tie)", da, a, b, got, a)
			}
			return
		}
	}
	t.Fatal("test setup: no two presets an even number of changes apart with none nearer to their midpoint")
}

// TestNearestOfAPresetIsItself: Nearest is the preset with the fewest
// switches differing, the first in table order on a tie; a preset's own
// switches differ from it in none, so each preset is its own nearest
// (Switches.Nearest; SPEC 12). Only the scenario packages pinned it. Kills
// the mutant of Nearest's `bestDiff < 0` as `<= 0`, which let the next
// preset replace an exact match.
func TestNearestOfAPresetIsItself(t *testing.T) {
	for _, p := range dcplan.Presets() {
		if got := p.Switches().Nearest(); got != p {
			t.Errorf("%v.Switches().Nearest() = %v, want %v", p, got, p)
		}
	}
}

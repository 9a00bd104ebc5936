package dcplan_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportRule holds the architecture of the packages, and which way
// they import: the root imports nothing of this module, and no
// planner imports package wire or encoding/json — planners work on typed
// values and emit typed actions; wire alone reads and writes JSON. It asks
// `go list` for the packages' imports (test files excluded).
func TestImportRule(t *testing.T) {
	const module = "github.com/dcplan/dcplan"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}",
		".", "./phase", "./history", "./conditions", "./internal/dcstatus", "./cancel", "./reconcile").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, imports := fields[0], fields[1:]
		seen++
		for _, imp := range imports {
			switch {
			case pkg == module && strings.HasPrefix(imp, module):
				t.Errorf("the root imports %s; it must import nothing of this module", imp)
			case imp == module+"/wire" || imp == "encoding/json":
				t.Errorf("planner %s imports %s; planners never touch wire or JSON", pkg, imp)
			case strings.HasPrefix(imp, module+"/fake") || strings.HasPrefix(imp, module+"/examples"):
				t.Errorf("%s imports %s; nothing of the core imports fake or examples", pkg, imp)
			}
		}
	}
	if seen != 7 {
		t.Errorf("go list answered for %d packages, want 7:\n%s", seen, out)
	}
}

// TestRootIsVocabulary holds that storage is the codec's business: the
// root package is plain values, so it imports none of
// the packages that storage machinery needs (pools and once-cells, random
// hash seeds, binary packing, reflection).
func TestRootIsVocabulary(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{join .Imports \"\\n\"}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := strings.Fields(string(out))
	if len(imports) == 0 {
		t.Fatal("go list reported no imports for the root; the check is broken")
	}
	for _, imp := range imports {
		switch {
		case imp == "sync" || strings.HasPrefix(imp, "sync/"),
			imp == "math/rand" || strings.HasPrefix(imp, "math/rand/"),
			imp == "encoding/binary", imp == "reflect", imp == "unsafe", imp == "unique":
			t.Errorf("the root imports %s; it holds plain values, storage lives behind the codec", imp)
		}
	}
}

// TestPlannersCannotReachTheDecoder: no planner package reaches, through
// any chain of imports, package wire, the JSON scanner or encoding/json:
// the encoded DC reaches planners decoded (Deployment.Encoded), and no
// planner can call a decoder.
func TestPlannersCannotReachTheDecoder(t *testing.T) {
	const module = "github.com/dcplan/dcplan"
	for _, pkg := range []string{".", "./phase", "./history", "./conditions", "./internal/dcstatus", "./cancel", "./reconcile"} {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 2 {
			t.Fatalf("go list -deps %s answered %q; the check is broken", pkg, deps)
		}
		for _, dep := range deps {
			if dep == "encoding/json" || dep == module+"/wire" || strings.HasPrefix(dep, module+"/internal/json") {
				t.Errorf("%s reaches %s", pkg, dep)
			}
		}
	}
}

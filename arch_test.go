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
		".", "./phase", "./history", "./conditions", "./cancel", "./reconcile").Output()
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
	if seen != 6 {
		t.Errorf("go list answered for %d packages, want 6:\n%s", seen, out)
	}
}

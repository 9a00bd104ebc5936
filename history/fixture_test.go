package history_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// fixture reads a file of testdata/fixtures at the module root.
func fixture(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// fixtureNow is the time the history tests decode the fixture list at.
var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// fixtureSnapshot decodes the fixture list (`oc get dc,rc,pods -o json`
// of DC shop/frontend) at fixtureNow under Modern.
func fixtureSnapshot(tb testing.TB) dcplan.Snapshot {
	tb.Helper()
	s, err := wire.DecodeSnapshot(fixture(tb, "list-dc-rc-pods.json"), "shop", "frontend", fixtureNow,
		dcplan.Settings{Switches: dcplan.Modern.Switches()})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

package fake_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/reconcile"
)

// TestCheckPassOverGeneratedSnapshots holds that the pairing the package
// doc suggests, CheckPass over gen.Snapshot, passes on the DC
// controller's plans under every preset: Applies leaves out what a preset's
// controller does not promise (the seed controller claims no RCs and
// cancels every RC in flight when the latest is missing, SPEC 3.11, 7 rows
// 2 and 5), so a correct plan is never a failure.
func TestCheckPassOverGeneratedSnapshots(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		p := reconcile.Config(s)
		if err := fake.CheckPass(s, p, fake.PassConfig, "dc-controller"); err != nil {
			t.Fatalf("CheckPass() = %v (SeedConfigController %v)\n%s", err, s.Settings.SeedConfigController, dcplan.Describe(p))
		}
	})
}

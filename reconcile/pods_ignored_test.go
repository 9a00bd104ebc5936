package reconcile_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan/reconcile"
)

// TestConfigIgnoresPods holds SPEC 3.1: the DC controller's pass needs the
// DC, its RCs, the time and the settings, and no pods (upstream's DC
// controller has no pod informer). Config plans the same with the
// snapshot's pods dropped. TestGeneratorReaches checks at fixed seeds
// that the generator draws pods, so the property cannot hold vacuously
// (counting them here failed now and then under -short's 20 checks).
func TestConfigIgnoresPods(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSnapshot().Draw(t, "snapshot")
		bare := s.Clone()
		bare.Pods = nil
		if d := cmp.Diff(reconcile.Config(s), reconcile.Config(bare)); d != "" {
			t.Fatalf("Config() depends on the %d pods (-with +without):\n%s", len(s.Pods), d)
		}
	})
}

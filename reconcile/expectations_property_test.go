package reconcile_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/reconcile"
)

// TestConfigExpectationsOnlyWait: what the DC controller's adapter knows
// of its own writes (Snapshot.Unobserved, Undeleted) makes it wait for its
// cache while the cache is behind one of them (SPEC 3.2.12.expect: an RC
// of the DC it created is not listed; 3.7.expect: one it deleted is
// listed without a deletionTimestamp), and otherwise changes nothing but
// the history cleanup, which leaves out the RCs it deleted that a
// finalizer holds listed. Names that are not the DC's RCs (the deployer
// pods reconcile.All's snapshot holds) are not its to read.
// IgnoreExpectations reads none of them.
func TestConfigExpectationsOnlyWait(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSnapshot().Draw(t, "snapshot")
		e := gen.WithExpectations(s).Draw(t, "expectations")
		got := reconcile.Config(e)
		if s.ValidateConfig() != nil {
			if !got.IsEmpty() {
				t.Fatalf("an invalid snapshot planned %s with expectations", dcplan.Describe(got))
			}
			return
		}
		behind := false
		for _, n := range e.Unobserved {
			if _, ok := s.Deployment(n); !ok && dcplan.IsDeploymentName(s.Config.Name, n) {
				behind = true
			}
		}
		for _, n := range e.Undeleted {
			if d, ok := s.Deployment(n); ok && !d.Deleting {
				behind = true
			}
		}
		if behind && !s.Settings.IgnoreExpectations {
			if d := cmp.Diff(dcplan.Plan{Wait: dcplan.WaitStaleCache}, got); d != "" {
				t.Fatalf("a cache behind the adapter's writes (unobserved %q, undeleted %q): not a wait (-want +got):\n%s", e.Unobserved, e.Undeleted, d)
			}
			return
		}
		if got.Wait == dcplan.WaitStaleCache && reconcile.Config(s).Wait != dcplan.WaitStaleCache {
			t.Fatalf("a cache that meets the adapter's writes (unobserved %q, undeleted %q): a wait", e.Unobserved, e.Undeleted)
		}
		// The same pass with only the expectations that count: the RCs
		// deleted that a finalizer holds listed.
		kept := s.Clone()
		kept.Undeleted = slices.DeleteFunc(slices.Clone(e.Undeleted), func(n string) bool {
			d, ok := s.Deployment(n)
			return !ok || !d.Deleting
		})
		if s.Settings.IgnoreExpectations {
			kept.Undeleted = nil
		}
		if d := cmp.Diff(reconcile.Config(kept), got); d != "" {
			t.Fatalf("expectations the cache meets (unobserved %q, undeleted %q) changed the plan (-without +with):\n%s", e.Unobserved, e.Undeleted, d)
		}
	})
}

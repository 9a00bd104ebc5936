package phase_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/phase"
)

// TestStepExpectationsOnlyWait: what an adapter knows of its own writes
// (Snapshot.Unobserved, Undeleted) never makes the deployer plan
// otherwise, only wait for its cache (SPEC 4.2.expect, 4.2.expect.squat,
// 4.2.expect.delete), and only while the cache is behind one of its
// writes of the RC stepped: the RC is one it wrote (unobserved), its
// deployer pod one it created that the cache does not show related, or
// one it deleted that the cache still lists. IgnoreExpectations reads
// none of them.
func TestStepExpectationsOnlyWait(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		rc := drawTarget(t, &s)
		e := gen.WithExpectations(s).Draw(t, "expectations")
		got, want := phase.Step(e, rc), phase.Step(s, rc)
		if s.Validate() != nil {
			if !got.IsEmpty() || !want.IsEmpty() {
				t.Fatalf("an invalid snapshot planned %s, with expectations %s", dcplan.Describe(want), dcplan.Describe(got))
			}
			return
		}
		pod := dcplan.DeployerPodName(rc)
		p, listed := s.Pod(pod)
		behind := slices.Contains(e.Unobserved, rc) ||
			slices.Contains(e.Unobserved, pod) && (!listed || p.DeploymentName != rc) ||
			slices.Contains(e.Undeleted, pod) && listed
		if _, ok := s.Deployment(rc); !ok || s.Settings.IgnoreExpectations {
			behind = false
		}
		if behind {
			if d := cmp.Diff(dcplan.Plan{Wait: dcplan.WaitStaleCache}, got); d != "" {
				t.Fatalf("a cache behind the adapter's writes (unobserved %q, undeleted %q): not a wait (-want +got):\n%s", e.Unobserved, e.Undeleted, d)
			}
			return
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("expectations the cache meets (unobserved %q, undeleted %q) changed the plan (-without +with):\n%s", e.Unobserved, e.Undeleted, d)
		}
	})
}

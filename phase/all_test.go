package phase_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/gen"
	"github.com/dcplan/dcplan/phase"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// StepAll is a faster route to the same plan as stepping every RC by name,
// newest first, and (Origin) every pod by name: metamorphic property of
// STYLE rule 16c. It pins the pod grouping StepAll uses to stay linear.
func TestStepAllEqualsStepEach(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := gen.Snapshot().Draw(t, "snapshot")
		var want dcplan.Plan
		for _, d := range slices.SortedFunc(slices.Values(s.Deployments), func(a, b dcplan.Deployment) int {
			return dcplan.CompareDeployments(b, a)
		}) {
			want = want.Merge(phase.Step(s, d.Name))
		}
		if s.Settings.SeedPodController {
			for _, p := range slices.SortedFunc(slices.Values(s.Pods), func(a, b dcplan.Pod) int {
				return cmpString(a.Name, b.Name)
			}) {
				want = want.Merge(phase.DeployerPod(s, p.Name))
			}
		}
		got := phase.StepAll(s)
		if d := cmp.Diff(dcplan.Describe(want), dcplan.Describe(got)); d != "" {
			t.Fatalf("StepAll() differs from Step per RC (-want +got):\n%s", d)
		}
	})
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestStepAllInvalidSnapshot(t *testing.T) {
	s := dcplan.Snapshot{Config: dcplan.Config{Name: "web", Replicas: -1}}
	if p := phase.StepAll(s); !p.IsEmpty() {
		t.Errorf("StepAll(invalid) = %s, want an empty plan", dcplan.Describe(p))
	}
}

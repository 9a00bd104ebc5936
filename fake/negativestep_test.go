package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestLatestVersionMonotonicNegativeStep holds that LatestVersionMonotonic
// fails a step whose world after holds a negative status.latestVersion
// even when the step raised it (SPEC 3.2.10: latestVersion never goes
// negative; issue 13 defect 2 wrapped it): -2 to -1 is a rise, and -1 is
// as wrong as the wrapped minimum, the one negative world a case used:
// an invariant that let -1 pass passed every test.
func TestLatestVersionMonotonicNegativeStep(t *testing.T) {
	step := fake.Transition{Before: state(dc(t, -2, "app:1")), After: state(dc(t, -1, "app:1"))}
	check(t, fake.LatestVersionMonotonic(step), "latestVersion -1", "a world after the step with latestVersion -1")
	check(t, fake.LatestVersionMonotonic(fake.Transition{Before: state(dc(t, -1, "app:1")), After: state(dc(t, 0, "app:1"))}), "", "0 is no negative version")
}

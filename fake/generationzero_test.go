package fake_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestStatusSumsAtRestObservesGenerationAtVersionZero holds that
// StatusSumsAtRest wants observedGeneration caught up for a DC at
// latestVersion 0 (SPEC 3.9, 3.2.1: a DC that has not rolled out yet,
// waiting for its image, gets its status written with the generation
// observed; only 3.2.11's running latest keeps it back, and at version 0
// there is none): an edit at rest left unobserved is reported.
func TestStatusSumsAtRestObservesGenerationAtVersionZero(t *testing.T) {
	c0 := dc(t, 0, "app:1")
	c0.Generation, c0.Status.ObservedGeneration = 2, 1
	check(t, fake.StatusSumsAtRest(state(c0)), "status.observedGeneration 1, want 2", "version 0 has no rollout running")
	c0.Status.ObservedGeneration = 2
	check(t, fake.StatusSumsAtRest(state(c0)), "", "observed")
}

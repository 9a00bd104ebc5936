package dcstatus

import (
	"math"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestProgressedWrapsItsDifferences pins SPEC 3.10.2's progress test under
// WrapReplicaSums: upstream's IsProgressing subtracts int32 counts, so the
// new old-replica count of a wrapped replicas sum wraps as well. Here the
// new status counts -2 147 483 648 replicas, 1 of them updated: in int32
// that leaves 2 147 483 647 old replicas, one more than the current
// status's 2 147 483 646, which is no progress; in 64 bits it would be
// -2 147 483 649, fewer, and progress.
func TestProgressedWrapsItsDifferences(t *testing.T) {
	// Reference: appsutil.IsProgressing (int32 arithmetic).
	old := &dcplan.ConfigStatus{Replicas: math.MaxInt32, UpdatedReplicas: 1}
	c := &counts{replicas: math.MinInt32, updated: 1}
	if progressed(old, c, true) {
		t.Errorf("progressed(wrapped) = true, want false: upstream's int32 difference is %d old replicas, not fewer than %d", int32(math.MaxInt32), int32(math.MaxInt32-1))
	}
	if !progressed(old, c, false) {
		t.Errorf("progressed(64 bits) = false, want true: %d old replicas are fewer than %d", int64(math.MinInt32)-1, int64(math.MaxInt32)-1)
	}
}

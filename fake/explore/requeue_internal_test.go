package explore

import "testing"

// TestNextRequeue pins the deployer's abstract requeue counts: 0 becomes
// 1 in one pass, 1 (standing for 1 to 12) becomes 13 (WillBeDropped) in
// twelve, and from there each pass counts one up to 15 (MaxRetryCount),
// where the count stays. Liveness weighs deployer passes by the pass
// counts, and the planners tell 13, 14 and 15 apart.
func TestNextRequeue(t *testing.T) {
	for _, tt := range []struct{ rq, want, passes int }{
		{0, 1, 1}, {1, 13, 12}, {12, 13, 12}, {13, 14, 1}, {14, 15, 1}, {15, 15, 1},
	} {
		if got, passes := nextRequeue(tt.rq); got != tt.want || passes != tt.passes {
			t.Errorf("nextRequeue(%d) = %d, %d; want %d, %d", tt.rq, got, passes, tt.want, tt.passes)
		}
	}
}

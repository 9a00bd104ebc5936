package fake

import (
	"testing"
	"time"
)

// TestFormatOffset pins the trace's time stamps: [hhh:mm:ss] since the
// start, hours unbounded, minutes and seconds each below 60, and a minus
// sign in place of the space after a backward clock jump.
func TestFormatOffset(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "[ 00:00:00]"},
		{59 * time.Second, "[ 00:00:59]"},
		{70 * time.Second, "[ 00:01:10]"},
		{3725 * time.Second, "[ 01:02:05]"},
		{100*time.Hour + 61*time.Second, "[ 100:01:01]"},
		{-90 * time.Second, "[-00:01:30]"},
	} {
		if got := formatOffset(tc.d); got != tc.want {
			t.Errorf("formatOffset(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

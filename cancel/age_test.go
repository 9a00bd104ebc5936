package cancel_test

import (
	"math"
	"testing"
	"time"

	"github.com/dcplan/dcplan/cancel"
	"github.com/google/go-cmp/cmp"
)

// Reference: github.com/docker/go-units HumanDuration, lowercased. SPEC
// 11a.6: the newer of the two schemes ("1 second", hours rounded);
// history/testdata/duration.txt holds the older one.
func TestHumanAge(t *testing.T) {
	const day = 24 * time.Hour
	tests := []struct {
		name string
		why  string
		d    time.Duration
		want string
	}{
		{"negative", "a creation time after now reads as less than a second", -time.Hour, "less than a second"},
		{"zero", "under a second", 0, "less than a second"},
		{"almost a second", "seconds truncate", 999 * time.Millisecond, "less than a second"},
		{"one second", "the singular", time.Second, "1 second"},
		{"59 seconds", "plural seconds", 59*time.Second + 900*time.Millisecond, "59 seconds"},
		{"one minute", "about a minute", 119 * time.Second, "about a minute"},
		{"two minutes", "plural minutes", 2 * time.Minute, "2 minutes"},
		{"59 minutes", "still minutes", 59*time.Minute + 59*time.Second, "59 minutes"},
		{"one hour", "hours round half up: 1h29m is about an hour", time.Hour + 29*time.Minute, "about an hour"},
		{"rounds to two", "1h30m rounds to 2 hours", time.Hour + 30*time.Minute, "2 hours"},
		{"47 hours", "under 48 hours", 47 * time.Hour, "47 hours"},
		{"two days", "48 hours", 48 * time.Hour, "2 days"},
		{"13 days", "under two weeks", 13*day + 23*time.Hour, "13 days"},
		{"two weeks", "14 days", 14 * day, "2 weeks"},
		{"eight weeks", "59 days", 59 * day, "8 weeks"},
		{"two months", "60 days", 60 * day, "2 months"},
		{"24 months", "729 days", 729 * day, "24 months"},
		{"two years", "730 days", 730 * day, "2 years"},
		{"saturated", "the largest duration (a zero creation time)", time.Duration(math.MaxInt64), "292 years"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, cancel.HumanAge(tt.d)); d != "" {
				t.Errorf("HumanAge(%v) mismatch (-want +got) [%s]:\n%s", tt.d, tt.why, d)
			}
		})
	}
}

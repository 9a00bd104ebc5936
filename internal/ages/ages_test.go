package ages_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/dcplan/dcplan/internal/ages"
)

// TestShort holds Short to apimachinery's duration.HumanDuration at each
// boundary of its rules.
func TestShort(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"}, {-1500 * time.Millisecond, "0s"}, {-time.Second, "0s"}, {0, "0s"},
		{119 * time.Second, "119s"}, {2 * time.Minute, "2m"}, {2*time.Minute + 5*time.Second, "2m5s"},
		{9*time.Minute + 59*time.Second, "9m59s"}, {10*time.Minute + 30*time.Second, "10m"}, {179 * time.Minute, "179m"},
		{3 * time.Hour, "3h"}, {3*time.Hour + 20*time.Minute, "3h20m"}, {7*time.Hour + 59*time.Minute, "7h59m"},
		{8*time.Hour + 30*time.Minute, "8h"}, {47 * time.Hour, "47h"}, {48 * time.Hour, "2d"}, {50 * time.Hour, "2d2h"},
		{8 * 24 * time.Hour, "8d"}, {729 * 24 * time.Hour, "729d"}, {730 * 24 * time.Hour, "2y"}, {731 * 24 * time.Hour, "2y1d"},
		{8 * 365 * 24 * time.Hour, "8y"}, {9*365*24*time.Hour + 24*time.Hour, "9y"},
	} {
		if got := ages.Short(tc.d); got != tc.want {
			t.Errorf("Short(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestGoUnits holds GoUnits to docker/go-units' HumanDuration at each
// boundary of its rules.
func TestGoUnits(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{-time.Hour, "Less than a second"}, {999 * time.Millisecond, "Less than a second"}, {time.Second, "1 second"},
		{59 * time.Second, "59 seconds"}, {time.Minute, "About a minute"}, {119 * time.Second, "About a minute"},
		{59 * time.Minute, "59 minutes"}, {89 * time.Minute, "About an hour"}, {90 * time.Minute, "2 hours"},
		{47 * time.Hour, "47 hours"}, {48 * time.Hour, "2 days"}, {13 * 24 * time.Hour, "13 days"}, {14 * 24 * time.Hour, "2 weeks"},
		{59 * 24 * time.Hour, "8 weeks"}, {60 * 24 * time.Hour, "2 months"}, {729 * 24 * time.Hour, "24 months"},
		{730 * 24 * time.Hour, "2 years"},
	} {
		if got := ages.GoUnits(tc.d); got != tc.want {
			t.Errorf("GoUnits(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func Example() {
	fmt.Println(ages.GoUnits(90*time.Minute), "/", ages.Short(90*time.Minute))
	// Output: 2 hours / 90m
}

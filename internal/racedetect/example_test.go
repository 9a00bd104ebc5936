package racedetect_test

import (
	"fmt"

	"github.com/dcplan/dcplan/internal/racedetect"
)

// A test holds an allocation count to its budget only without the race
// detector.
func Example() {
	withinBudget := func(allocs, budget float64) bool { return racedetect.Enabled || allocs <= budget }
	fmt.Println(withinBudget(1, 1))
	// Output: true
}

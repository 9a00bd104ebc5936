//go:build !race

package racedetect

// Enabled reports that the race detector is off.
const Enabled = false

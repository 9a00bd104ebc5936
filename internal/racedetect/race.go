//go:build race

package racedetect

// Enabled reports that the race detector is on.
const Enabled = true

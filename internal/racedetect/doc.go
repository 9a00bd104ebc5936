// Package racedetect tells tests whether the race detector is on
// (go test -race). Under it, sync.Pool drops pooled items at random, so
// the codec's pooled scratch is allocated anew now and then, and a
// test's allocation count says nothing: tests check their allocation
// budgets only when Enabled is false.
package racedetect

package gen

import (
	"testing"

	"pgregory.net/rapid"
)

// CheckReaching checks prop with rapid.Check, and checks it again, up to
// four more rounds, while reached says that the inputs drawn so far have
// not reached every branch the test insists on. Under -short a round draws
// 20 inputs, too few to reach with certainty a branch that one input in
// ten takes; more rounds draw more inputs, and the property holds on every
// one of them. The caller still fails the test when reached is false after
// the last round.
func CheckReaching(t *testing.T, prop func(*rapid.T), reached func() bool) {
	t.Helper()
	for round := 0; round == 0 || round < 5 && !reached(); round++ {
		rapid.Check(t, prop)
	}
}

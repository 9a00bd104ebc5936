package dcplan_test

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestEqualSeesEveryField checks each Equal method of the package against
// values that differ in one field only, every exported field reachable
// from the type in turn (nested ones such as a cause of the status details
// included): Equal must tell each pair apart, and call two fillings that
// differ in nothing equal. ConfigStatus.Equal is the no-write test of
// SPEC 3.9, Strategy.Equal and Trigger.Equal decide whether a DC update
// changes the spec (ConfigUpdate.ApplyTo and the generation bump), so a
// field one of them skips hides a change.
func TestEqualSeesEveryField(t *testing.T) {
	t.Run("ConfigStatus", func(t *testing.T) {
		everyField(t, func(a, b dcplan.ConfigStatus) bool { return a.Equal(b) })
	})
	t.Run("Details", func(t *testing.T) {
		everyField(t, func(a, b dcplan.Details) bool { return a.Equal(b) })
	})
	t.Run("Condition", func(t *testing.T) {
		everyField(t, func(a, b dcplan.Condition) bool { return a.Equal(b) })
	})
	t.Run("Strategy", func(t *testing.T) {
		everyField(t, func(a, b dcplan.Strategy) bool { return a.Equal(&b) })
	})
	t.Run("EnvVar", func(t *testing.T) {
		everyField(t, func(a, b dcplan.EnvVar) bool { return a.Equal(b) })
	})
	t.Run("Trigger", func(t *testing.T) {
		everyField(t, func(a, b dcplan.Trigger) bool { return a.Equal(b) })
	})
}

// everyField checks equal on two identical fillings of T, and on a filling
// against each variant with one leaf changed.
func everyField[T any](t *testing.T, equal func(a, b T) bool) {
	t.Helper()
	base, paths := filled[T](-1)
	if again, _ := filled[T](-1); !equal(base, again) {
		t.Errorf("Equal() = false for two identical values")
	}
	for k, path := range paths {
		if other, _ := filled[T](k); equal(base, other) {
			t.Errorf("Equal() = true for values that differ in %s", path)
		}
	}
}

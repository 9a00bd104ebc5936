package explore

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStaleKeys pins the objects a stale read may read stale: those
// changed since the earlier world, created or deleted since, but not one
// that differs only in its resource version (the same state, so a stale
// read of it is the fault-free pass again).
func TestStaleKeys(t *testing.T) {
	obj := func(name, rv, phase string) []byte {
		return []byte(`{"metadata":{"name":"` + name + `","resourceVersion":"` + rv + `"},"status":{"phase":"` + phase + `"}}`)
	}
	cur := Objects{
		"pods/changed": obj("changed", "5", "Running"),
		"pods/created": obj("created", "6", "Pending"),
		"pods/same":    obj("same", "7", "Pending"),
		"pods/bumped":  obj("bumped", "8", "Pending"),
	}
	prev := Objects{
		"pods/changed": obj("changed", "4", "Pending"),
		"pods/same":    cur["pods/same"],
		"pods/bumped":  obj("bumped", "3", "Pending"),
		"pods/deleted": obj("deleted", "2", "Pending"),
	}
	want := []string{"pods/changed", "pods/created", "pods/deleted"}
	if d := cmp.Diff(want, staleKeys(cur, prev)); d != "" {
		t.Errorf("staleKeys() (-want +got):\n%s", d)
	}
	if got := staleKeys(cur, cur); len(got) != 0 {
		t.Errorf("staleKeys(o, o) = %v, want none", got)
	}
}

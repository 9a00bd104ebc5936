package mutation_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/mutation"
)

func TestDiff(t *testing.T) {
	s := dcplan.Snapshot{Config: dcplan.Config{Name: "web", Namespace: "ns"}, Deployments: []dcplan.Deployment{{Name: "web-1", Version: 1}}}
	before := s.Clone()
	if d := mutation.Diff(before, s); d != "" {
		t.Errorf("Diff of a snapshot and its clone = %q, want none", d)
	}
	s.Deployments[0].Replicas = 3
	if d := mutation.Diff(before, s); !strings.Contains(d, "Replicas") {
		t.Errorf("Diff after a change = %q, want the field named", d)
	}
	// The same instant in two locations: DeepEqual tells them apart, cmp
	// (time.Time's Equal) does not, and cmp decides.
	now := time.Date(2026, 12, 5, 1, 0, 0, 0, time.UTC)
	if d := mutation.Diff(now, now.In(time.FixedZone("x", 3600))); d != "" {
		t.Errorf("Diff of one instant in two locations = %q, want none", d)
	}
}

func ExampleDiff() {
	s := dcplan.Snapshot{Config: dcplan.Config{Name: "web"}}
	before := s.Clone()
	s.Config.Replicas = 2
	fmt.Println(mutation.Diff(before, before) == "", mutation.Diff(before, s) == "")
	// Output: true false
}

package fake_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/fake"
)

// TestConflictFaultSpeaksAsTheServer: the simulator's injected Conflict
// carries the API server's text, the resource qualified by its group for
// a DC, as the store's own conflicts do (SPEC 13: planners put the text
// of a failed write into events and conditions).
func TestConflictFaultSpeaksAsTheServer(t *testing.T) {
	s := fake.NewSim(fake.Options{Seed: 1, Faults: fake.Faults{Conflict: 1}})
	if err := s.AddConfig(fake.NewConfig("ns", "web", 2)); err != nil {
		t.Fatal(err)
	}
	s.Run(3)
	want := strconv.Quote(`Operation cannot be fulfilled on deploymentconfigs.apps.openshift.io "web": the object has been modified`)
	if !strings.Contains(s.Trace(), strings.TrimSuffix(want, `"`)) {
		t.Errorf("no %q in the trace:\n%s", want, tail(s.Trace(), 30))
	}
}

package wire_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestPlanForAnUnnamedConfigFails: a plan whose DC write names no DC
// names an object the snapshot does not hold, also when the snapshot
// holds no DC at all (a seed-era pod controller's world): Requests
// refuses it with ErrInvalidSnapshot (SPEC 13) instead of rendering a
// write to /deploymentconfigs/ with no name.
func TestPlanForAnUnnamedConfigFails(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin13)
	s.Config = dcplan.Config{}
	for name, p := range map[string]dcplan.Plan{
		"status":      {Status: &dcplan.StatusUpdate{}},
		"update":      {UpdateConfig: []dcplan.ConfigUpdate{{SetPaused: true, PausedTo: true}}},
		"instantiate": {Instantiate: []dcplan.Instantiate{{Latest: true}}},
	} {
		reqs, err := wire.Requests(s, p)
		if !errors.Is(err, dcplan.ErrInvalidSnapshot) {
			t.Errorf("%s: Requests = %v, %v; want ErrInvalidSnapshot", name, reqs, err)
		}
	}
}

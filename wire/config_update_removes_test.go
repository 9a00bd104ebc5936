package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestConfigUpdateDropsAMemberTheChangeRemoves: a PUT of the DC is the DC
// as read with the action's change applied (SPEC 13), and a change that
// removes a member (spec.paused false is omitted, as upstream's
// omitempty writes it) removes it from the body: resuming a paused DC by
// update must not send the paused: true it read.
func TestConfigUpdateDropsAMemberTheChangeRemoves(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin13)
	paused, err := wire.Requests(s, dcplan.Plan{
		UpdateConfig: []dcplan.ConfigUpdate{{Config: "frontend", SetPaused: true, PausedTo: true}},
	})
	if err != nil || len(paused) != 1 {
		t.Fatalf("pause: %v, %v", paused, err)
	}
	if s.Config, err = wire.DecodeConfig(paused[0].Body); err != nil {
		t.Fatal(err)
	}
	if !s.Config.Paused {
		t.Fatal("the DC read back is not paused")
	}
	reqs, err := wire.Requests(s, dcplan.Plan{
		UpdateConfig: []dcplan.ConfigUpdate{{Config: "frontend", SetPaused: true, PausedFrom: true, PausedTo: false}},
	})
	if err != nil || len(reqs) != 1 {
		t.Fatalf("resume: %v, %v", reqs, err)
	}
	var dc struct {
		Spec map[string]json.RawMessage `json:"spec"`
	}
	if err := json.Unmarshal(reqs[0].Body, &dc); err != nil {
		t.Fatal(err)
	}
	if v, ok := dc.Spec["paused"]; ok {
		t.Errorf("%s %s: spec.paused %s still sent, want it removed by the resume", reqs[0].Method(), reqs[0].Path(), v)
	}
	if _, ok := dc.Spec["replicas"]; !ok {
		t.Errorf("%s %s: spec.replicas missing, want the rest of the spec as read", reqs[0].Method(), reqs[0].Path())
	}
}

package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestConfigUpdateSendsTheDCAsRead: a PUT of the DC is the DC as read
// with the action's changes and nothing else (SPEC 13: "PUT of the full
// object as read, with the change applied"), as the RC updates and the
// status write are (Requests: a caller that edits the typed fields
// without Reencoded gets the object as it was read). A typed field the
// caller edited and did not re-encode (spec.replicas 7 over the 3 read)
// went out in the DC's PUT, and in the status PUT that goes as that
// update returns the DC, while the action changed only spec.paused.
func TestConfigUpdateSendsTheDCAsRead(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin13)
	s.Config.Replicas = 7 // edited, not re-encoded: Raw still says 3
	reqs, err := wire.Requests(s, dcplan.Plan{
		UpdateConfig: []dcplan.ConfigUpdate{{Config: "frontend", SetPaused: true, PausedTo: true}},
		Status:       &dcplan.StatusUpdate{Config: "frontend", To: s.Config.Status},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 2 {
		t.Fatalf("requests %v, want the DC's PUT and its status PUT", reqs)
	}
	for _, q := range reqs {
		var dc struct {
			Spec struct {
				Replicas int  `json:"replicas"`
				Paused   bool `json:"paused"`
			} `json:"spec"`
		}
		if err := json.Unmarshal(q.Body, &dc); err != nil {
			t.Fatal(err)
		}
		if dc.Spec.Replicas != 3 || !dc.Spec.Paused {
			t.Errorf("%s %s: spec.replicas %d, paused %t; want the 3 read and paused true (the action's one change)",
				q.Method(), q.Path(), dc.Spec.Replicas, dc.Spec.Paused)
		}
	}
}

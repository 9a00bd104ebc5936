package wire

import (
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// TestSnapshotUIDlessConfigOwnsNoRC pins SPEC 3.2.2's owner-reference
// match: an RC names the DC by a controller reference with the DC's UID,
// and a DC without one (a manifest, not yet created) has no UID for a
// reference to carry. An RC whose controller reference has no uid either
// (a hand-made document; the API server refuses one) is some other
// controller's, not the DC's. Kills the mutation that drops the
// cfg.UID != "" guard of Snapshot.
func TestSnapshotUIDlessConfigOwnsNoRC(t *testing.T) {
	doc := `{"kind":"List","items":[` +
		`{"kind":"DeploymentConfig","metadata":{"name":"web"}},` +
		`{"kind":"ReplicationController","metadata":{"name":"api-1","ownerReferences":[{"kind":"DeploymentConfig","name":"api","controller":true}]}},` +
		`{"kind":"ReplicationController","metadata":{"name":"web-1","labels":{"` + dcplan.LabelConfigName + `":"web"}}}]}`
	s, err := DecodeSnapshot([]byte(doc), "", "web", time.Time{}, dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Deployments) != 1 || s.Deployments[0].Name != "web-1" {
		var names []string
		for _, d := range s.Deployments {
			names = append(names, d.Name)
		}
		t.Errorf("Deployments = %v, want [web-1]: a DC without a UID owns no RC by reference (3.2.2)", names)
	}
}

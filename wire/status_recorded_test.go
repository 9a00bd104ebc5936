package wire

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestStatusRecordedDetailsNotAsRead: details a fired trigger records
// (StatusUpdate.RecordsDetails; upstream builds a fresh DeploymentDetails)
// go out from the model, even when they read as the details they replace,
// whose extra fields (a hand edit's) would otherwise go out again.
func TestStatusRecordedDetailsNotAsRead(t *testing.T) {
	in := editedFixture(t, "dc-frontend.json", func(st map[string]any) {
		st["details"] = map[string]any{"message": "config change", "causes": []any{
			map[string]any{"type": "ConfigChange", "imageTrigger": map[string]any{"from": map[string]any{"uid": "u-1", "fieldPath": "x"}}}}}
	})
	c, err := DecodeConfig(in)
	if err != nil {
		t.Fatal(err)
	}
	to := c.Status.Clone()
	to.LatestVersion++
	to.Details = dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}
	reqs, err := Requests(dcplan.Snapshot{Config: c}, dcplan.Plan{Status: &dcplan.StatusUpdate{Config: c.Name, From: c.Status, To: to, RecordsDetails: true}})
	if err != nil {
		t.Fatal(err)
	}
	got := statusMember(reqs[0].Body)
	if strings.Contains(got, "u-1") {
		t.Errorf("new details written with the read ones' extra fields:\n%s", got)
	}
}

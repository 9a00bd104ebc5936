package wire

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// An orphan RC may already list its DC as a non-controller owner (a hand
// edit). The adoption patch merges into that element (ObjectMeta's
// ownerReferences are patchMergeKey uid), so the RC as the adoption
// leaves it holds one reference with that uid, now the controller. The
// Modern scale update of that RC, which carries the RC as the adoption
// leaves it, must carry that list: appending a second reference with the
// same uid would store two (the API server's validation does not refuse
// them).
func TestAdoptedUpdateMergesOwnerReferenceByUID(t *testing.T) {
	const dcUID = "433286df-1919-40ac-a5e4-088584ff8874"
	doc := strings.Replace(string(fixture(t, "rc-frontend-3-complete.json")), `"controller": true,`, `"controller": false,`, 1)
	d, err := DecodeDeployment([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if d.HasController {
		t.Fatal("the edited RC still has a controller")
	}
	p := dcplan.Plan{Adopt: []dcplan.Adopt{{RC: d.Name, RCUID: d.UID, Config: "frontend", ConfigUID: dcUID}},
		Scales: []dcplan.Scale{{RC: d.Name, From: 3, To: 1}}}
	reqs, err := Requests(dcplan.Snapshot{Deployments: []dcplan.Deployment{d}}, p)
	if err != nil {
		t.Fatal(err)
	}
	var update *Request
	for i := range reqs {
		if reqs[i].Verb == VerbUpdate {
			update = &reqs[i]
		}
	}
	if update == nil || !update.Rebase {
		t.Fatalf("no Rebase update among %v", reqs)
	}
	want := `[{"apiVersion":"apps.openshift.io/v1","blockOwnerDeletion":true,"controller":true,"kind":"DeploymentConfig","name":"frontend","uid":"` + dcUID + `"}]`
	if got := string(stdPath(t, update.Body, "metadata", "ownerReferences")); got != want {
		t.Errorf("ownerReferences =\n%s\nwant\n%s", got, want)
	}
}

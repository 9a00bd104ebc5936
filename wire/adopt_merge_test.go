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
	doc := strings.Replace(string(fixture(t, "rc-frontend-3-complete.json")), `"controller": true,`, `"controller": false,`, 1)
	d, err := DecodeDeployment([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if d.HasController {
		t.Fatal("the edited RC still has a controller")
	}
	update, reqs := adoptedUpdate(t, d)
	if update == nil || !update.Rebase {
		t.Fatalf("no Rebase update among %v", reqs)
	}
	want := `[{"apiVersion":"apps.openshift.io/v1","blockOwnerDeletion":true,"controller":true,"kind":"DeploymentConfig","name":"frontend","uid":"` + frontendUID + `"}]`
	if got := string(stdPath(t, update.Body, "metadata", "ownerReferences")); got != want {
		t.Errorf("ownerReferences =\n%s\nwant\n%s", got, want)
	}
}

// adoptedUpdate renders the plan that adopts d for DC frontend and scales
// it from 3 to 1 in the same pass, and returns the RC's update (nil when
// there is none) among the requests.
func adoptedUpdate(t *testing.T, d dcplan.Deployment) (*Request, []Request) {
	t.Helper()
	p := dcplan.Plan{Adopt: []dcplan.Adopt{{RC: d.Name, RCUID: d.UID, Config: "frontend", ConfigUID: frontendUID}},
		Scales: []dcplan.Scale{{RC: d.Name, From: 3, To: 1}}}
	reqs, err := Requests(dcplan.Snapshot{Deployments: []dcplan.Deployment{d}}, p)
	if err != nil {
		t.Fatal(err)
	}
	for i := range reqs {
		if reqs[i].Verb == VerbUpdate {
			return &reqs[i], reqs
		}
	}
	return nil, reqs
}

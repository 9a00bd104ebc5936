package wire

import (
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
)

// TestUpdatePathOfNamespacelessRC: an RC without metadata.namespace (a
// hand-built object, which counts as in any namespace) is written in the
// snapshot's namespace, as its claims and deletes are (SPEC 13); its
// update went to /namespaces//, and a Modern adopt-then-update could not
// find the adoption's answer to rebase on.
func TestUpdatePathOfNamespacelessRC(t *testing.T) {
	s, err := DecodeSnapshot(fixture(t, "list-dc-rc-pods.json"), "shop", "frontend",
		time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := DecodeDeployment([]byte(strings.Replace(string(s.Deployments[0].Raw), `"namespace":"shop",`, ``, 1)))
	if err != nil {
		t.Fatal(err)
	}
	s.Deployments[0] = d
	reqs, err := Requests(s, dcplan.Plan{
		Scales:    []dcplan.Scale{{RC: d.Name, From: d.Replicas, To: 0}},
		DeleteRCs: []dcplan.DeleteRC{{RC: d.Name}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range reqs {
		if strings.Contains(q.Path(), "//") {
			t.Errorf("%s %s: empty namespace (the DELETE of the same RC goes to /namespaces/shop/)", q.Method(), q.Path())
		}
	}
}

package wire

import (
	"context"
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

// TestWritesOfNamespacelessDC: a DC without metadata.namespace (a
// hand-built object, which counts as in any namespace, as a namespaceless
// RC does) is written in the snapshot's namespace, the one its RCs give:
// every request of the plan that names it goes there (SPEC 13), and so
// does RunPass's adoption recheck (SPEC 3.3.2). Its instantiate and the
// adoptions of its RCs went to /namespaces/shop/ while the fallback PUT
// of the DC, its status PUT and the recheck's GET went to
// /namespaces//.
func TestWritesOfNamespacelessDC(t *testing.T) {
	list := strings.Replace(string(fixture(t, "list-dc-rc-pods.json")), `"namespace": "shop",
                "resourceVersion": "4213040"`, `"resourceVersion": "4213040"`, 1)
	s, err := DecodeSnapshot([]byte(list), "", "frontend", time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), dcplan.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Config.Namespace != "" || len(s.Deployments) == 0 {
		t.Fatalf("the DC has namespace %q and %d RCs, want none and the fixture's", s.Config.Namespace, len(s.Deployments))
	}
	reqs, err := Requests(s, dcplan.Plan{
		Adopt:        []dcplan.Adopt{{RC: "frontend-1", Config: "frontend", ConfigUID: s.Config.UID, RCUID: s.Deployments[0].UID}},
		Instantiate:  []dcplan.Instantiate{{Config: "frontend", Latest: true, Force: true}},
		UpdateConfig: []dcplan.ConfigUpdate{{Config: "frontend", SetLatestVersion: true, LatestVersionTo: 4}},
		Status:       &dcplan.StatusUpdate{Config: "frontend", To: s.Config.Status},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range reqs {
		if q.Namespace != "shop" {
			t.Errorf("%s %s: namespace %q, want shop (where the plan's other requests go)", q.Method(), q.Path(), q.Namespace)
		}
	}
	gets := &namespaceGets{}
	plan := dcplan.Plan{Adopt: []dcplan.Adopt{{RC: "frontend-1", Config: "frontend", ConfigUID: s.Config.UID, RCUID: s.Deployments[0].UID}}}
	if _, err := RunPass(t.Context(), gets, s, func(dcplan.Snapshot) dcplan.Plan { return plan }); err != nil {
		t.Fatal(err)
	}
	if want := []string{"deploymentconfigs shop/frontend"}; strings.Join(gets.got, ",") != strings.Join(want, ",") {
		t.Errorf("RunPass read %q, want %q", gets.got, want)
	}
}

// namespaceGets is a Client whose writes succeed and whose reads find
// nothing, and which notes what it was asked to read.
type namespaceGets struct{ got []string }

func (c *namespaceGets) Do(context.Context, Request) (Written, error) { return Written{}, nil }

func (c *namespaceGets) Get(_ context.Context, resource, namespace, name string) ([]byte, error) {
	c.got = append(c.got, resource+" "+namespace+"/"+name)
	return nil, &StatusError{Reason: dcplan.StatusNotFound, Code: 404, Message: "not found"}
}

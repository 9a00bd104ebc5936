package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// TestRequestsWriteTheLiveRC: the RC RunPass read after a create met
// AlreadyExists (Outcome.Live, SPEC 3.2.12) is an RC of the snapshot for
// the plan that follows: a write of it renders from that RC, as a write
// of a listed RC does, instead of failing as naming an object the
// snapshot does not hold.
func TestRequestsWriteTheLiveRC(t *testing.T) {
	s := fixtureWorld(t, dcplan.Origin13)
	live := s.Deployments[len(s.Deployments)-1]
	s.Deployments = s.Deployments[:len(s.Deployments)-1]
	s.Outcome.Live = &live
	reqs, err := wire.Requests(s, dcplan.Plan{Scales: []dcplan.Scale{{RC: live.Name, From: live.Replicas, To: live.Replicas + 1}}})
	if err != nil {
		t.Fatalf("Requests: %v", err)
	}
	if len(reqs) != 1 || reqs[0].Verb != wire.VerbUpdate || reqs[0].Name != live.Name || reqs[0].Namespace != live.Namespace {
		t.Fatalf("requests %v, want the update of %s/%s", reqs, live.Namespace, live.Name)
	}
	d, err := wire.DecodeDeployment(reqs[0].Body)
	if err != nil {
		t.Fatal(err)
	}
	if d.UID != live.UID || d.Replicas != live.Replicas+1 {
		t.Errorf("body: uid %s, replicas %d; want the live RC's uid %s and %d", d.UID, d.Replicas, live.UID, live.Replicas+1)
	}
}

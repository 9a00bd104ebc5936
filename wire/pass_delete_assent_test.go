package wire_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// versionClient accepts every request and answers each write with the
// resourceVersion version.
type versionClient struct {
	version string
	sent    []wire.Request
}

func (c *versionClient) Do(_ context.Context, r wire.Request) (wire.Written, error) {
	c.sent = append(c.sent, r)
	if r.Verb == wire.VerbEvent || r.Verb == wire.VerbDelete {
		return wire.Written{}, nil
	}
	return wire.Written{ResourceVersion: c.version}, nil
}

func (c *versionClient) Get(context.Context, string, string, string) ([]byte, error) {
	return nil, errors.New("no reads")
}

// TestPassRequestsShowTheRebasedDelete: a conditioned delete of an RC the
// pass wrote first goes with the precondition rebased on that write's
// answer (SPEC 3.7.5.unchanged), and Pass.Requests reports it as sent
// (SPEC 13): the delete options are part of what was sent, so a delete
// that differs only in them is not the request the plan rendered.
func TestPassRequestsShowTheRebasedDelete(t *testing.T) {
	s := fixtureWorld(t, dcplan.Modern)
	d := s.Deployments[0]
	plan := dcplan.Plan{
		Scales:    []dcplan.Scale{{RC: d.Name, From: d.Replicas, To: 0}},
		DeleteRCs: []dcplan.DeleteRC{{RC: d.Name, IfUnchanged: true}},
	}
	c := &versionClient{version: "99"}
	p, err := wire.RunPass(t.Context(), c, s, func(dcplan.Snapshot) dcplan.Plan { return plan })
	if err != nil {
		t.Fatal(err)
	}
	if p.Sent != len(c.sent) {
		t.Fatalf("sent %d, the client saw %d", p.Sent, len(c.sent))
	}
	found := false
	for i, q := range p.Requests[:p.Sent] {
		if q.Verb != wire.VerbDelete {
			continue
		}
		found = true
		if got := c.sent[i].Delete.Preconditions.ResourceVersion; got != "99" {
			t.Fatalf("the DELETE went with resourceVersion %q, want 99 (the scale's answer)", got)
		}
		if q.Delete != c.sent[i].Delete {
			t.Errorf("Pass.Requests[%d].Delete = %+v, but it was sent with %+v", i, q.Delete, c.sent[i].Delete)
		}
	}
	if !found {
		t.Fatalf("no DELETE among %v", p.Requests)
	}
}

package wire_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// unansweredClient accepts every request and, as a client without the
// server's answer may, returns a zero Written for each.
type unansweredClient struct{ sent []wire.Request }

func (c *unansweredClient) Do(_ context.Context, r wire.Request) (wire.Written, error) {
	c.sent = append(c.sent, r)
	return wire.Written{}, nil
}

func (c *unansweredClient) Get(context.Context, string, string, string) ([]byte, error) {
	return nil, errors.New("no reads")
}

// TestCreatedAtWithoutTheCreateAnswer: the RC write of a deployer pass
// that creates the deployer pod takes the pod's creationTimestamp from
// the create's answer (SPEC 4.3.new.4, Request.CreatedAtOf); a client
// that returns no answer (a zero Written, which Client allows) leaves the
// planner's estimate in place, never a zero time written as created-at.
func TestCreatedAtWithoutTheCreateAnswer(t *testing.T) {
	s := newWeb1(t, dcplan.Exact)
	c := &unansweredClient{}
	if _, err := wire.RunPass(t.Context(), c, s, func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "web-1") }); err != nil {
		t.Fatal(err)
	}
	const want = `"openshift.io/deployer-pod.created-at":"2026-12-03 17:05:47 +0000 UTC"`
	found := false
	for _, r := range c.sent {
		if r.Resource != wire.ResourceRCs || r.Name != "web-1" {
			continue
		}
		found = true
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("%s %s: body without %s:\n%s", r.Method(), r.Path(), want, r.Body)
		}
	}
	if !found {
		t.Fatalf("no write of rc/web-1 among %v", c.sent)
	}
}

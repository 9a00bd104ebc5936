package wire_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestUnknownReasonReadsAsItsCode: an API status whose reason Kubernetes
// does not know (an admission webhook's own word) counts as the reason its
// code stands for, as apimachinery's IsForbidden, IsNotFound and the rest
// read it (they ignore only the known reasons): oc rollout latest falls
// back to the PUT of the DC when instantiate answers 403 (6m.3, SPEC 6.4),
// whatever the reason's spelling. kubectl still prints the reason the
// answer carried (SPEC 6m "Error output").
func TestUnknownReasonReadsAsItsCode(t *testing.T) {
	const denied = `admission webhook "policy.example" denied the request: frozen`
	s := fixtureWorld(t, dcplan.Exact)
	s.Deployments = s.Deployments[:2] // no RC of latestVersion: nothing in progress
	c := &scripted{answer: func(_ int, r wire.Request) error {
		if r.Subresource == wire.SubresourceInstantiate {
			return &wire.StatusError{Reason: "PolicyViolation", Code: 403, Message: denied}
		}
		return nil
	}}
	p, _, err := wire.RunOperation(t.Context(), c, s, func(s dcplan.Snapshot) (dcplan.Plan, reconcile.RolloutReport, error) {
		return reconcile.RolloutLatest(s, false, dcplan.DryRunNone)
	})
	if err != nil {
		t.Fatalf("RunOperation(rollout latest) error = %v, want the fallback PUT to succeed", err)
	}
	if len(c.sent) != 2 || c.sent[1].Verb != wire.VerbUpdate || c.sent[1].Resource != wire.ResourceConfigs {
		t.Fatalf("sent %v, want the instantiate and then the PUT of the DC", c.sent)
	}
	f := p.Snapshot.Outcome.Failures
	if len(f) != 1 || f[0].Reason != dcplan.StatusForbidden {
		t.Fatalf("Outcome.Failures = %+v, want the instantiate's, read as Forbidden", f)
	}
	if got, want := f[0].Printed(), "Error from server (PolicyViolation): "+denied; got != want {
		t.Errorf("Printed() = %q, want %q", got, want)
	}
}

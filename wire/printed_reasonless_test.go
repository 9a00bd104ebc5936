package wire_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/wire"
)

// TestReasonlessStatusPrintsWithoutReason: an API status that carries a
// code but no reason (an admission webhook's denial, the storage's bare
// 500) counts for the planners as the reason its code stands for (a 403
// is Forbidden), but kubectl's CheckErr prints such an answer as one
// without a reason, `Error from server: <message>`, since it reads the
// status's own Reason (SPEC 6m "Error output"; oc rollout cancel returns
// the patch error as it stands, 6m.1.3.5).
func TestReasonlessStatusPrintsWithoutReason(t *testing.T) {
	const denied = `admission webhook "policy.example" denied the request: frozen`
	s := fixtureWorld(t, dcplan.Exact)
	c := &scripted{answer: func(_ int, r wire.Request) error {
		if r.Verb == wire.VerbPatch {
			return &wire.StatusError{Code: 403, Message: denied}
		}
		return nil
	}}
	p, _, err := wire.RunOperation(t.Context(), c, s, cancel.Cancel)
	if f := p.Snapshot.Outcome.Failures; len(f) != 1 || f[0].Reason != dcplan.StatusForbidden {
		t.Fatalf("Outcome.Failures = %+v, want one failure read as Forbidden", f)
	}
	var r *dcplan.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("RunOperation(cancel) error = %v, want a *dcplan.Refusal", err)
	}
	if want := "Error from server: " + denied; r.Printed != want {
		t.Errorf("Refusal.Printed = %q, want %q", r.Printed, want)
	}
	if want := "Error from server: " + denied; p.Snapshot.Outcome.Failures[0].Listed() != want {
		t.Errorf("Failure.Listed() = %q, want %q", p.Snapshot.Outcome.Failures[0].Listed(), want)
	}
}

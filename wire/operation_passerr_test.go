package wire_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/reconcile"
	"github.com/dcplan/dcplan/wire"
)

// TestRunOperationReturnsRunPassError: RunPass's own error comes first
// (RunOperation: "RunPass's own error (a request op has no answer for
// that did not go out, ctx done) comes first"): with no client to send
// the pause's patch, the error wraps ErrNoPass; with ctx already done, it
// is ctx's error; nothing is sent. Kills the mutant that dropped it
// (`return pass, report, nil`), which reported a pause that never went
// out as a success.
func TestRunOperationReturnsRunPassError(t *testing.T) {
	pause := func(s dcplan.Snapshot) (dcplan.Plan, struct{}, error) {
		p, err := reconcile.Pause(s)
		return p, struct{}{}, err
	}
	s := fixtureWorld(t, dcplan.Modern)
	pass, _, err := wire.RunOperation(t.Context(), nil, s, pause)
	if !errors.Is(err, wire.ErrNoPass) || err.Error() != "wire: no pass: no client to send the plan with" {
		t.Errorf("RunOperation(nil client) error = %v, want the no-client ErrNoPass", err)
	}
	if pass.Sent != 0 {
		t.Errorf("RunOperation(nil client) sent %d requests", pass.Sent)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	c := &scripted{}
	pass, _, err = wire.RunOperation(ctx, c, s, pause)
	if err != context.Canceled {
		t.Errorf("RunOperation(done ctx) error = %v, want context.Canceled", err)
	}
	if pass.Sent != 0 || len(c.sent) != 0 {
		t.Errorf("RunOperation(done ctx) sent %d requests (%d to the client)", pass.Sent, len(c.sent))
	}
}

package wire

import (
	"context"
	"fmt"

	"github.com/dcplan/dcplan"
)

// RunOperation runs a user operation as RunPass runs a controller's
// planner: op plans from the snapshot (cancel.Cancel, cancel.Retry, or a
// closure over reconcile.RolloutLatest and the other operations that take
// flags), the plan's requests go out through c, and on a failure op plans
// again with the failure in Snapshot.Outcome, so it says what oc says
// about it (a retry whose pod delete failed does not reset the RC).
//
// It returns the pass, and the report and error of op's last plan: a
// refusal (op's error with nothing to send) sends nothing. RunPass's own
// error (a request op has no answer for that did not go out, ctx done)
// comes first. When op's last plan has no error but a request of the pass
// failed (an operation whose planner does not read Snapshot.Outcome, such
// as history.Undo), the error is the pass's failures (Pass.Failed): a
// command that reports success only when the error is nil reports a
// refused write as oc does, as a failure. When op's error answers a
// failed request (reconcile.Pause's `failed to patch: <err>`), it keeps
// its text and also wraps the pass's failures, the server's *StatusError
// among them. A nil op is an error wrapping ErrNoPass.
func RunOperation[R any](ctx context.Context, c Client, s dcplan.Snapshot, op func(dcplan.Snapshot) (dcplan.Plan, R, error)) (Pass, R, error) {
	var report R
	if op == nil {
		return Pass{Snapshot: s}, report, fmt.Errorf("%w: no operation", ErrNoPass)
	}
	var opErr error
	pass, err := RunPass(ctx, c, s, func(s dcplan.Snapshot) dcplan.Plan {
		var p dcplan.Plan
		p, report, opErr = op(s)
		return p
	})
	if err != nil {
		return pass, report, err
	}
	failed := pass.Failed()
	switch {
	case opErr == nil:
		opErr = failed
	case failed != nil:
		opErr = &operationError{op: opErr, failed: failed}
	}
	return pass, report, opErr
}

// operationError is an operation's own error about a failed request (its
// text what oc prints, e.g. `failed to patch: <err>`) that also wraps the
// pass's failures, so that a caller can still branch on the server's
// *StatusError.
type operationError struct{ op, failed error }

func (e *operationError) Error() string   { return e.op.Error() }
func (e *operationError) Unwrap() []error { return []error{e.op, e.failed} }

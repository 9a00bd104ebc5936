package reconcile

import "errors"

// Sentinel errors of the user operations (Instantiate, Pause, Resume,
// RolloutLatest). Every error they return wraps one of these, or
// dcplan.ErrNotFound, or dcplan.ErrInvalidSnapshot / ErrInvalidSettings for
// an invalid snapshot; callers branch with errors.Is.
var (
	// ErrInvalid: the API server rejects the request as Invalid (HTTP
	// 422), e.g. instantiating a paused DC.
	ErrInvalid = errors.New("reconcile: invalid request")
	// ErrBadRequest: the API server rejects the request as BadRequest
	// (HTTP 400), e.g. unresolved images.
	ErrBadRequest = errors.New("reconcile: bad request")
	// ErrInternal: the API server fails the request with an internal
	// error, e.g. an RC whose encoded DC does not decode.
	ErrInternal = errors.New("reconcile: internal error")
	// ErrRefused: the oc command refuses before asking the server, e.g.
	// pausing a paused DC or rolling out while a rollout is in progress.
	ErrRefused = errors.New("reconcile: refused")
)

package e2e

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrTimeout reports a condition that did not hold before its deadline.
var ErrTimeout = errors.New("e2e: timed out")

// Poll calls cond every 20 ms until it returns true, for at most timeout
// (or until ctx ends). The last error cond returned, if any, is part of
// the timeout's error. An error cond marks Final (a process it waits on
// has exited) ends the wait at once: Poll returns it, naming what.
func Poll(ctx context.Context, timeout time.Duration, what string, cond func() (bool, error)) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var last error
	for {
		ok, err := cond()
		if ok && err == nil {
			return nil
		}
		if f := (*finalError)(nil); errors.As(err, &f) {
			return fmt.Errorf("waiting for %s: %w", what, f.err)
		}
		last = err
		select {
		case <-ctx.Done():
			if last != nil {
				return fmt.Errorf("%w after %v waiting for %s: %w", ErrTimeout, timeout, what, last)
			}
			return fmt.Errorf("%w after %v waiting for %s", ErrTimeout, timeout, what)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Final marks err as one no further polling can change (nil for nil):
// Poll returns it at once rather than at its deadline.
func Final(err error) error {
	if err == nil {
		return nil
	}
	return &finalError{err}
}

// finalError is an error Final marked.
type finalError struct{ err error }

func (e *finalError) Error() string { return e.err.Error() }
func (e *finalError) Unwrap() error { return e.err }

package e2e

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestPollEndsOnAFinalError: a condition's error marked Final ends the
// wait at its first answer (awaitReady of a binary that has exited), not
// at the deadline, and is returned naming what was awaited; any other
// error is polled past.
func TestPollEndsOnAFinalError(t *testing.T) {
	exited := errors.New("dcplan-controller exited with status 1")
	calls := 0
	err := Poll(context.Background(), time.Hour, "the binary ready", func() (bool, error) {
		calls++
		if calls > 1 {
			return true, nil // polled past the final error
		}
		return false, Final(exited)
	})
	if calls != 1 || !errors.Is(err, exited) || errors.Is(err, ErrTimeout) {
		t.Errorf("Poll after a Final error: %d calls, err %v; want 1 call and the error itself", calls, err)
	}
	if want := "waiting for the binary ready: " + exited.Error(); err == nil || err.Error() != want {
		t.Errorf("Poll's error %q, want %q", err, want)
	}

	calls = 0
	err = Poll(context.Background(), time.Hour, "a transient error", func() (bool, error) {
		calls++
		if calls < 3 {
			return false, errors.New("connection refused")
		}
		return true, nil
	})
	if calls != 3 || err != nil {
		t.Errorf("Poll past a transient error: %d calls, err %v; want 3 and nil", calls, err)
	}
	if Final(nil) != nil {
		t.Error("Final(nil) is not nil")
	}
}

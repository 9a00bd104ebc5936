package e2e_test

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestAwaitRunHang: a controller whose Run never returns after its
// context ended fails the test at the deadline, with a message that says
// so, rather than hanging until go test's -timeout.
func TestAwaitRunHang(t *testing.T) {
	t.Parallel()
	start := time.Now()
	err := awaitRun(make(chan error), 200*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "did not return within 200ms") {
		t.Fatalf("awaitRun of a hung Run = %v, want the deadline's error", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("awaitRun returned after %v, want about 200ms", d)
	}
	done := make(chan error, 1)
	done <- errors.New("boom")
	if err := awaitRun(done, time.Second); err == nil || err.Error() != "Run() = boom" {
		t.Fatalf("awaitRun = %v, want Run() = boom", err)
	}
}

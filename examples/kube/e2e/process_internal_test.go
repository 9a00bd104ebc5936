package e2e

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestKillAllNamesLeftover: a process a test started and never stopped
// is a leak: killAll kills it and reports it by name and pid, although
// the kill itself worked.
func TestKillAllNamesLeftover(t *testing.T) {
	t.Parallel()
	p, err := StartProcess("forgotten-sleep", filepath.Join(t.TempDir(), "sleep.log"), "sleep", "300")
	if err != nil {
		t.Fatal(err)
	}
	err = killAll([]*Process{p})
	if !p.Exited() {
		t.Errorf("killAll left %s running", p.Name)
	}
	if !errors.Is(err, ErrLeftover) || !strings.Contains(err.Error(), "forgotten-sleep (pid "+strconv.Itoa(p.Pid())+")") {
		t.Fatalf("killAll = %v, want an ErrLeftover naming forgotten-sleep and its pid", err)
	}
	if err := killAll(nil); err != nil {
		t.Fatalf("killAll(nil) = %v", err)
	}
}

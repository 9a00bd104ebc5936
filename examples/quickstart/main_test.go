package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wantOutput is what the program prints: the quick start's first plan,
// then each pass of the adapter's loop until the DC is at rest, with the
// requests sent (budget=4: the request may be sent four times while the
// answer is Conflict; on this fault-free server each is sent once, which
// attempts=4 misstated).
const wantOutput = `<empty plan>
pass 1:
transition rc/frontend-3 v=3 phase=Running->Complete commitDesired=3 rule=2.2
  sent: update replicationcontrollers shop/frontend-3
pass 2:
scale rc/frontend-3 v=3 replicas=2->3 rule=3.6.3
scale rc/frontend-1 v=1 replicas=1->0 rule=3.6.3
status dc/frontend rule=3.6.5
  condition Progressing status=True reason=NewReplicationControllerAvailable message="replication controller \"frontend-3\" successfully rolled out" transition=2026-11-01T11:58:30Z update=2026-11-01T11:59:00Z
event dc/frontend type=Normal reason=ReplicationControllerScaled message="Scaled replication controller \"frontend-3\" from 2 to 3" rule=3.6.3
event dc/frontend type=Normal reason=ReplicationControllerScaled message="Scaled replication controller \"frontend-1\" from 1 to 0" rule=3.6.3
  sent: update replicationcontrollers shop/frontend-3 budget=4
  sent: event DeploymentConfig/frontend Normal ReplicationControllerScaled "Scaled replication controller \"frontend-3\" from 2 to 3"
  sent: update replicationcontrollers shop/frontend-1 budget=4
  sent: event DeploymentConfig/frontend Normal ReplicationControllerScaled "Scaled replication controller \"frontend-1\" from 1 to 0"
  sent: update deploymentconfigs/status shop/frontend
pass 3: at rest
`

// TestRun holds what the program prints, and that it reaches rest.
func TestRun(t *testing.T) {
	var out strings.Builder
	if err := run(&out, "../../testdata/fixtures/list-dc-rc-pods.json"); err != nil {
		t.Fatalf("run() error = %v", err)
	}
	if d := cmp.Diff(strings.Split(wantOutput, "\n"), strings.Split(out.String(), "\n")); d != "" {
		t.Errorf("run() output mismatch (-want +got):\n%s", d)
	}
}

// TestArguments: the program takes no arguments. Any argument ran it all
// the same with exit 0 (-h too, or a file name given in the hope that it
// is read); it is a usage error now, exit 2, with nothing run, and -h
// prints the usage, exit 0.
func TestArguments(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"-h"}, 0},
		{[]string{"--help"}, 0},
		{[]string{"other.json"}, 2},
		{[]string{"-preset", "Exact"}, 2},
	} {
		var out, errb bytes.Buffer
		if got := command(tt.args, &out, &errb); got != tt.want {
			t.Errorf("quickstart %q: exit %d, want %d; stderr %q", tt.args, got, tt.want, errb.String())
		}
		if out.Len() > 0 || !strings.Contains(errb.String(), "usage: ") {
			t.Errorf("quickstart %q printed %q, stderr %q: want the usage on stderr and nothing run", tt.args, out.String(), errb.String())
		}
	}
}

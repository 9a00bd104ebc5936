package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan/fake/explore"
)

// TestMoveString pins how a trace prints each kind of move, its fault
// (the write of a Conflict counted from 1) and its stale read.
func TestMoveString(t *testing.T) {
	for _, tt := range []struct {
		m    explore.Move
		want string
	}{
		{explore.Move{Actor: explore.ActorConfig}, "dc-controller pass"},
		{explore.Move{Actor: explore.ActorDeployer, Target: "web-1"}, "deployer pass rc/web-1"},
		{explore.Move{Actor: explore.ActorPodController, Target: "web-1-deploy"}, "pod-controller pass pod/web-1-deploy"},
		{explore.Move{Actor: explore.ActorKubelet, Target: "web-1-deploy", To: "Running"}, "kubelet pod/web-1-deploy -> Running"},
		{explore.Move{Actor: explore.ActorKubelet, Target: "web-1-hook-pre", To: "created"}, "deployer process creates hook pod/web-1-hook-pre (Running)"},
		{explore.Move{Actor: explore.ActorUser, Target: "scale=2"}, "user scale=2"},
		{explore.Move{Actor: explore.ActorConfig, Fault: explore.FaultConflict, At: 0}, "dc-controller pass (conflict on write 1)"},
		{explore.Move{Actor: explore.ActorUser, Target: "latest", Fault: explore.FaultCrash, At: 2}, "user latest (crash after 2 writes)"},
		{explore.Move{Actor: explore.ActorDeployer, Target: "web-2", Stale: "pods/web-2-deploy"}, "deployer pass rc/web-2 (stale read of pods/web-2-deploy)"},
	} {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.m, got, tt.want)
		}
	}
}

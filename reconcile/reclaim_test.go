package reconcile_test

import (
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/reconcile"
)

// TestReclaimFailure: with ReclaimEachAttempt (Exact), the scale or cancel
// of an orphan the pass adopts re-claims it before each attempt (SPEC
// 3.3.reclaim); when that re-claim patch fails (Failure.Prelude), upstream
// returns the claim error of SPEC 1.7 in the warning and as the handler's
// error, and a re-claim that finds the RC gone is "no longer owns" for a
// scale and nothing at all for a cancel (its RetryOnConflict returns nil).
func TestReclaimFailure(t *testing.T) {
	const boom = "Internal error occurred: etcdserver: request timed out"
	tests := []struct {
		name, why string
		lines     []string
		failure   dcplan.Failure
		want      []string // substrings of Describe(plan)
	}{
		{
			name: "scale", why: "1.7 reconcile: claim error",
			lines:   []string{"rc web-1 phase=Complete replicas=2 status=2/2/2 owner=none", "rc web-2 phase=Complete replicas=3 status=3/3/3"},
			failure: dcplan.Failure{Action: dcplan.ActionScale, Name: "web-1", Reason: dcplan.StatusInternalError, Code: 500, Message: boom, Prelude: true},
			want: []string{"scale rc/web-1 v=1 replicas=2->0 reclaim=true rule=3.6.3",
				`reason=ReplicationControllerScaleFailed message="Failed to scale replication controler \"web-1\" from 2 to 0: error while deploymentConfigController claiming the replication controller ns/web-1: ` + boom + `"`,
				`wait retry "error while deploymentConfigController claiming the replication controller ns/web-1: ` + boom + `"`},
		},
		{
			name: "scale gone", why: "1.7 reconcile: no longer ours",
			lines: []string{"rc web-1 phase=Complete replicas=2 status=2/2/2 owner=none", "rc web-2 phase=Complete replicas=3 status=3/3/3"},
			failure: dcplan.Failure{Action: dcplan.ActionScale, Name: "web-1", Reason: dcplan.StatusNotFound, Code: 404,
				Message: `replicationcontrollers "web-1" not found`, Prelude: true},
			want: []string{`wait retry "deployment config ns/web (uid-web) no longer owns replication controller ns/web-1 (uid-web-1)"`},
		},
		{
			name: "cancel", why: "3.4.3 with the claim error",
			lines:   []string{"rc web-1 phase=Running replicas=2 owner=none"},
			failure: dcplan.Failure{Action: dcplan.ActionCancel, Name: "web-1", Reason: dcplan.StatusInternalError, Code: 500, Message: boom, Prelude: true},
			want: []string{"cancel rc/web-1 v=1 phase=Running reason=\"newer deployment was found running\" reclaim=true rule=3.4.3",
				`reason=DeploymentCancellationFailed message="Failed to cancel deployment \"web-1\" superceded by version 2: error while deploymentConfigController claiming the replication controller ns/web-1: ` + boom + `"`},
		},
		{
			name: "cancel gone", why: "not ours: no cancel event, still awaiting",
			lines: []string{"rc web-1 phase=Running replicas=2 owner=none"},
			failure: dcplan.Failure{Action: dcplan.ActionCancel, Name: "web-1", Reason: dcplan.StatusNotFound, Code: 404,
				Message: `replicationcontrollers "web-1" not found`, Prelude: true},
			want: []string{"reason=DeploymentAwaitingCancellation", `wait cancellation "found previous inflight deployment for ns/web - requeuing"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := scenario.ParseState(append([]string{
				"now 2026-11-30T10:00:00Z",
				"settings profile=Exact",
				"dc web replicas=3 latest=2 observed=1",
			}, tt.lines...))
			if err != nil {
				t.Fatal(err)
			}
			s.Recheck = dcplan.Recheck{Done: true, UID: s.Config.UID}
			s.Outcome.Failures = []dcplan.Failure{tt.failure}
			got := dcplan.Describe(reconcile.Config(s))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s: Config() =\n%s\nwant a line containing\n%s", tt.why, got, w)
				}
			}
			if strings.Contains(got, "DeploymentCancelled ") || tt.name == "cancel gone" && strings.Contains(got, "CancellationFailed") {
				t.Errorf("%s: Config() =\n%s\nwant no cancel event", tt.why, got)
			}
		})
	}
}

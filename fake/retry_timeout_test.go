package fake_test

import (
	"context"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/cancel"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/internal/scenario"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestRetryOfOldRolloutTimeout: `oc rollout retry` of a rollout an hour
// old, with timeoutSeconds 120, then one deployer pass, on the server
// (SPEC 4.3.new.3.retry, issue 35 item 11). Exact (upstream) counts the
// timeout from the RC's creation and fails the retried rollout at once,
// "unable to create deployer pod", before any deployer pod exists; Modern's
// retry writes dcplan.io/retried-at, and the pass creates the deployer pod.
func TestRetryOfOldRolloutTimeout(t *testing.T) {
	for _, tt := range []struct {
		preset     dcplan.Preset
		wantPhase  dcplan.Phase
		wantReason string
		wantPod    bool
	}{
		{dcplan.Modern, dcplan.PhasePending, "", true},
		{dcplan.Exact, dcplan.PhaseFailed, dcplan.ReasonDeployerCreateFailed, false},
	} {
		t.Run(tt.preset.String(), func(t *testing.T) {
			s, err := scenario.ParseState([]string{
				"now 2026-11-30T10:00:00Z",
				"settings profile=" + tt.preset.String() + " image=registry.example/deployer:v4 sa=deployer",
				"dc web replicas=3 timeout=120 latest=1",
				"rc web-1 phase=Failed created=now-1h desired=3 deployer=web-1-deploy pod-created=now-1h",
				"pod web-1-deploy phase=Failed",
			})
			if err != nil {
				t.Fatal(err)
			}
			srv := fake.NewServer(s.Now)
			storeSnapshot(t, srv, s)
			read := func() dcplan.Snapshot { return readSnapshot(t, srv, s.Now, s.Settings) }
			if _, _, err := wire.RunOperation(context.Background(), srv, read(), cancel.Retry); err != nil {
				t.Fatalf("retry: %v", err)
			}
			if d, _ := read().Deployment("web-1"); d.Phase != dcplan.PhaseNew {
				t.Fatalf("web-1 is %v after the retry, want New", d.Phase)
			}
			step := func(s dcplan.Snapshot) dcplan.Plan { return phase.Step(s, "web-1") }
			if _, err := wire.RunPass(context.Background(), srv, read(), step); err != nil {
				t.Fatal(err)
			}
			d, _ := read().Deployment("web-1")
			if d.Phase != tt.wantPhase || d.Reason != tt.wantReason {
				t.Errorf("web-1 after the deployer pass: %v %q, want %v %q", d.Phase, d.Reason, tt.wantPhase, tt.wantReason)
			}
			if _, ok := srv.Object(wire.ResourcePods, "ns", "web-1-deploy"); ok != tt.wantPod {
				t.Errorf("deployer pod present = %v, want %v", ok, tt.wantPod)
			}
		})
	}
}

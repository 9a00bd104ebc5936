package explore_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake/explore"
)

// TestClockTimesOutNewRC: a clock move past the New-phase timeout (the
// default 600 s, so 601 s for an RC created now) makes the deployer's
// next pass fail an RC still New (SPEC 4.3.new.3). With the deployer pod
// already created (the pass that created it crashed before moving the RC
// to Pending), Modern takes the pod and moves on (SPEC 11.4), while Exact
// checks the timeout first and fails the RC beside its pod (SPEC 10.1).
// Modern counts a retried rollout's timeout from the retry
// (dcplan.io/retried-at, SPEC 4.3.new.3.retry), an annotation in the
// deployer's time layout, not RFC 3339: the move ages it as well, or the
// retry stayed as young as now and the RC never timed out.
func TestClockTimesOutNewRC(t *testing.T) {
	dc := explore.Move{Actor: explore.ActorConfig}
	deployer := explore.Move{Actor: explore.ActorDeployer, Target: "web-1"}
	crashed := explore.Move{Actor: explore.ActorDeployer, Target: "web-1", Fault: explore.FaultCrash, At: 1}
	clock := explore.Move{Actor: explore.ActorClock, Target: "601s"}
	retried := []explore.Move{dc, deployer, {Actor: explore.ActorKubelet, Target: "web-1-deploy", To: "Failed"}, deployer,
		{Actor: explore.ActorUser, Target: "retry"}, clock, deployer}
	tests := []struct {
		name      string
		preset    dcplan.Preset
		trace     []explore.Move
		want      dcplan.Phase
		timeEvent bool
	}{
		{"no pod, Modern", dcplan.Modern, []explore.Move{dc, clock, deployer}, dcplan.PhaseFailed, true},
		{"no pod, Exact", dcplan.Exact, []explore.Move{dc, clock, deployer}, dcplan.PhaseFailed, true},
		{"a pod, Modern", dcplan.Modern, []explore.Move{dc, crashed, clock, deployer}, dcplan.PhasePending, false},
		{"a pod, Exact", dcplan.Exact, []explore.Move{dc, crashed, clock, deployer}, dcplan.PhaseFailed, true},
		{"no clock move", dcplan.Exact, []explore.Move{dc, crashed, deployer}, dcplan.PhasePending, false},
		{"retried, Modern", dcplan.Modern, retried, dcplan.PhaseFailed, true},
		{"a clock move short of the timeout", dcplan.Exact, []explore.Move{dc, {Actor: explore.ActorClock, Target: "599s"}, deployer},
			dcplan.PhasePending, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			steps, err := explore.Replay(replayWorld(), tt.trace, tt.preset.Settings())
			if err != nil {
				t.Fatal(err)
			}
			last := steps[len(steps)-1]
			w, err := explore.Decode(last.After)
			if err != nil {
				t.Fatal(err)
			}
			d, ok := w.Deployment("web-1")
			if !ok || d.Phase != tt.want {
				t.Fatalf("web-1 is %v (found %v), want %v", d.Phase, ok, tt.want)
			}
			timedOut := slices.ContainsFunc(last.Pass.Plan.Events, func(e dcplan.Event) bool { return e.Reason == dcplan.EventRolloutTimeout })
			if timedOut != tt.timeEvent {
				t.Errorf("RolloutTimeout event %v, want %v (events %q)", timedOut, tt.timeEvent, dcplan.Describe(last.Pass.Plan))
			}
			if tt.timeEvent && d.Reason != dcplan.ReasonDeployerCreateFailed {
				t.Errorf("web-1's reason %q, want %q", d.Reason, dcplan.ReasonDeployerCreateFailed)
			}
		})
	}
}

// TestClockMoveAgesWithoutWriting: a clock move changes every timestamp
// the world holds and nothing else a controller could conflict on: each
// object keeps its resourceVersion.
func TestClockMoveAgesWithoutWriting(t *testing.T) {
	st := dcplan.Modern.Settings()
	clock := explore.Move{Actor: explore.ActorClock, Target: "601s"}
	steps, err := explore.Replay(replayWorld(), []explore.Move{{Actor: explore.ActorConfig}, clock}, st)
	if err != nil {
		t.Fatal(err)
	}
	before, after := steps[1].Before, steps[1].After
	b, err1 := explore.Decode(before)
	a, err2 := explore.Decode(after)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if len(a.Deployments) != 1 || len(b.Deployments) != 1 {
		t.Fatalf("RCs %d before, %d after; want 1", len(b.Deployments), len(a.Deployments))
	}
	db, da := b.Deployments[0], a.Deployments[0]
	if got := db.CreationTime.Sub(da.CreationTime); got.Seconds() != 601 {
		t.Errorf("web-1 created %v before the move, %v after: %v earlier, want 601s", db.CreationTime, da.CreationTime, got)
	}
	if da.ResourceVersion != db.ResourceVersion || a.Config.ResourceVersion != b.Config.ResourceVersion {
		t.Errorf("resourceVersions moved: rc %s -> %s, dc %s -> %s", db.ResourceVersion, da.ResourceVersion, b.Config.ResourceVersion, a.Config.ResourceVersion)
	}
	if _, err := explore.Replay(replayWorld(), []explore.Move{{Actor: explore.ActorClock, Target: "never"}}, st); err == nil {
		t.Error("a clock move without a span was made; want it refused")
	}
}

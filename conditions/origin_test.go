package conditions_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"github.com/dcplan/dcplan/internal/dcstatus"
	"github.com/google/go-cmp/cmp"
)

func TestStatusOrigin(t *testing.T) {
	// Reference: Origin deploymentconfig_controller.go calculateStatus, updateConditions (seed era)
	paused := func(cfg dcplan.Config) dcplan.Config { cfg.Paused = true; return cfg }
	zero := config(3)
	zero.Replicas = 0
	sAvail := cond(dcplan.ConditionAvailable, dcplan.StatusTrue, dcplan.ReasonNone, dcstatus.MessageAvailable, now)
	sAvail = seed(sAvail)
	sUnavail := seed(dcstatus.Unavailable(now))
	pausedT0 := withTimes(dcstatus.Paused(now), t0, t0)
	resumedT0 := withTimes(dcstatus.Resumed(now), t0, t0)
	tests := []struct {
		name string
		why  string
		cfg  dcplan.Config
		rcs  []dcplan.Deployment
		bump bool
		want dcplan.ConfigStatus
	}{
		{
			name: "unavailable may go negative", why: "7 row 14: spec - available is not clamped; readyReplicas is not computed",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 1, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, -2, 0, sAvail, dcstatus.OriginCompleted("web-3", now)),
		},
		{
			name: "observed generation always bumped", why: "7 row 14: the seed writes metadata.generation on every pass",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseRunning, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, sAvail, dcstatus.OriginProgressing("web-3", now)),
		},
		{
			name: "updated replicas from the RC named after latestVersion", why: "7 row 14: the seed looks up <dc>-<latestVersion>, even when a newer RC hides it from LatestDeploymentInfo",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(4, dcplan.PhaseNew, 0, 0, 0, 0), rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, sAvail),
		},
		{
			name: "no RC named after latestVersion", why: "7 row 14: updated replicas 0",
			cfg:  config(4),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(4, 5, 3, 0, 3, 0, 0, sAvail),
		},
		{
			name: "available without the > 0 rule", why: "7 row 15: a DC scaled to 0 is Available",
			cfg:  zero,
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 0, 0, 0, 0)},
			want: status(3, 5, 0, 0, 0, 0, 0, sAvail, dcstatus.OriginCompleted("web-3", now)),
		},
		{
			name: "available below the minimum", why: "7 row 15: available >= replicas - maxUnavailable still applies",
			cfg:  config(3),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 2)},
			want: status(3, 5, 3, 3, 2, 1, 0, sUnavail, dcstatus.OriginCompleted("web-3", now)),
		},
		{
			name: "new waits on the deployer pod", why: "7 row 16: New is Unknown with the seed text",
			cfg:  withStatus(config(3), 3, 3, availT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhaseNew, 0, 0, 0, 0)},
			want: status(3, 5, 3, 0, 3, 0, 0, availT0, dcstatus.OriginWaiting("web-3", now)),
		},
		{
			name: "pending waits on the deployer pod", why: "7 row 16: Pending too",
			cfg:  withStatus(config(3), 3, 3, availT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhasePending, 0, 0, 0, 0)},
			want: status(3, 5, 3, 0, 3, 0, 0, availT0, dcstatus.OriginWaiting("web-3", now)),
		},
		{
			name: "running always progresses", why: "7 row 17: no progress detection; True/ReplicationControllerUpdated with the capitalised text",
			cfg:  withStatus(config(3), 3, 1, availT0, withTimes(dcstatus.OriginWaiting("web-3", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 2), rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 5, 3, 1, 3, 0, 0, availT0, dcstatus.OriginProgressing("web-3", now)),
		},
		{
			name: "running again changes nothing", why: "7 row 17 with the set rule: same status and reason",
			cfg:  withStatus(config(3), 3, 1, availT0, withTimes(dcstatus.OriginProgressing("web-3", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 2), rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 5, 3, 1, 3, 0, 0, availT0, withTimes(dcstatus.OriginProgressing("web-3", now), t0, t0)),
		},
		{
			name: "failed, cancelled or not", why: "7 row 18: no cancel distinction",
			cfg:  withStatus(config(3), 3, 1, availT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), cancelled(rc(3, dcplan.PhaseFailed, 0, 0, 0, 0))},
			want: status(3, 5, 3, 0, 3, 0, 0, availT0, dcstatus.OriginFailed("web-3", now)),
		},
		{
			name: "failed skipped when already deadline exceeded", why: "7 row 18: skipped if the condition already has that reason, whatever its status",
			cfg:  withStatus(config(3), 3, 0, availT0, withTimes(cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonProgressDeadlineExceeded, "x", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), rc(3, dcplan.PhaseFailed, 0, 0, 0, 0)},
			want: status(3, 5, 3, 0, 3, 0, 0, availT0, withTimes(cond(dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonProgressDeadlineExceeded, "x", now), t0, t0)),
		},
		{
			name: "complete", why: "7 row 19: has completed progressing; same status keeps the transition time",
			cfg:  withStatus(config(3), 3, 3, availT0, withTimes(dcstatus.OriginProgressing("web-3", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, availT0, seed(withTimes(dcstatus.OriginCompleted("web-3", now), now, t0))),
		},
		{
			name: "complete skipped when already available", why: "7 row 19: skipped if the reason is already NewReplicationControllerAvailable",
			cfg:  withStatus(config(3), 3, 3, availT0, withTimes(cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonNewReplicationControllerAvailable, "odd", now), t0, t0)),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, availT0, withTimes(cond(dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonNewReplicationControllerAvailable, "odd", now), t0, t0)),
		},
		{
			name: "paused after completion", why: "7 row 20: latest terminal, paused, no paused condition: Paused overrides the phase condition",
			cfg:  paused(withStatus(config(3), 3, 3, availT0)),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, availT0, dcstatus.Paused(now)),
		},
		{
			name: "paused without any RC", why: "7 row 20: latest absent counts as idle",
			cfg:  paused(config(0)),
			want: status(0, 5, 0, 0, 0, 0, 0, sUnavail, dcstatus.Paused(now)),
		},
		{
			name: "paused while running", why: "7 row 20: no paused condition while the latest runs",
			cfg:  paused(withStatus(config(3), 3, 1, availT0)),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 2), rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 5, 3, 1, 3, 0, 0, availT0, dcstatus.OriginProgressing("web-3", now)),
		},
		{
			name: "paused stays paused", why: "7 row 20 + dcplan: the phase rules are skipped while the Paused condition stands, so the two do not replace each other on every pass",
			cfg:  paused(withStatus(config(3), 3, 3, availT0, pausedT0)),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, availT0, pausedT0),
		},
		{
			name: "resumed", why: "7 row 20: unpaused with a paused condition while idle: Resumed",
			cfg:  withStatus(config(3), 3, 3, availT0, pausedT0),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, availT0, dcstatus.Resumed(now)),
		},
		{
			name: "after resumed", why: "7 row 19: the next pass shows the phase condition again",
			cfg:  withStatus(config(3), 3, 3, availT0, resumedT0),
			rcs:  []dcplan.Deployment{rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)},
			want: status(3, 5, 3, 3, 3, 0, 0, availT0, dcstatus.OriginCompleted("web-3", now)),
		},
		{
			name: "resumed while running", why: "7 row 20: the pause rules apply only when idle",
			cfg:  withStatus(config(3), 3, 1, availT0, pausedT0),
			rcs:  []dcplan.Deployment{rc(2, dcplan.PhaseComplete, 2, 2, 2, 2), rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
			want: status(3, 5, 3, 1, 3, 0, 0, availT0, dcstatus.OriginProgressing("web-3", now)),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snap(dcplan.Origin, tt.cfg, tt.rcs...)
			got := conditions.Status(s, tt.bump)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Status(Origin) mismatch (-want +got):\n%s", d)
			}
			if changed, want := conditions.Changed(s, tt.bump), !got.Equal(tt.cfg.Status); changed != want {
				t.Errorf("Changed(Origin) = %v, want %v", changed, want)
			}
		})
	}
}

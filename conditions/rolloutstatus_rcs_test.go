package conditions_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
)

// TestRolloutStatusReadsNoRC: oc's DC status viewer reads the DC alone,
// never an RC or its phase annotation (SPEC 6m.6): the RCs a snapshot
// carries, whatever they say, change nothing of RolloutStatus's answer,
// in Modern as in Exact. The RC lists disagree with the DC on purpose: the
// latest RC missing, the latest RC Failed and cancelled while the DC says
// rolled out, its phase annotation absent or misspelt, and a Complete RC
// left with the cancel annotation (the accident of SPEC 10 item 2).
func TestRolloutStatusReadsNoRC(t *testing.T) {
	observed := func(f func(*dcplan.Config)) dcplan.Config {
		c := config(3)
		c.Status.ObservedGeneration = c.Generation
		c.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerConfigChange}}
		c.Status.Replicas, c.Status.UpdatedReplicas, c.Status.AvailableReplicas = 3, 3, 3
		f(&c)
		return c
	}
	progressing := func(r dcplan.ConditionReason, msg string) func(*dcplan.Config) {
		return func(c *dcplan.Config) {
			c.Status.Conditions = []dcplan.Condition{cond(dcplan.ConditionProgressing, dcplan.StatusTrue, r, msg, t0)}
		}
	}
	imageWait := config(0)
	imageWait.Triggers = []dcplan.Trigger{{Type: dcplan.TriggerImageChange, FromName: "web:latest"}}
	dcs := map[string]dcplan.Config{
		"rolled out (6m.6.3.1)": observed(progressing(dcplan.ReasonNewReplicationControllerAvailable, `replication controller "web-3" successfully rolled out`)),
		"failed (6m.6.3.2)":     observed(progressing(dcplan.ReasonProgressDeadlineExceeded, `replication controller "web-3" has failed progressing`)),
		"cancelled (6m.6.3.3)":  observed(progressing(dcplan.ReasonRolloutCancelled, `rollout of replication controller "web-3" was cancelled`)),
		"updating (6m.6.3.5)":   observed(func(c *dcplan.Config) { c.Status.UpdatedReplicas = 1 }),
		"paused (13.2)":         observed(func(c *dcplan.Config) { c.Paused = true }),
		"not observed (6m.6.4)": config(3),
		"image (6m.6.1)":        imageWait,
	}
	misspelt := rc(3, dcplan.PhaseUnknown, 3, 3, 3, 3)
	misspelt.PhaseSpelling = "Compelte"
	failedCancelled := rc(3, dcplan.PhaseFailed, 0, 0, 0, 0)
	failedCancelled.Cancelled, failedCancelled.Reason = true, dcplan.ReasonCancelledByUser
	completeCancelled := rc(3, dcplan.PhaseComplete, 3, 3, 3, 3)
	completeCancelled.Cancelled, completeCancelled.Reason = true, dcplan.ReasonCancelledByUser
	lists := map[string][]dcplan.Deployment{
		"latest RC missing":          {rc(1, dcplan.PhaseComplete, 0, 0, 0, 0), rc(2, dcplan.PhaseComplete, 3, 3, 3, 3)},
		"latest Failed, cancelled":   {rc(2, dcplan.PhaseComplete, 3, 3, 3, 3), failedCancelled},
		"phase annotation absent":    {rc(3, dcplan.PhaseUnknown, 3, 3, 3, 3)},
		"phase annotation misspelt":  {misspelt},
		"Complete with cancel marks": {completeCancelled},
		"latest Running":             {rc(3, dcplan.PhaseRunning, 1, 1, 1, 1)},
	}
	for _, p := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
		for dcName, c := range dcs {
			want := conditions.RolloutStatus(snap(p, c), 0)
			for listName, rcs := range lists {
				if got := conditions.RolloutStatus(snap(p, c, rcs...), 0); got != want {
					t.Errorf("%v, %s, %s: RolloutStatus() = %+v, want %+v, as without RCs (SPEC 6m.6: the DC only)", p, dcName, listName, got, want)
				}
			}
		}
	}
}

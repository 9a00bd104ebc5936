package conditions_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/conditions"
	"pgregory.net/rapid"
)

// upstreamViewer is oc's DC status viewer as SPEC 6m.6 words it, read
// on the DC's wire strings (types and reasons compared as text, the first
// Progressing condition taken, as library-go's GetDeploymentCondition
// takes it): the message, whether it is done, and the error. It knows no
// switch: it is Exact (SPEC 11 "Exact", 13.2).
//
// Ports: oc deploymentconfigs/status.go (*DeploymentConfigStatusViewer).Status.
func upstreamViewer(c *dcplan.Config, revision int64) (string, bool, error) {
	latest := int64(c.Status.LatestVersion)
	if latest == 0 {
		image := false
		for _, t := range c.Triggers {
			image = image || t.TypeText() == "ImageChange"
		}
		switch {
		case image: // SPEC 6m.6.1
			return fmt.Sprintf("Deployment config %q waiting on image update\n", c.Name), false, nil
		case len(c.Triggers) == 0:
			return "", true, fmt.Errorf("Deployment config %q waiting on manual update (use 'oc rollout latest %s')", c.Name, c.Name)
		}
	}
	if revision > 0 && latest != revision { // SPEC 6m.6.2
		return "", false, fmt.Errorf("desired revision (%d) is different from the running revision (%d)", revision, latest)
	}
	var cond *dcplan.Condition
	for i := range c.Status.Conditions {
		if c.Status.Conditions[i].TypeText() == "Progressing" {
			cond = &c.Status.Conditions[i]
			break
		}
	}
	reason := func(r string) bool { return cond != nil && cond.ReasonText() == r }
	st := c.Status
	if c.Generation <= st.ObservedGeneration { // SPEC 6m.6.3
		switch {
		case reason("NewReplicationControllerAvailable"):
			return cond.Message + "\n", true, nil
		case reason("ProgressDeadlineExceeded"), reason("RolloutCancelled"):
			return "", true, errors.New(cond.Message)
		case reason("DeploymentConfigPaused"):
			return "", true, fmt.Errorf("Deployment config %q is paused. Resume to continue watching the status of the rollout.\n", c.Name)
		case st.UpdatedReplicas < c.Replicas:
			return fmt.Sprintf("Waiting for rollout to finish: %d out of %d new replicas have been updated...\n", st.UpdatedReplicas, c.Replicas), false, nil
		case st.Replicas > st.UpdatedReplicas:
			return fmt.Sprintf("Waiting for rollout to finish: %d old replicas are pending termination...\n", st.Replicas-st.UpdatedReplicas), false, nil
		case st.AvailableReplicas < st.UpdatedReplicas:
			return fmt.Sprintf("Waiting for rollout to finish: %d of %d updated replicas are available...\n", st.AvailableReplicas, st.UpdatedReplicas), false, nil
		}
	}
	return "Waiting for latest deployment config spec to be observed by the controller loop...\n", false, nil // SPEC 6m.6.4
}

// Worlds for TestRolloutStatusIsUpstream: counters at small values and
// the int32 edge, every reason, ReasonOther carrying a known reason spelt
// otherwise (another writer's token).
var (
	upstreamCounts  = []dcplan.Replicas{0, 1, 2, 2147483647}
	upstreamReasons = []dcplan.ConditionReason{dcplan.ReasonNone, dcplan.ReasonReplicationControllerUpdated,
		dcplan.ReasonReplicationControllerCreateError, dcplan.ReasonNewReplicationControllerCreated,
		dcplan.ReasonNewReplicationControllerAvailable, dcplan.ReasonProgressDeadlineExceeded,
		dcplan.ReasonDeploymentConfigPaused, dcplan.ReasonDeploymentConfigResumed, dcplan.ReasonRolloutCancelled, dcplan.ReasonOther}
)

// TestRolloutStatusIsUpstream: under Exact (OcStatusNoPausedExit),
// RolloutStatus is upstreamViewer on every DC, odd ones included (SPEC
// 13.1): extra and repeated conditions, reasons of other writers, any
// status, counters at the int32 edge, --revision past latestVersion, a DC
// being deleted. In every other preset it differs only on a paused DC,
// and there only by ending the watch with the paused message where
// upstream would not have ended it (SPEC 13.2).
func TestRolloutStatusIsUpstream(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		preset := rapid.SampledFrom([]dcplan.Preset{dcplan.Modern, dcplan.Exact, dcplan.Origin10, dcplan.Origin13, dcplan.Origin15}).Draw(t, "preset")
		counts := rapid.SampledFrom(upstreamCounts)
		c := dcplan.Config{Namespace: "ns", Name: "web",
			Generation: rapid.Int64Range(1, 2).Draw(t, "gen"),
			Replicas:   counts.Draw(t, "replicas"),
			Paused:     rapid.Bool().Draw(t, "paused"),
			Deleting:   rapid.Bool().Draw(t, "deleting"),
			Status: dcplan.ConfigStatus{
				LatestVersion:      dcplan.Version(rapid.SampledFrom([]int64{0, 2, 2, 2}).Draw(t, "latest")),
				ObservedGeneration: rapid.Int64Range(1, 2).Draw(t, "observed"),
				Replicas:           counts.Draw(t, "status.replicas"),
				UpdatedReplicas:    counts.Draw(t, "updated"),
				AvailableReplicas:  counts.Draw(t, "available"),
			}}
		for _, tt := range rapid.SliceOfN(rapid.SampledFrom([]dcplan.TriggerType{dcplan.TriggerConfigChange, dcplan.TriggerImageChange}), 0, 2).Draw(t, "triggers") {
			c.Triggers = append(c.Triggers, dcplan.Trigger{Type: tt})
		}
		for i := range rapid.IntRange(0, 3).Draw(t, "conditions") {
			cd := dcplan.Condition{
				Type: rapid.SampledFrom([]dcplan.ConditionType{dcplan.ConditionAvailable, dcplan.ConditionOther,
					dcplan.ConditionProgressing, dcplan.ConditionProgressing}).Draw(t, fmt.Sprint("type", i)),
				Status:  rapid.SampledFrom([]dcplan.ConditionStatus{dcplan.StatusTrue, dcplan.StatusFalse, dcplan.StatusUnknown}).Draw(t, fmt.Sprint("status", i)),
				Reason:  rapid.SampledFrom(upstreamReasons).Draw(t, fmt.Sprint("reason", i)),
				Message: rapid.SampledFrom([]string{"", "m", "error: m", "m\n"}).Draw(t, fmt.Sprint("message", i)),
			}
			if cd.Type == dcplan.ConditionOther {
				cd.OtherType = "Ready"
			}
			if cd.Reason == dcplan.ReasonOther {
				cd.OtherReason = "newReplicationControllerAvailable"
			}
			c.Status.Conditions = append(c.Status.Conditions, cd)
		}
		revision := rapid.SampledFrom([]int64{0, 0, 1, 2}).Draw(t, "revision")
		s := dcplan.Snapshot{Config: c, Settings: dcplan.Settings{Switches: preset.Switches()}}
		got := conditions.RolloutStatus(s, dcplan.Version(revision))

		msg, done, err := upstreamViewer(&c, revision)
		want := conditions.RolloutResult{State: conditions.RolloutInProgress, Message: msg}
		switch {
		case err != nil:
			want = conditions.RolloutResult{State: conditions.RolloutFailed, Message: err.Error()}
		case done:
			want.State = conditions.RolloutDone
		}
		if got == want {
			return
		}
		paused := conditions.RolloutResult{State: conditions.RolloutFailed,
			Message: "Deployment config \"web\" is paused. Resume to continue watching the status of the rollout.\n"}
		if s.Settings.OcStatusNoPausedExit || !c.Paused || got != paused || want.State != conditions.RolloutInProgress {
			t.Fatalf("%v: RolloutStatus() = %+v, upstream %+v", preset, got, want)
		}
	})
}

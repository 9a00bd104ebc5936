package phase

import (
	"fmt"

	"github.com/dcplan/dcplan"
)

// Rule ids of the actions this package plans (see docs/rules.md).
const (
	ruleCandidate          dcplan.Rule = "2.2"
	ruleRaced              dcplan.Rule = "2.3"
	ruleNewCancelled       dcplan.Rule = "4.3.new.1"
	ruleOriginNewCancelled dcplan.Rule = "7.21"
	ruleNewTimeout         dcplan.Rule = "4.3.new.3"
	ruleNewTimeoutRetry    dcplan.Rule = "4.3.new.3.retry"
	ruleNewCreate          dcplan.Rule = "4.3.new.4"
	ruleNewExisting        dcplan.Rule = "4.3.new.6"
	rulePendingMissing     dcplan.Rule = "4.3.pending.1"
	rulePendingExists      dcplan.Rule = "4.3.pending.3"
	ruleFailedCleanup      dcplan.Rule = "4.3.failed"
	ruleCommitCancel       dcplan.Rule = "4.4.4"
	ruleRetry              dcplan.Rule = "1.7"
	ruleOwners             dcplan.Rule = "4.6"
	ruleOriginExisting     dcplan.Rule = "7.22"
	ruleOriginMissing      dcplan.Rule = "7.24"
	ruleOriginDeadline     dcplan.Rule = "7.25"
	ruleOriginComplete     dcplan.Rule = "7.26"
	ruleOriginAnyPhase     dcplan.Rule = "7.28"
	ruleOriginPod          dcplan.Rule = "7.29"
	ruleOriginRaced        dcplan.Rule = "7.30"
	ruleKeptOnRace         dcplan.Rule = "10.2"
)

// Event messages of the deployer controller (SPEC 1.6), exact.
const (
	msgFailedCancellation = "Succeeded before cancel recorded"
	msgSeedCancelled      = "Cancelled deployment"
)

// label renders an RC as upstream's LabelForDeployment: "<ns>/<rc>".
func label(d *dcplan.Deployment) string { return d.Namespace + "/" + d.Name }

// eventTarget returns the object the deployer records events on: the DC
// decoded from the RC's encoded-deployment-config annotation (in its own
// namespace, or the RC's when the encoded DC names none), or the RC itself
// when it has no encoded config (SPEC 1.6).
func eventTarget(d *dcplan.Deployment) dcplan.ObjectRef {
	if enc := d.Encoded; enc != nil && enc.Name != "" {
		ns := enc.Namespace
		if ns == "" {
			ns = d.Namespace
		}
		return dcplan.ObjectRef{Kind: "DeploymentConfig", Namespace: ns, Name: enc.Name, UID: enc.UID}
	}
	return dcplan.ObjectRef{Kind: "ReplicationController", Namespace: d.Namespace, Name: d.Name, UID: d.UID}
}

// event builds one deployer event about d.
func event(d *dcplan.Deployment, rule dcplan.Rule, typ dcplan.EventType, reason, msg string) dcplan.Event {
	return dcplan.Event{Rule: rule, Object: eventTarget(d), Type: typ, Reason: reason, Message: msg}
}

func timeoutEvent(d *dcplan.Deployment, rule dcplan.Rule, timeout int64) dcplan.Event {
	return early(event(d, rule, dcplan.EventWarning, dcplan.EventRolloutTimeout,
		fmt.Sprintf("Rollout for %q failed to create deployer pod (timeoutSeconds: %ds)", label(d), timeout)))
}

// early places an event before every write of the pass: upstream records
// it while deciding, before its writes (SPEC 13.1).
func early(e dcplan.Event) dcplan.Event {
	e.After = dcplan.AtStart()
	return e
}

// unrelatedEvent is the event of a deployer pod name taken by an unrelated
// pod: FailedCreate, or with SeedEventReasons the oldest deployer's
// failedCreate, whose text names the RC (SPEC 1.6).
func unrelatedEvent(d *dcplan.Deployment, rule dcplan.Rule, sw *dcplan.Switches, pod string) dcplan.Event {
	if sw.SeedEventReasons {
		return early(event(d, rule, dcplan.EventWarning, dcplan.EventSeedFailedCreate,
			fmt.Sprintf("Error creating deployer pod for %s since another pod with the same name (%q) exists", label(d), pod)))
	}
	return early(event(d, rule, dcplan.EventWarning, dcplan.EventFailedCreate,
		fmt.Sprintf("Error creating deployer pod since another pod with the same name (%q) exists", pod)))
}

// createFailedEvent is the event of a deployer pod create that failed
// with message msg: FailedCreate, or with SeedEventReasons the oldest
// deployer's failedCreate, whose text names the RC (SPEC 1.6).
func createFailedEvent(d *dcplan.Deployment, sw *dcplan.Switches, msg string) dcplan.Event {
	if sw.SeedEventReasons {
		return event(d, ruleNewCreate, dcplan.EventWarning, dcplan.EventSeedFailedCreate,
			fmt.Sprintf("Error creating deployer pod for %s: %s", label(d), msg))
	}
	return event(d, ruleNewCreate, dcplan.EventWarning, dcplan.EventFailedCreate, "Error creating deployer pod: "+msg)
}

// goneEvent is the event of a vanished deployer pod: reason Failed, or the
// seed's lowercase failed with SeedEventReasons (SPEC 1.6).
func goneEvent(d *dcplan.Deployment, rule dcplan.Rule, sw *dcplan.Switches, pod string) dcplan.Event {
	reason := dcplan.EventFailed
	if sw.SeedEventReasons {
		reason = dcplan.EventSeedFailed
	}
	return early(event(d, rule, dcplan.EventWarning, reason, fmt.Sprintf("Deployer pod %q has gone missing", pod)))
}

// racedEvent is the event of a cancel raced by success: reason
// FailedCancellation, or the seed's failedCancellation with
// SeedEventReasons (SPEC 1.6).
func racedEvent(d *dcplan.Deployment, rule dcplan.Rule, sw *dcplan.Switches) dcplan.Event {
	reason := dcplan.EventFailedCancellation
	if sw.SeedEventReasons {
		reason = dcplan.EventSeedFailedCancellation
	}
	return early(event(d, rule, dcplan.EventWarning, reason, msgFailedCancellation))
}

func cancelledEvent(d *dcplan.Deployment) dcplan.Event {
	return event(d, ruleCommitCancel, dcplan.EventNormal, dcplan.EventRolloutCancelled,
		fmt.Sprintf("Rollout for %q cancelled", label(d)))
}

// onRC retargets events about d to d itself, for the EventsOnRC switch
// (SPEC 12 "deployer events recorded on the RC"). It writes into events,
// which must be the plan's own slice.
func onRC(events []dcplan.Event, d *dcplan.Deployment) {
	for i := range events {
		events[i].Object = dcplan.ObjectRef{Kind: "ReplicationController", Namespace: d.Namespace, Name: d.Name, UID: d.UID}
	}
}

// UnrelatedPodReason returns the status-reason the deployer writes when the
// deployer pod's name is taken by an unrelated pod:
// dcplan.ReasonUnrelatedPod, or its long form with the LongReasons switch
// (SPEC 1.4, 7 row 32, 11a.1).
func UnrelatedPodReason(sw dcplan.Switches) string {
	if sw.LongReasons {
		return dcplan.LongReasonUnrelatedPod
	}
	return dcplan.ReasonUnrelatedPod
}

// PodGoneReason returns the status-reason the deployer writes when the
// deployer pod of a Pending or Running RC has vanished:
// dcplan.ReasonDeployerPodGone, or its long form with the LongReasons
// switch (SPEC 1.4, 7 row 32, 11a.1).
func PodGoneReason(sw dcplan.Switches) string {
	if sw.LongReasons {
		return dcplan.LongReasonDeployerPodGone
	}
	return dcplan.ReasonDeployerPodGone
}

// eventAfter places e right after the action at (SPEC 13.1).
func eventAfter(at dcplan.ActionRef, e dcplan.Event) dcplan.Event {
	e.After = at
	return e
}

package dcstatus

import (
	"strconv"
	"time"

	"github.com/dcplan/dcplan"
)

// Fixed condition messages (SPEC 1.5 and section 7 row 20), exact.
const (
	// MessageAvailable is the Available=True message.
	MessageAvailable = "Deployment config has minimum availability."
	// MessageUnavailable is the Available=False message.
	MessageUnavailable = "Deployment config does not have minimum availability."
	// MessagePaused is the seed-era Progressing message of a paused DC.
	MessagePaused = "Deployment config is paused"
	// MessageResumed is the seed-era Progressing message of a resumed DC.
	MessageResumed = "Deployment config is resumed"
)

// msgKind names one condition message format; a message value carries its
// arguments, so a condition that the set rule would drop is never rendered
// (the steady state allocates nothing).
type msgKind uint8

const (
	msgLiteral msgKind = iota
	msgAvailable
	msgUnavailable
	msgWaitingForPod
	msgProgressing
	msgCancelled
	msgFailed
	msgRolledOut
	msgCreated
	msgOriginWaiting
	msgOriginProgressing
	msgOriginFailed
	msgOriginCompleted
	msgPaused
	msgResumed
)

// message is a condition message not yet rendered.
type message struct {
	kind msgKind
	rc   string
	v    dcplan.Version
	text string // msgLiteral
}

// String renders the message exactly as upstream formats it.
func (m message) String() string {
	q := strconv.Quote
	switch m.kind {
	case msgAvailable:
		return MessageAvailable
	case msgUnavailable:
		return MessageUnavailable
	case msgWaitingForPod:
		return "replication controller " + q(m.rc) + " is waiting for pod " + q(dcplan.DeployerPodName(m.rc)) + " to run"
	case msgProgressing:
		return "replication controller " + q(m.rc) + " is progressing"
	case msgCancelled:
		return "rollout of replication controller " + q(m.rc) + " was cancelled"
	case msgFailed:
		return "replication controller " + q(m.rc) + " has failed progressing"
	case msgRolledOut:
		return "replication controller " + q(m.rc) + " successfully rolled out"
	case msgCreated:
		return "Created new replication controller " + q(m.rc) + " for version " + strconv.FormatInt(int64(m.v), 10)
	case msgOriginWaiting:
		return "Waiting on deployer pod for " + q(m.rc) + " to be scheduled"
	case msgOriginProgressing:
		return "Replication controller " + q(m.rc) + " is progressing"
	case msgOriginFailed:
		return "Replication controller " + q(m.rc) + " has failed progressing"
	case msgOriginCompleted:
		return "Replication controller " + q(m.rc) + " has completed progressing"
	case msgPaused:
		return MessagePaused
	case msgResumed:
		return MessageResumed
	}
	return m.text
}

// pending is a condition to be set, with its message not yet rendered.
type pending struct {
	typ    dcplan.ConditionType
	status dcplan.ConditionStatus
	reason dcplan.ConditionReason
	msg    message
}

// condition renders p with its timestamps: both set to now, except for
// the seed-era conditions (seed, the SeedConditions switch), which carry
// only a lastTransitionTime.
func (p pending) condition(now time.Time, seed bool) dcplan.Condition {
	c := dcplan.Condition{Type: p.typ, Status: p.status, Reason: p.reason, Message: p.msg.String(),
		LastUpdateTime: now, LastTransitionTime: now}
	if seed {
		c.LastUpdateTime = time.Time{}
	}
	return c
}

// Available returns the Available=True condition (empty reason,
// MessageAvailable), both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, "minimum availability".
func Available(now time.Time) dcplan.Condition {
	return modern(pendingAvailable(true), now)
}

// Unavailable returns the Available=False condition (empty reason,
// MessageUnavailable), both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, "no minimum availability".
func Unavailable(now time.Time) dcplan.Condition {
	return modern(pendingAvailable(false), now)
}

// WaitingForPod returns the Progressing=Unknown condition of a Pending
// latest RC: empty reason, `replication controller "<rc>" is waiting for
// pod "<rc>-deploy" to run` (the pod name by dcplan.DeployerPodName, not
// the RC's deployer-pod annotation), both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, case Pending.
func WaitingForPod(rc string, now time.Time) dcplan.Condition {
	return modern(pendingWaiting(rc), now)
}

// Progressing returns the Progressing=True/ReplicationControllerUpdated
// condition of a Running latest RC that made progress:
// `replication controller "<rc>" is progressing`, both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, case Running.
func Progressing(rc string, now time.Time) dcplan.Condition {
	return modern(pendingProgressing(rc), now)
}

// RolloutCancelled returns the Progressing=False/RolloutCancelled condition
// of a Failed, cancelled latest RC: `rollout of replication controller
// "<rc>" was cancelled`, both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, case Failed (cancelled).
func RolloutCancelled(rc string, now time.Time) dcplan.Condition {
	return modern(pendingFailed(rc, true), now)
}

// FailedProgressing returns the Progressing=False/ProgressDeadlineExceeded
// condition of a Failed latest RC that was not cancelled: `replication
// controller "<rc>" has failed progressing`, both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, case Failed.
func FailedProgressing(rc string, now time.Time) dcplan.Condition {
	return modern(pendingFailed(rc, false), now)
}

// RolledOut returns the Progressing=True/NewReplicationControllerAvailable
// condition of a Complete latest RC: `replication controller "<rc>"
// successfully rolled out`, both timestamps now.
//
// Ports: deploymentconfig_controller.go updateConditions, case Complete.
func RolledOut(rc string, now time.Time) dcplan.Condition {
	return modern(pendingComplete(rc), now)
}

// Created returns the Progressing=True/NewReplicationControllerCreated
// condition the DC controller adds after creating RC rc for version v:
// `Created new replication controller "<rc>" for version <v>` (the same
// text as the DeploymentCreated event), both timestamps now: the extra
// condition of a pass that created the RC.
//
// Ports: deploymentconfig_controller.go Handle, create success (SPEC 3.2.12).
func Created(rc string, v dcplan.Version, now time.Time) dcplan.Condition {
	return modern(pending{dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerCreated,
		message{kind: msgCreated, rc: rc, v: v}}, now)
}

// CreateError returns the Progressing=False/ReplicationControllerCreateError
// condition the DC controller adds when creating the RC failed; msg is the
// error text as upstream reports it (see SPEC 3.2 step 12 for the
// AlreadyExists shadowing quirk), both timestamps now: the extra condition
// of a pass whose create failed.
//
// Ports: deploymentconfig_controller.go Handle, create failure (SPEC 3.2.12).
func CreateError(msg string, now time.Time) dcplan.Condition {
	return modern(pending{dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonReplicationControllerCreateError,
		message{text: msg}}, now)
}

// OriginWaiting returns the seed-era Progressing=Unknown condition of a New
// or Pending latest RC: empty reason, `Waiting on deployer pod for "<rc>"
// to be scheduled`, lastTransitionTime now and no lastUpdateTime (SPEC 7
// row 16).
//
// Ports: Origin deploymentconfig_controller.go updateConditions, case New/Pending.
func OriginWaiting(rc string, now time.Time) dcplan.Condition {
	return origin(pendingOriginWaiting(rc), now)
}

// OriginProgressing returns the seed-era Progressing=True/
// ReplicationControllerUpdated condition of a Running latest RC:
// `Replication controller "<rc>" is progressing`, lastTransitionTime now
// and no lastUpdateTime (SPEC 7 row 17).
//
// Ports: Origin deploymentconfig_controller.go updateConditions, case Running.
func OriginProgressing(rc string, now time.Time) dcplan.Condition {
	return origin(pendingOriginProgressing(rc), now)
}

// OriginFailed returns the seed-era Progressing=False/
// ProgressDeadlineExceeded condition of a Failed latest RC, cancelled or
// not: `Replication controller "<rc>" has failed progressing`,
// lastTransitionTime now and no lastUpdateTime (SPEC 7 row 18).
//
// Ports: Origin deploymentconfig_controller.go updateConditions, case Failed.
func OriginFailed(rc string, now time.Time) dcplan.Condition {
	return origin(pendingOriginFailed(rc), now)
}

// OriginCompleted returns the seed-era Progressing=True/
// NewReplicationControllerAvailable condition of a Complete latest RC:
// `Replication controller "<rc>" has completed progressing`,
// lastTransitionTime now and no lastUpdateTime (SPEC 7 row 19).
//
// Ports: Origin deploymentconfig_controller.go updateConditions, case Complete.
func OriginCompleted(rc string, now time.Time) dcplan.Condition {
	return origin(pendingOriginCompleted(rc), now)
}

// Paused returns the seed-era Progressing=Unknown/DeploymentConfigPaused
// condition, MessagePaused, lastTransitionTime now and no lastUpdateTime
// (SPEC 7 row 20).
//
// Ports: Origin deploymentconfig_controller.go updateConditions, "Pause / resume condition".
func Paused(now time.Time) dcplan.Condition {
	return origin(pendingPaused(), now)
}

// Resumed returns the seed-era Progressing=Unknown/DeploymentConfigResumed
// condition, MessageResumed, lastTransitionTime now and no lastUpdateTime
// (SPEC 7 row 20).
//
// Ports: Origin deploymentconfig_controller.go updateConditions, "Pause / resume condition".
func Resumed(now time.Time) dcplan.Condition {
	return origin(pendingResumed(), now)
}

func modern(p pending, now time.Time) dcplan.Condition { return p.condition(now, false) }
func origin(p pending, now time.Time) dcplan.Condition { return p.condition(now, true) }

func pendingAvailable(ok bool) pending {
	if ok {
		return pending{dcplan.ConditionAvailable, dcplan.StatusTrue, dcplan.ReasonNone, message{kind: msgAvailable}}
	}
	return pending{dcplan.ConditionAvailable, dcplan.StatusFalse, dcplan.ReasonNone, message{kind: msgUnavailable}}
}

func pendingWaiting(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonNone, message{kind: msgWaitingForPod, rc: rc}}
}

func pendingProgressing(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, message{kind: msgProgressing, rc: rc}}
}

func pendingFailed(rc string, cancelled bool) pending {
	if cancelled {
		return pending{dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonRolloutCancelled, message{kind: msgCancelled, rc: rc}}
	}
	return pending{dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded, message{kind: msgFailed, rc: rc}}
}

func pendingComplete(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, message{kind: msgRolledOut, rc: rc}}
}

func pendingOriginWaiting(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonNone, message{kind: msgOriginWaiting, rc: rc}}
}

func pendingOriginProgressing(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonReplicationControllerUpdated, message{kind: msgOriginProgressing, rc: rc}}
}

func pendingOriginFailed(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusFalse, dcplan.ReasonProgressDeadlineExceeded, message{kind: msgOriginFailed, rc: rc}}
}

func pendingOriginCompleted(rc string) pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusTrue, dcplan.ReasonNewReplicationControllerAvailable, message{kind: msgOriginCompleted, rc: rc}}
}

func pendingPaused() pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonDeploymentConfigPaused, message{kind: msgPaused}}
}

func pendingResumed() pending {
	return pending{dcplan.ConditionProgressing, dcplan.StatusUnknown, dcplan.ReasonDeploymentConfigResumed, message{kind: msgResumed}}
}

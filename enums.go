package dcplan

import (
	"fmt"
	"strconv"
)

// Phase is the rollout phase of one ReplicationController, as recorded in
// its openshift.io/deployment.phase annotation (SPEC 1.3).
//
// The zero value, PhaseUnknown, stands for a missing annotation (the empty
// phase of SPEC 1.3): it is none of the five phases, no transition leaves or
// enters it, and the DC controller counts it as in flight (SPEC 3.4).
type Phase uint8

// The phases, in the order the phase machine moves through them.
const (
	PhaseUnknown Phase = iota
	PhaseNew
	PhasePending
	PhaseRunning
	PhaseComplete
	PhaseFailed
)

// NumPhases is the number of Phase values, PhaseUnknown included; it sizes
// tables indexed by phase.
const NumPhases = 6

var phaseNames = [NumPhases]string{"", "New", "Pending", "Running", "Complete", "Failed"}

// String returns the exact wire spelling ("Running"), or "" for PhaseUnknown.
func (p Phase) String() string { return spell(p, phaseNames[:], "Phase") }

// Terminal reports whether p is Complete or Failed (SPEC 2.1, 5.3,
// IsTerminatedDeployment).
func (p Phase) Terminal() bool { return p == PhaseComplete || p == PhaseFailed }

// ParsePhase reads a phase annotation value. The empty string is
// PhaseUnknown; anything but the five exact spellings is an error.
func ParsePhase(s string) (Phase, error) {
	return parseSpelling[Phase](s, phaseNames[:], 0, "deployment phase", ErrMalformed)
}

// PodPhase is a pod's status.phase. The zero value, PodPhaseUnset, is a pod
// whose status carries no phase.
type PodPhase uint8

// The pod phases of the Kubernetes API.
const (
	PodPhaseUnset PodPhase = iota
	PodPending
	PodRunning
	PodSucceeded
	PodFailed
	PodUnknown
)

var podPhaseNames = [...]string{"", "Pending", "Running", "Succeeded", "Failed", "Unknown"}

// String returns the exact wire spelling ("Succeeded"), or "" when unset.
func (p PodPhase) String() string { return spell(p, podPhaseNames[:], "PodPhase") }

// ParsePodPhase reads a pod's status.phase. The empty string is
// PodPhaseUnset; an unrecognised value is an error.
func ParsePodPhase(s string) (PodPhase, error) {
	return parseSpelling[PodPhase](s, podPhaseNames[:], 0, "pod phase", ErrMalformed)
}

// StrategyType is a DeploymentConfig's spec.strategy.type. The zero value,
// StrategyUnset, is a strategy the controllers do not know; its timeout is 0
// (never) per SPEC 5.21.
type StrategyType uint8

// The strategy types of apps.openshift.io/v1.
const (
	StrategyUnset StrategyType = iota
	StrategyRecreate
	StrategyRolling
	StrategyCustom
)

var strategyNames = [...]string{"", "Recreate", "Rolling", "Custom"}

// String returns the exact wire spelling.
func (t StrategyType) String() string { return spell(t, strategyNames[:], "StrategyType") }

// ParseStrategyType reads spec.strategy.type; "" is StrategyUnset.
func ParseStrategyType(s string) (StrategyType, error) {
	return parseSpelling[StrategyType](s, strategyNames[:], 0, "strategy type", ErrMalformed)
}

// TriggerType is the type of one DeploymentConfig trigger.
type TriggerType uint8

// The trigger types of apps.openshift.io/v1.
const (
	TriggerUnset TriggerType = iota
	TriggerConfigChange
	TriggerImageChange
	// TriggerManual is the cause type the instantiate endpoint records in
	// status.details when a rollout is forced (oc rollout latest). In
	// spec.triggers it is a type no controller acts on, like TriggerOther.
	TriggerManual
	// TriggerOther is a type none of the spellings above, its text kept in
	// Cause.OtherType or Trigger.OtherType (SPEC 13.1): a cause another
	// writer recorded, or a trigger OpenShift's API server stores (it
	// requires only a non-empty type) and the controllers ignore.
	TriggerOther
)

var triggerNames = [...]string{"", "ConfigChange", "ImageChange", "Manual", ""}

// String returns the exact wire spelling; TriggerOther returns "" (the
// text lives in Cause.OtherType).
func (t TriggerType) String() string { return spell(t, triggerNames[:], "TriggerType") }

// ParseTriggerType reads a trigger's or a cause's type; anything but the
// three known spellings is an error.
func ParseTriggerType(s string) (TriggerType, error) {
	return parseSpelling[TriggerType](s, triggerNames[:TriggerOther], 1, "trigger type", ErrMalformed)
}

// ConditionType is the type of a DeploymentConfig condition (SPEC 1.5).
type ConditionType uint8

// The condition types; conditions in a status are kept in this order only
// when the set rule (SPEC 3.10) appends them so.
const (
	ConditionUnset ConditionType = iota
	ConditionAvailable
	ConditionProgressing
	ConditionReplicaFailure
	// ConditionOther is a condition of another writer's type (a gate's
	// Ready, say), its text kept in Condition.OtherType. Upstream's
	// condition types are strings: it keeps such conditions as they
	// stand, and so do the planners (SPEC 13.1).
	ConditionOther
)

var conditionTypeNames = [...]string{"", "Available", "Progressing", "ReplicaFailure", ""}

// String returns the exact wire spelling; ConditionOther returns "" (the
// text lives in Condition.OtherType).
func (t ConditionType) String() string { return spell(t, conditionTypeNames[:], "ConditionType") }

// ParseConditionType reads a condition's type: one of the three of SPEC
// 1.5, anything else is an error (the codec reads other types as
// ConditionOther).
func ParseConditionType(s string) (ConditionType, error) {
	return parseSpelling[ConditionType](s, conditionTypeNames[:ConditionOther], 1, "condition type", ErrMalformed)
}

// ConditionStatus is True, False or Unknown.
type ConditionStatus uint8

// The condition statuses.
const (
	// StatusUnset is the empty status, "" on the wire: a condition written
	// without one, which upstream carries as it stands.
	StatusUnset ConditionStatus = iota
	StatusTrue
	StatusFalse
	StatusUnknown
	// StatusOther is a status none of the above spell, its text kept in
	// Condition.OtherStatus (SPEC 13.1).
	StatusOther
)

var conditionStatusNames = [...]string{"", "True", "False", "Unknown", ""}

// String returns the exact wire spelling; StatusOther returns "" (the
// text lives in Condition.OtherStatus).
func (s ConditionStatus) String() string { return spell(s, conditionStatusNames[:], "ConditionStatus") }

// ParseConditionStatus reads a condition's status: True, False or
// Unknown, anything else is an error (the codec reads "" as StatusUnset
// and other texts as StatusOther).
func ParseConditionStatus(s string) (ConditionStatus, error) {
	return parseSpelling[ConditionStatus](s, conditionStatusNames[:StatusOther], 1, "condition status", ErrMalformed)
}

// ConditionReason is the machine token of a condition (SPEC 1.5). The zero
// value, ReasonNone, is the empty reason the Available condition and the
// Pending Progressing condition carry. Reasons written by other controllers
// decode to ReasonOther, with the text kept in Condition.OtherReason.
type ConditionReason uint8

// The condition reasons of SPEC 1.5.
const (
	ReasonNone ConditionReason = iota
	ReasonReplicationControllerUpdated
	ReasonReplicationControllerCreateError
	ReasonNewReplicationControllerCreated
	ReasonNewReplicationControllerAvailable
	ReasonProgressDeadlineExceeded
	ReasonDeploymentConfigPaused
	ReasonDeploymentConfigResumed
	ReasonRolloutCancelled
	ReasonOther
)

var conditionReasonNames = [...]string{
	"",
	"ReplicationControllerUpdated",
	"ReplicationControllerCreateError",
	"NewReplicationControllerCreated",
	"NewReplicationControllerAvailable",
	"ProgressDeadlineExceeded",
	"DeploymentConfigPaused",
	"DeploymentConfigResumed",
	"RolloutCancelled",
	"",
}

// String returns the exact wire spelling; ReasonOther returns "" (the text
// lives in Condition.OtherReason).
func (r ConditionReason) String() string { return spell(r, conditionReasonNames[:], "ConditionReason") }

// ParseConditionReason reads a condition's reason. Known tokens map to their
// constant, "" to ReasonNone, anything else to ReasonOther (never an error:
// conditions are shared with other writers).
func ParseConditionReason(s string) ConditionReason {
	if s == "" {
		return ReasonNone
	}
	for i, n := range conditionReasonNames {
		if i > 0 && n == s {
			return ConditionReason(i)
		}
	}
	return ReasonOther
}

// EventType is Normal or Warning.
type EventType uint8

// The event types of the Kubernetes API.
const (
	EventNormal EventType = iota
	EventWarning
)

// String returns "Normal" or "Warning".
func (t EventType) String() string {
	if t == EventWarning {
		return "Warning"
	}
	return "Normal"
}

// spell returns the spelling of v in names, or "Type(n)" when out of range.
func spell[T ~uint8](v T, names []string, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// parseSpelling returns the value whose spelling in names, from index first
// on, is s; otherwise an error wrapping sentinel that quotes s.
func parseSpelling[T ~uint8](s string, names []string, first int, what string, sentinel error) (T, error) {
	for i := first; i < len(names); i++ {
		if names[i] == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("%w: unknown %s %q", sentinel, what, s)
}

// WaitReason says why a plan stops short of the fixed point: the world
// must change (a pod must appear, a rollout must end, a cache catch up)
// before the planner can go on, or an earlier write failed. Some waits
// come with the error upstream's handler returns (Plan.Message: always
// for WaitRetry, and for WaitCancellation, WaitDeployer and
// WaitConfigDecode where upstream returns one). The zero value, WaitNone,
// means the plan is all there is to do now.
type WaitReason uint8

// The wait reasons. Each names the SPEC rule that produces it.
const (
	WaitNone WaitReason = iota
	// WaitCancellation: older rollouts are in flight and must terminate
	// before a new RC is created (SPEC 3.2.8, 3.4).
	WaitCancellation
	// WaitDeployer: the deployer pod of a Pending RC is not visible yet;
	// retry until the requeue budget runs out (SPEC 4.3.pending.1).
	WaitDeployer
	// WaitImages: an ImageChange trigger has no lastTriggeredImage yet, or
	// a template image is empty (SPEC 3.2.9, 3.5.3).
	WaitImages
	// WaitStaleCache: the RC the plan wanted to create already exists and
	// is ours (SPEC 3.2.12), the cache does not show yet an RC the DC
	// controller created or deleted (Snapshot.Unobserved, Undeleted: SPEC
	// 3.2.12.expect, 3.7.expect), or the deployer pod of the RC exists on
	// the server but not in the snapshot (SPEC 4.2.expect; the oldest
	// deployer's create that met AlreadyExists, 7.22), or the snapshot
	// still shows the deployer pod a retry deleted (SPEC
	// 4.2.expect.retry) or the deployer deleted (Snapshot.Undeleted, SPEC
	// 4.2.expect.delete); the cache must catch up.
	WaitStaleCache
	// WaitConfigDecode: an RC's encoded-deployment-config annotation is
	// missing or does not decode, so the deployer cannot go on (SPEC
	// 4.3.new.2), or the DC controller cannot evaluate the triggers
	// against the latest RC (SPEC 3.2.10).
	WaitConfigDecode
	// WaitRetry: a write of an earlier pass failed and upstream would
	// requeue the item with backoff (SPEC 1.7).
	WaitRetry
	// WaitStatusLag: latestVersion was bumped by one and the next pass
	// goes on from there (SPEC 3.2.7, 3.2.10).
	WaitStatusLag
)

var waitNames = [...]string{"", "cancellation", "deployer", "images", "stale-cache", "config-decode", "retry", "status-lag"}

// String returns the short token Describe prints.
func (w WaitReason) String() string { return spell(w, waitNames[:], "WaitReason") }

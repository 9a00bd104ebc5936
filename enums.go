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
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "Phase(" + strconv.Itoa(int(p)) + ")"
}

// Terminal reports whether p is Complete or Failed (SPEC 2.1,
// IsTerminatedDeployment).
func (p Phase) Terminal() bool { return p == PhaseComplete || p == PhaseFailed }

// ParsePhase reads a phase annotation value. The empty string is
// PhaseUnknown; anything but the five exact spellings is an error.
func ParsePhase(s string) (Phase, error) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), nil
		}
	}
	return PhaseUnknown, fmt.Errorf("%w: unknown deployment phase %q", ErrMalformed, s)
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
func (p PodPhase) String() string {
	if int(p) < len(podPhaseNames) {
		return podPhaseNames[p]
	}
	return "PodPhase(" + strconv.Itoa(int(p)) + ")"
}

// ParsePodPhase reads a pod's status.phase. The empty string is
// PodPhaseUnset; an unrecognised value is an error.
func ParsePodPhase(s string) (PodPhase, error) {
	for i, n := range podPhaseNames {
		if n == s {
			return PodPhase(i), nil
		}
	}
	return PodPhaseUnset, fmt.Errorf("%w: unknown pod phase %q", ErrMalformed, s)
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
func (t StrategyType) String() string {
	if int(t) < len(strategyNames) {
		return strategyNames[t]
	}
	return "StrategyType(" + strconv.Itoa(int(t)) + ")"
}

// ParseStrategyType reads spec.strategy.type; "" is StrategyUnset.
func ParseStrategyType(s string) (StrategyType, error) {
	for i, n := range strategyNames {
		if n == s {
			return StrategyType(i), nil
		}
	}
	return StrategyUnset, fmt.Errorf("%w: unknown strategy type %q", ErrMalformed, s)
}

// TriggerType is the type of one DeploymentConfig trigger.
type TriggerType uint8

// The trigger types of apps.openshift.io/v1.
const (
	TriggerUnset TriggerType = iota
	TriggerConfigChange
	TriggerImageChange
	// TriggerManual is a cause type only, never a trigger of spec.triggers
	// (Validate rejects it there): the instantiate endpoint records it in
	// status.details when a rollout is forced (oc rollout latest).
	TriggerManual
)

var triggerNames = [...]string{"", "ConfigChange", "ImageChange", "Manual"}

// String returns the exact wire spelling.
func (t TriggerType) String() string {
	if int(t) < len(triggerNames) {
		return triggerNames[t]
	}
	return "TriggerType(" + strconv.Itoa(int(t)) + ")"
}

// ParseTriggerType reads a trigger's or a cause's type; anything but the
// three known spellings is an error.
func ParseTriggerType(s string) (TriggerType, error) {
	for i, n := range triggerNames {
		if i > 0 && n == s {
			return TriggerType(i), nil
		}
	}
	return TriggerUnset, fmt.Errorf("%w: unknown trigger type %q", ErrMalformed, s)
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
)

var conditionTypeNames = [...]string{"", "Available", "Progressing", "ReplicaFailure"}

// String returns the exact wire spelling.
func (t ConditionType) String() string {
	if int(t) < len(conditionTypeNames) {
		return conditionTypeNames[t]
	}
	return "ConditionType(" + strconv.Itoa(int(t)) + ")"
}

// ParseConditionType reads a condition's type.
func ParseConditionType(s string) (ConditionType, error) {
	for i, n := range conditionTypeNames {
		if i > 0 && n == s {
			return ConditionType(i), nil
		}
	}
	return ConditionUnset, fmt.Errorf("%w: unknown condition type %q", ErrMalformed, s)
}

// ConditionStatus is True, False or Unknown.
type ConditionStatus uint8

// The condition statuses.
const (
	StatusUnset ConditionStatus = iota
	StatusTrue
	StatusFalse
	StatusUnknown
)

var conditionStatusNames = [...]string{"", "True", "False", "Unknown"}

// String returns the exact wire spelling.
func (s ConditionStatus) String() string {
	if int(s) < len(conditionStatusNames) {
		return conditionStatusNames[s]
	}
	return "ConditionStatus(" + strconv.Itoa(int(s)) + ")"
}

// ParseConditionStatus reads a condition's status.
func ParseConditionStatus(s string) (ConditionStatus, error) {
	for i, n := range conditionStatusNames {
		if i > 0 && n == s {
			return ConditionStatus(i), nil
		}
	}
	return StatusUnset, fmt.Errorf("%w: unknown condition status %q", ErrMalformed, s)
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
func (r ConditionReason) String() string {
	if int(r) < len(conditionReasonNames) {
		return conditionReasonNames[r]
	}
	return "ConditionReason(" + strconv.Itoa(int(r)) + ")"
}

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

// Profile selects which generation of upstream behaviour a planner
// reproduces (SPEC 11). The zero value is Modern.
type Profile uint8

// The behaviour profiles of SPEC 11.
const (
	// Modern is modern upstream with the accidents of SPEC 10 items 2, 3,
	// 4, 10, 12 and 13 corrected. The default.
	Modern Profile = iota
	// Exact is modern upstream byte for byte, accidents included.
	Exact
	// Origin is the 2016-2017 seed era (SPEC 7), later seed variant
	// wherever the seeds differ.
	Origin
)

var profileNames = [...]string{"Modern", "Exact", "Origin"}

// String returns "Modern", "Exact" or "Origin".
func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return "Profile(" + strconv.Itoa(int(p)) + ")"
}

// ParseProfile reads a profile name as String prints it.
func ParseProfile(s string) (Profile, error) {
	for i, n := range profileNames {
		if n == s {
			return Profile(i), nil
		}
	}
	return Modern, fmt.Errorf("%w: unknown profile %q", ErrInvalidSettings, s)
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

// WaitReason says why a plan stops short of the fixed point without any
// error: the world must change (a pod must appear, a rollout must end) before
// the planner can go on. The zero value, WaitNone, means the plan is all
// there is to do now.
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
	// is ours; the cache must catch up (SPEC 3.2.12).
	WaitStaleCache
	// WaitConfigDecode: the RC's encoded-deployment-config annotation is
	// missing, so the deployer cannot go on (SPEC 4.3.new.2).
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
func (w WaitReason) String() string {
	if int(w) < len(waitNames) {
		return waitNames[w]
	}
	return "WaitReason(" + strconv.Itoa(int(w)) + ")"
}

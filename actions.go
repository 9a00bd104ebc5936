package dcplan

import "time"

// Rule is the id of the rule that produced an action, e.g. "3.2.8" or
// "4.3.pending.1" (the ids that "SPEC <id>" cites). Describe prints it;
// tests name it. docs/rules.md, the repository's rule index, says in one
// line what each rule decides and which files decide and test it.
type Rule string

// Adopt sets the DC as controller owner of an orphan RC (SPEC 3.3.2): the
// patch sets metadata.ownerReferences to one controller reference, with the
// RC's UID as precondition.
type Adopt struct {
	Rule      Rule
	RC        string
	RCUID     string
	Config    string
	ConfigUID string
	// Live marks the claim of the live RC a create of the same name met
	// already existing (SPEC 3.2.12): it is sent right after that create,
	// as upstream sends it, not with the other claims.
	Live bool
}

// Release removes the DC's owner reference from an RC whose labels no longer
// match (SPEC 3.3.1). NotFound and Invalid answers are success.
type Release struct {
	Rule      Rule
	RC        string
	RCUID     string
	ConfigUID string
	// Live: as for Adopt.
	Live bool
}

// ConfigUpdate changes the DC's spec (not its status). Each Set flag names a
// field to write; From is the value the planner saw, for conflict detection.
type ConfigUpdate struct {
	Rule   Rule
	Config string
	// SetReplicas writes spec.replicas (the Origin replica sync, SPEC 3.11).
	SetReplicas  bool
	ReplicasFrom Replicas
	ReplicasTo   Replicas
	// SetSelector writes spec.selector (rollback with scaling settings);
	// Selector is sorted by key.
	SetSelector bool
	Selector    []KeyValue
	// SetPaused writes spec.paused (pause / resume).
	SetPaused  bool
	PausedFrom bool
	PausedTo   bool
	// SetTemplate writes spec.template (rollback) from Template.Raw.
	SetTemplate  bool
	TemplateFrom string // hash of the template seen
	Template     Template
	// SetTriggers writes spec.triggers (rollback can disable image-change
	// triggers or carry the old ones).
	SetTriggers bool
	Triggers    []Trigger
	// TriggersRC, with SetTriggers, names the RC whose encoded DC
	// Triggers were copied from (a rollback with --change-triggers): the
	// write sends that DC's own trigger elements, with Triggers written
	// over them, as the rollback generator copies the revision's triggers
	// whole, members the library does not model included. "" when
	// Triggers are the DC's own.
	TriggersRC string
	// SetStrategy writes spec.strategy (rollback with strategy): the typed
	// Strategy, and when Strategy.Raw is set that whole object.
	SetStrategy bool
	Strategy    Strategy
	// SetLatestVersion writes status.latestVersion in the same update of
	// the DC: the API server keeps a client-set latestVersion that is one
	// more than the stored one (rollback, and the bump of oc's rollout
	// latest on a server without the instantiate endpoint, SPEC 6.4,
	// 6m.4a). LatestVersionFrom is the value seen.
	SetLatestVersion  bool
	LatestVersionFrom Version
	LatestVersionTo   Version
	// Patch sends the change as oc rollout pause and resume do, a
	// strategic-merge patch of the fields it changes (SPEC 6m.7.5);
	// otherwise it is an update of the DC as read.
	Patch bool
}

// Instantiate asks the API server's instantiate subresource for a new
// rollout of the DC (SPEC 6.3, 6.4, 6m.3): the server resolves the
// triggers when Latest, records the causes ("manual change" when Force),
// and moves status.latestVersion one up. A server without the endpoint
// answers NotFound or Forbidden, and oc falls back to bumping
// latestVersion itself (a ConfigUpdate with SetLatestVersion).
type Instantiate struct {
	Rule   Rule
	Config string
	Latest bool
	Force  bool
}

// DeployerPod is the full description of a deployer pod to create (SPEC
// 4.5). The codec turns it into Kubernetes JSON (EncodePod).
type DeployerPod struct {
	Namespace string
	Name      string
	RC        string
	RCUID     string
	// Unowned is true for a pod that carries no owner reference to its RC
	// (the seed era's deployer pod, SPEC 7 row 31); otherwise the pod is
	// owned by RC (uid RCUID).
	Unowned bool
	// SeedSpec is true for the seed era's pod spec (SPEC 7 row 31, which
	// lists them as modern additions): no terminationGracePeriodSeconds,
	// shareProcessNamespace or terminationMessagePolicy; otherwise the
	// codec writes 10, false and FallbackToLogsOnError.
	SeedSpec   bool
	ConfigName string
	Image      string
	Command    []string
	Env        []EnvVar
	// Resources is strategy.resources JSON, canonical; nil means {}.
	Resources RawJSON
	// ActiveDeadlineSeconds is spec.activeDeadlineSeconds, which the pod
	// always carries (SPEC 4.5, 7 row 31), 0 included.
	ActiveDeadlineSeconds int64
	ServiceAccount        string
	// Labels and Annotations are the complete maps, sorted by key.
	Labels      []KeyValue
	Annotations []KeyValue
	// CopyFields names the fields of the RC's pod template spec that the
	// pod copies (SPEC 4.5, 7 row 31); package wire copies them when it
	// renders the pod.
	CopyFields TemplateFields
}

// CreatePod creates a deployer pod (SPEC 4.3.new.4).
type CreatePod struct {
	Rule Rule
	Pod  DeployerPod
}

// SetPodOwner adds the RC as owner of a deployer or hook pod that has no
// owner references at all (SPEC 4.6).
type SetPodOwner struct {
	Rule  Rule
	Pod   string
	RC    string
	RCUID string
}

// SetPodDeadline sets spec.activeDeadlineSeconds of a deployer or hook pod
// (the oldest Origin cancel, SPEC 2.3 / 7 row 25). HadDeadline and From are
// what the planner saw.
type SetPodDeadline struct {
	Rule        Rule
	Pod         string
	HadDeadline bool
	From        int64
	To          int64
}

// DeletePod deletes a deployer or hook pod. GracePeriodZero asks for
// gracePeriodSeconds 0 (oc retry, SPEC 6.2.5, 6m.2.3.6). A plan's pod
// deletes are all tried and their failures reported together (SPEC 4.6,
// 6m.2.3.6) unless one is StopOnFailure: the seed-era retry stops at the
// first failed delete (SPEC 6.2.5).
type DeletePod struct {
	Rule            Rule
	Pod             string
	RC              string
	GracePeriodZero bool
	StopOnFailure   bool
}

// CreateRC creates a new rollout (SPEC 3.8). Deployment is the complete RC;
// its Encoded field is the DC being serialised into the
// encoded-deployment-config annotation.
type CreateRC struct {
	Rule       Rule
	Deployment Deployment
}

// Cancel marks an in-flight RC cancelled: cancelled=true and status-reason
// Reason (SPEC 2.3, 3.4, 6.1). Phase is what the planner saw.
type Cancel struct {
	Rule    Rule
	RC      string
	Version Version
	Phase   Phase
	Reason  string
	// ByUser marks the cancel of an oc command (SPEC 6.1, 6m.1.3.5): it
	// is sent once (the controller's cancel is retried on Conflict), and
	// every in-flight RC is tried even after one fails.
	ByUser bool
	// Patch sends it as today's oc does, a strategic-merge patch of the
	// two annotations (SPEC 6m.1.3.5); otherwise it is an update of the
	// RC as read.
	Patch bool
	// Reclaim marks the controller's cancel of an orphan this plan adopts
	// when upstream re-claims the RC before each update attempt and so
	// sends the adoption patch again each time (SPEC 3.3.reclaim, the
	// ReclaimEachAttempt switch).
	Reclaim bool
	// Once sends the controller's cancel once, not retried on Conflict
	// (the oldest seed, SPEC 3.11, the CancelWithoutRetry switch).
	Once bool
}

// Scale sets an RC's spec.replicas (SPEC 3.6). With SyncAnnotation it also
// writes openshift.io/deployment.replicas = To (Origin replica sync, 3.11).
type Scale struct {
	Rule           Rule
	RC             string
	Version        Version
	From           Replicas
	To             Replicas
	SyncAnnotation bool
	// Reclaim marks the scale of an orphan this plan adopts when upstream
	// re-claims the RC before each update attempt and so sends the
	// adoption patch again each time (SPEC 3.3.reclaim, the
	// ReclaimEachAttempt switch).
	Reclaim bool
}

// Transition moves an RC from one phase to another and writes the
// annotation changes that go with it, in one RC update (SPEC 4.4, 6.2).
// From is the phase the planner saw: adapters use it as precondition.
type Transition struct {
	Rule    Rule
	RC      string
	Version Version
	From    Phase
	To      Phase
	// SetReason writes status-reason = Reason.
	SetReason bool
	Reason    string
	// ClearCancel removes the cancelled and status-reason annotations
	// (cancel raced by success; retry). It is applied before SetReason.
	ClearCancel bool
	// DeployerPod, when non-empty, writes openshift.io/deployer-pod.name.
	DeployerPod string
	// CreatedAt, StartedAt and CompletedAt, when non-zero, write the
	// informational deployer pod timestamps.
	CreatedAt   time.Time
	StartedAt   time.Time
	CompletedAt time.Time
	// Completed writes completed-at even when CompletedAt is zero: the
	// deployer pod has a terminated container that carries no finishedAt,
	// and upstream then writes the zero time
	// ("0001-01-01 00:00:00 +0000 UTC", SPEC 1.1, 2.2).
	Completed bool
	// RetriedAt, when non-zero, writes dcplan.io/retried-at (Modern's
	// retry, SPEC 4.3.new.3.retry).
	RetriedAt time.Time
	// RetriedPod, when not "", writes dcplan.io/retried-pod: the uid of
	// the deployer pod the retry deleted (Modern's retry, SPEC
	// 4.2.expect.retry).
	RetriedPod string
	// CommitDesired moves the desired-replicas annotation into
	// openshift.io/deployment.replicas (the empty string if absent) and
	// removes desired-replicas (SPEC 2.2, pod Succeeded). Desired is the
	// value seen, for Describe.
	CommitDesired bool
	Desired       Replicas
	// SyncDesired copies the desired-replicas annotation into
	// openshift.io/deployment.replicas and keeps desired-replicas (the
	// seed deployer-pod controller on a Failed RC, SPEC 12,
	// SeedReplicasAnnotation). Desired is the value seen.
	SyncDesired bool
	// ScaleToZero sets spec.replicas to 0 (test DCs entering a terminal
	// phase, SPEC 2.4); ReplicasFrom is the count seen.
	ScaleToZero  bool
	ReplicasFrom Replicas
	// Patch sends the change as today's oc rollout retry does, a
	// strategic-merge patch of the fields it changes (SPEC 6m.2.3.7);
	// otherwise it is an update of the RC as read.
	Patch bool
}

// DeleteRC deletes an RC with propagation policy Background (SPEC 3.7.5).
// NotFound is success.
type DeleteRC struct {
	Rule     Rule
	RC       string
	Version  Version
	Replicas Replicas
	// IfUnchanged makes the delete carry the RC's uid and resourceVersion
	// as the snapshot holds them as preconditions, so that the server
	// refuses it (Conflict) when the RC changed since it was read
	// (SPEC 3.7.5.unchanged; unless UnconditionalDeletes).
	IfUnchanged bool
	// WithoutOptions sends the delete without options, so the server's
	// default propagation applies (orphan, for a v1 RC), as the
	// replica-sync seeds did (SPEC 7 row 11, the ReplicaSync switch);
	// otherwise it carries Background propagation.
	WithoutOptions bool
}

// StatusUpdate writes a DC's status: From is the status seen, To the
// status wanted (SPEC 3.9).
type StatusUpdate struct {
	Rule   Rule
	Config string
	From   ConfigStatus
	To     ConfigStatus
	// RecordsDetails is true when the write records the details of a
	// trigger that fired (SPEC 3.5): To.Details replace status.details
	// whole, built afresh as upstream builds them, even when they read the
	// same as the details they replace. Otherwise the details are the DC's
	// own, kept as read.
	RecordsDetails bool
}

// ObjectRef names the object an event is about.
type ObjectRef struct {
	Kind      string // "DeploymentConfig" or "ReplicationController"
	Namespace string
	Name      string
	// UID is the object's uid as the recording controller holds it (for a
	// deployer event on the DC, the uid of the DC encoded in the RC); ""
	// when unknown. It becomes the event's involvedObject.uid.
	UID string
}

// Event is a Kubernetes event a controller records (SPEC 1.6).
type Event struct {
	Rule    Rule
	Object  ObjectRef
	Type    EventType
	Reason  string
	Message string
	// After places the event among the plan's writes, where upstream
	// records it (SPEC 13.1: an event due before a write is recorded even
	// when that write then fails): right after the action it names, or
	// before every write when it is AtStart. The zero ActionRef means after
	// every write, at the end of the pass.
	After ActionRef
}

// AtStart returns the Event.After of an event recorded before any write
// of the plan. It is a function, not a variable, so that no caller can
// change what every plan means by it.
func AtStart() ActionRef { return ActionRef{Kind: ActionNone, Index: -1} }

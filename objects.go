package dcplan

import "time"

// RawJSON is JSON the library carries without interpreting it: canonical
// bytes (keys sorted, no insignificant space, strings escaped as
// encoding/json escapes them) that package wire writes and reads. The
// vocabulary never parses it; equal values are equal bytes.
type RawJSON []byte

// Version is the rollout number of an RC: the integer in its
// openshift.io/deployment-config.latest-version annotation, and the DC's
// status.latestVersion.
type Version int64

// NoVersion is the version of an RC whose latest-version annotation is
// missing or not a decimal integer: -1, as upstream's DeploymentVersionFor
// reads it (SPEC 5.1). Such an RC (one created by hand with the DC's
// label, say) is a world clusters hold (SPEC 13.1): it is never the latest
// rollout nor the active one (SPEC 5.5), and it is older than every
// rollout.
const NoVersion Version = -1

// Replicas is a replica count (spec.replicas and the status counters).
type Replicas int32

// KeyValue is one label, annotation or selector entry. Lists of them are
// kept sorted by Key, so two equal maps give equal slices.
type KeyValue struct {
	Key   string
	Value string
}

// EnvVar is one environment variable of the deployer container. ValueFrom,
// when the variable is not a plain value, is its valueFrom JSON, carried
// untouched.
type EnvVar struct {
	Name      string
	Value     string
	ValueFrom RawJSON
}

// OwnerRef is one entry of metadata.ownerReferences.
type OwnerRef struct {
	UID                string
	APIVersion         string
	Kind               string
	Name               string
	Controller         bool
	BlockOwnerDeletion bool
}

// Container is what the planners read of one container of a pod template:
// its name and image (image-change detection, SPEC 3.5.5).
type Container struct {
	Name  string
	Image string
}

// Template is a pod template as the planners see it. The rest of it travels
// untouched in Raw.
//
// Invariant: Hash is the identity of Raw in canonical form; two templates
// are equal (for the config-change trigger, SPEC 3.5.6) iff their hashes are.
type Template struct {
	// Containers lists spec.containers in template order.
	Containers []Container
	// Labels are metadata.labels, sorted by key, as decoded (what `oc
	// rollout undo --dry-run` describes). Encoders write the template
	// from Raw and Containers; Labels is for reading.
	Labels []KeyValue
	// Hash identifies the canonical form of the whole template
	// (metadata and spec). Empty when there is no template.
	Hash string
	// Raw is the template JSON, canonical (keys sorted, no insignificant
	// space). Nil when the object has no template.
	Raw RawJSON
}

// Fencepost is a rolling parameter (maxSurge, maxUnavailable) that is either
// an integer or a string percentage (SPEC 5.16).
type Fencepost struct {
	// Set is false when the parameter is absent (nil upstream).
	Set bool
	// IsString is true for string values such as "25%" (and "25", which
	// upstream also reads as a percentage).
	IsString bool
	Int      int32
	Str      string
}

// Strategy is what the planners read of spec.strategy.
type Strategy struct {
	Type StrategyType
	// HasParams is true when the rollingParams (Rolling) or recreateParams
	// (Recreate) object is present. Validate requires it for those types.
	HasParams bool
	// TimeoutSeconds is rollingParams/recreateParams.timeoutSeconds;
	// HasTimeout is false when absent (default 600, SPEC 5.21).
	TimeoutSeconds int64
	HasTimeout     bool
	MaxSurge       Fencepost
	MaxUnavailable Fencepost
	// ActiveDeadlineSeconds is spec.strategy.activeDeadlineSeconds, when
	// HasActiveDeadline (deployer pod default 21600, SPEC 1.8).
	ActiveDeadlineSeconds int64
	HasActiveDeadline     bool
	// CustomImage, CustomCommand and CustomEnv are customParams.image,
	// .command and .environment (honoured for every type, SPEC 4.5).
	CustomImage   string
	CustomCommand []string
	CustomEnv     []EnvVar
	// Resources is spec.strategy.resources JSON, canonical; nil if absent.
	Resources RawJSON
	// Labels and Annotations are spec.strategy.labels / .annotations,
	// merged into the deployer pod without overwriting (SPEC 4.5).
	Labels      []KeyValue
	Annotations []KeyValue
	// Raw is the whole spec.strategy object, canonical, as decoded; nil
	// when the Config was built by hand (encoders then work from the typed
	// fields above). A rollback that restores an old strategy carries it
	// whole, so fields the planners never read (hooks, custom parameters
	// beyond the ones above) come back too.
	Raw RawJSON
}

// Trigger is one entry of spec.triggers.
type Trigger struct {
	Type TriggerType
	// OtherType is the type as written when Type is TriggerOther: a type
	// OpenShift's API server stores (it requires only a non-empty one) but
	// no controller acts on; "" otherwise. See TypeText.
	OtherType string
	// The fields below are imageChangeParams; zero for ConfigChange.
	Automatic          bool
	ContainerNames     []string
	FromKind           string
	FromNamespace      string
	FromName           string
	LastTriggeredImage string
}

// Cause is one entry of status.details.causes.
type Cause struct {
	Type TriggerType
	// OtherType is the type as written when Type is TriggerOther; ""
	// otherwise. See TypeText.
	OtherType string
	// Image is imageTrigger.from.name for ImageChange causes.
	Image string
	// FromKind and FromNamespace are imageTrigger.from.kind and .namespace:
	// "DockerImage" for the causes the DC controller records, the trigger's
	// own reference (e.g. ImageStreamTag) for the instantiate endpoint's
	// (SPEC 11a item 11).
	FromKind      string
	FromNamespace string
}

// Details is status.details: the message and causes of the last trigger.
// The zero value is "no details".
type Details struct {
	Message string
	Causes  []Cause
}

// Condition is one entry of a DC's status.conditions.
type Condition struct {
	Type   ConditionType
	Status ConditionStatus
	Reason ConditionReason
	// OtherType is the type text when Type is ConditionOther, OtherStatus
	// the status text when Status is StatusOther; "" otherwise. See
	// TypeText and StatusText.
	OtherType   string
	OtherStatus string
	// OtherReason is the reason text when Reason is ReasonOther.
	OtherReason        string
	Message            string
	LastUpdateTime     time.Time
	LastTransitionTime time.Time
}

// TypeText returns the type as written: the spelling of Type, or for
// TriggerOther the text kept in OtherType.
func (t Trigger) TypeText() string {
	if t.Type == TriggerOther {
		return t.OtherType
	}
	return t.Type.String()
}

// TypeText returns the type as written: the spelling of Type, or for
// TriggerOther the text kept in OtherType.
func (c Cause) TypeText() string {
	if c.Type == TriggerOther {
		return c.OtherType
	}
	return c.Type.String()
}

// TypeText returns the type as written: the spelling of Type, or for
// ConditionOther the text kept in OtherType.
func (c Condition) TypeText() string {
	if c.Type == ConditionOther {
		return c.OtherType
	}
	return c.Type.String()
}

// StatusText returns the status as written: the spelling of Status, or
// for StatusOther the text kept in OtherStatus.
func (c Condition) StatusText() string {
	if c.Status == StatusOther {
		return c.OtherStatus
	}
	return c.Status.String()
}

// ReasonText returns the reason as written: the spelling of Reason, or
// for ReasonOther the text kept in OtherReason.
func (c Condition) ReasonText() string {
	if c.Reason == ReasonOther {
		return c.OtherReason
	}
	return c.Reason.String()
}

// ConfigStatus is a DC's status (SPEC 3.9).
type ConfigStatus struct {
	LatestVersion       Version
	ObservedGeneration  int64
	Replicas            Replicas
	UpdatedReplicas     Replicas
	AvailableReplicas   Replicas
	UnavailableReplicas Replicas
	ReadyReplicas       Replicas
	Details             Details
	Conditions          []Condition
}

// Config is a DeploymentConfig as the planners read it.
//
// Fields are ordered for the planners rather than as in the API: those
// read on every pass come first, so that a pass touches few cache lines
// per object.
type Config struct {
	Namespace  string
	Name       string
	UID        string
	Generation int64
	Replicas   Replicas
	// RevisionHistoryLimit applies only when HasRevisionHistoryLimit
	// (SPEC 3.7.1: unset means keep everything).
	RevisionHistoryLimit    int32
	HasRevisionHistoryLimit bool
	Test                    bool
	Paused                  bool
	// Deleting is true when metadata.deletionTimestamp is set.
	Deleting bool
	// IgnoreDeployerPod is true when the DC carries the
	// deploy.openshift.io/deployer-pod.ignore annotation (any value, kept
	// in IgnoreDeployerPodValue) which new RCs inherit.
	IgnoreDeployerPod bool
	MinReadySeconds   int32
	Triggers          []Trigger
	Status            ConfigStatus
	Strategy          Strategy

	ResourceVersion        string
	IgnoreDeployerPodValue string
	// Labels are metadata.labels, copied to every new RC (SPEC 3.8).
	Labels []KeyValue
	// Selector is spec.selector, sorted by key.
	Selector []KeyValue
	Template Template

	// Raw is the whole DC JSON as read, canonical. It is what the
	// encoded-deployment-config annotation of a new RC serialises (SPEC
	// 3.8), and what a write of the DC sends with the write's change
	// (wire.Requests): the typed fields are a view of it, and a caller
	// that edits them re-encodes it (wire.Reencoded). Nil when the Config
	// was built by hand; encoders then work from the typed fields.
	Raw RawJSON
}

// Deployment is one ReplicationController (one rollout) as the planners read
// it.
//
// Fields are ordered for the planners: what every pass reads of every RC
// (identity, version, phase, counts, ownership) comes first.
type Deployment struct {
	Name      string
	Namespace string
	// Version is the latest-version annotation; NoVersion when it is
	// missing or not a decimal integer. Versions of 0 or less are never a
	// rollout the DC looks up (SPEC 5.1, 5.5, 5.6).
	Version Version
	// Replicas is spec.replicas (absent reads 0, SPEC 3.6.2).
	Replicas Replicas
	// Status counters (SPEC 3.9).
	StatusReplicas    Replicas
	ReadyReplicas     Replicas
	AvailableReplicas Replicas
	// DesiredReplicas is kubectl.kubernetes.io/desired-replicas, when
	// HasDesiredReplicas.
	DesiredReplicas Replicas
	// SyncedReplicas is openshift.io/deployment.replicas, when
	// HasSyncedReplicas ("last replica count set by the deployment
	// process", SPEC 1.1).
	SyncedReplicas Replicas
	Phase          Phase
	// PhaseSpelling is the phase annotation as written when it is present
	// but none of the five spellings (Phase is then PhaseUnknown): a
	// hand edit such as `Bogus`, which oc prints as it stands (SPEC
	// 13.1, which overrides SPEC 11a.7: the RC is planned, never refused);
	// "" otherwise. See PhaseText.
	PhaseSpelling      string
	Cancelled          bool
	HasDesiredReplicas bool
	HasSyncedReplicas  bool
	// UnreadDesiredReplicas reports that the desired-replicas annotation
	// is present but not a base-10 int32 (a hand edit; "" included), so
	// HasDesiredReplicas is false: the planners read no desired count, as
	// upstream does, but a success still moves the annotation's text into
	// openshift.io/deployment.replicas (SPEC 2.2, which copies strings).
	// False whenever HasDesiredReplicas is true.
	UnreadDesiredReplicas bool
	// Deleting is true when metadata.deletionTimestamp is set.
	Deleting bool
	// HasController is false for an orphan (SPEC 3.3); Controller is then
	// zero.
	HasController bool
	// IgnoreDeployerPod is true when the RC carries the
	// deploy.openshift.io/deployer-pod.ignore annotation (SPEC 4.3.new.4).
	IgnoreDeployerPod bool
	// ConfigLabel is the openshift.io/deployment-config.name label (the
	// DC's selector for its RCs, SPEC 1.2); "" when absent.
	ConfigLabel string
	// Controller is the controller owner reference.
	Controller OwnerRef

	UID             string
	ResourceVersion string
	// ConfigName is the openshift.io/deployment-config.name annotation
	// (SPEC 5.12 IsOwnedByConfig); "" when absent or empty.
	ConfigName string
	// EmptyConfigName reports that the deployment-config.name annotation
	// is present with an empty value. The deployer controller's informer
	// queues an RC on its own changes by the annotation's presence, not
	// its value (SPEC 4.7, 5.12 IsOwnedByConfig, 13.1), so such an RC is
	// queued like one that names its DC (phase.StepAll steps it); an RC
	// without the annotation is queued only by its pods' changes. False
	// whenever ConfigName is set.
	EmptyConfigName bool
	// Reason is the status-reason annotation ("" when absent).
	Reason string
	// DeployerPodName is the openshift.io/deployer-pod.name annotation.
	DeployerPodName string
	// CreationTime is metadata.creationTimestamp; zero when absent.
	CreationTime time.Time
	// Informational deployer pod timestamps (SPEC 1.1); zero when absent.
	CreatedAt   time.Time
	StartedAt   time.Time
	CompletedAt time.Time
	// RetriedAt is the dcplan.io/retried-at annotation: when Modern's
	// retry reset the RC to New (SPEC 4.3.new.3.retry); zero when absent.
	RetriedAt time.Time
	// RetriedPod is the dcplan.io/retried-pod annotation: the uid of the
	// deployer pod Modern's retry deleted (SPEC 4.2.expect.retry); ""
	// when absent.
	RetriedPod string

	// Encoded is the DC of the openshift.io/encoded-deployment-config
	// annotation (SPEC 3.5.6, 2.4), the DC as it was when the RC was
	// made, decoded by the codec; nil when the annotation is absent or
	// does not decode (EncodedProblem then says why).
	Encoded *Config
	// EncodedProblem says, in upstream's words, why the annotation,
	// present, does not decode (e.g. `couldn't get version/kind; json
	// parse error: unexpected end of JSON input`); "" when it decodes or
	// is absent. Such an RC is a world clusters hold (SPEC 13.1), planned
	// as upstream plans it.
	EncodedProblem string

	// Template is the RC's own pod template.
	Template Template

	// Raw is the whole RC JSON as read, canonical; nil when built by
	// hand. A write of the RC sends it with the write's change
	// (wire.Requests); encoders overlay the typed fields above onto it, so
	// everything the planners do not read (other labels and annotations,
	// selector, status extras) survives a decode/encode round trip. The
	// planners never read it.
	Raw RawJSON
}

// PhaseText returns the phase as oc prints it: the spelling of Phase, or
// for PhaseUnknown the annotation as written (PhaseSpelling, "" when
// absent).
func (d *Deployment) PhaseText() string { return d.Phase.Text(d.PhaseSpelling) }

// Text returns the phase annotation as written: p's spelling, or for
// PhaseUnknown spelling, the annotation's own text ("" when absent). It
// is PhaseText for values that carry a phase and its spelling apart from
// a Deployment.
func (p Phase) Text(spelling string) string {
	if p == PhaseUnknown {
		return spelling
	}
	return p.String()
}

// HasEncoded reports whether d carries the encoded-deployment-config
// annotation, decodable or not.
func (d *Deployment) HasEncoded() bool { return d.Encoded != nil || d.EncodedProblem != "" }

// ContainerStatus is what the planners read of one container status of a
// pod (SPEC 1.1 completed-at, SPEC 7 row 29 exit codes).
type ContainerStatus struct {
	Name string
	// Terminated is true when state.terminated is set; ExitCode and
	// FinishedAt are then its fields.
	Terminated bool
	ExitCode   int32
	FinishedAt time.Time
}

// Pod is a deployer, hook or unrelated pod as the planners read it.
type Pod struct {
	Namespace       string
	Name            string
	UID             string
	ResourceVersion string
	CreationTime    time.Time
	// StartTime is status.startTime; zero when absent.
	StartTime time.Time
	Deleting  bool
	Phase     PodPhase
	// DeploymentName is the openshift.io/deployment.name annotation: the
	// RC this pod deploys ("related", SPEC 1.1).
	DeploymentName string
	// DeployerFor is the openshift.io/deployer-pod-for.name label (SPEC 1.2).
	DeployerFor string
	// Owners is metadata.ownerReferences in object order.
	Owners []OwnerRef
	// ActiveDeadlineSeconds is spec.activeDeadlineSeconds when
	// HasActiveDeadline.
	ActiveDeadlineSeconds int64
	HasActiveDeadline     bool
	// Containers are status.containerStatuses in object order.
	Containers []ContainerStatus

	// Raw is the whole pod JSON as read, canonical; nil when built by hand.
	Raw RawJSON
}

package dcplan

import (
	"time"
)

// Snapshot is the one input of every planner: the world as one pass of a
// controller sees it. It is a plain value; planners never modify it and
// plans never alias it.
//
// Invariants, every one that Validate checks:
//  1. No two Deployments share a Name. (Two may share a Version, and a
//     Version may be 0 or less, NoVersion for a missing annotation: real
//     clusters hold both, SPEC 13.1.)
//  2. No spec replica count of the DC or an RC, and no status replica
//     count of an RC, is negative, as the API server validates them. The
//     DC's status sums are not judged (Exact's WrapReplicaSums writes
//     them as upstream did, past int32 and back below zero), nor are the
//     counts annotations hold (desired-replicas, deployment.replicas),
//     being text.
//  3. Every Deployment and Pod is in Config's namespace (an empty
//     namespace, on either side, matches any).
//  4. The Config's Rolling or Recreate strategy has its parameters
//     (Strategy.HasParams).
//  5. Pod names are unique.
//  6. Every Deployment and Pod has a name, and so has the Config unless
//     the snapshot holds none (no name, namespace or UID: a deployer's
//     snapshot of an RC; see ValidateConfig).
//  7. The Config's revisionHistoryLimit (when set), strategy
//     timeoutSeconds (when set) and status.latestVersion, and Requeues,
//     are not negative.
//  8. Every enum holds a declared value: the strategy type, each
//     Deployment's Phase and each Pod's Phase; and every trigger has a
//     type, in normal form (TriggerOther only with a spelling no known
//     type has).
//  9. The Settings are valid (Settings.Validate).
//
// The DC encoded in an RC (Deployment.Encoded) is not judged: it is
// annotation text, which a cluster holds in any form (SPEC 13.1), and the
// planners have an answer for every value of it (a strategy without its
// parameters times out after the default, as the API server's defaulting
// would have it; a timeout of 0 or less never fires). A snapshot is not
// refused, nor its DC stalled, for an old RC's hand-edited annotation.
type Snapshot struct {
	// Now is the only clock the planners read (SPEC 10.1, 11.1).
	Now time.Time
	// Config is the DeploymentConfig being planned for.
	Config Config
	// Deployments are the ReplicationControllers the controller can see:
	// every RC of the namespace that names the DC by label, annotation or
	// owner reference (the DC controller claims among them, SPEC 3.3).
	Deployments []Deployment
	// Pods are the pods of the namespace the deployer controller can see:
	// at least the deployer pods (by name) and every pod labelled
	// openshift.io/deployer-pod-for.name for one of the Deployments.
	Pods []Pod
	// Requeues is how many times the work queue has requeued the item
	// being planned (SPEC 1.7; willBeDropped = Requeues >= 13).
	Requeues int
	// Settings carries the behaviour switches and the deployer pod
	// parameters.
	Settings Settings
	// Recheck is the result of the live GET of the DC that upstream makes
	// before adopting an orphan RC (SPEC 3.3.2). When Recheck.Done is
	// false the planner assumes the live DC equals Config.
	Recheck Recheck
	// Outcome is what happened to the requests an adapter sent for this
	// pass so far (SPEC 13): the zero value while nothing failed.
	Outcome Outcome
	// Unobserved are the objects this controller's adapter created (the
	// server accepted the create) and has not yet seen in its cache: the
	// pure form of a controller's "expectations". For the DC controller
	// they are RC names: while one of them is missing from Deployments, it
	// plans nothing and waits (WaitStaleCache), as its view predates its
	// own write and planning from it can start a second rollout (SPEC
	// 3.2.12.expect, issue 13 defect 3). For the deployer controller they
	// are deployer pod names: while the deployer pod of the RC being
	// stepped is one of them and missing from Pods (or Pods shows under
	// its name a pod unrelated to the RC, gone before the create), it
	// plans nothing and waits too, as planning from that view can fail a
	// cancelled RC while its deployer pod runs on (SPEC 4.2.expect, issue
	// 11), or fail the RC for that unrelated pod while its own runs
	// (4.2.expect.squat). An adapter counts a deployer pod as seen only
	// when its cache shows it related to the RC; and the name
	// of the RC being stepped when the deployer wrote that RC and
	// Deployments shows it as it was before the write (its
	// resourceVersion is the one the write replaced): the deployer waits,
	// as planning from that view can start a deployer pod for an RC it has
	// failed already (SPEC 4.2.expect, 4.3.new.6). The snapshot
	// of reconcile.All serves both controllers and may hold both kinds:
	// each reads only its own, the DC controller the names of the DC's
	// RCs (<dc>-<version>), the deployer the deployer pod of the RC it
	// steps. With IgnoreExpectations (Exact, the seeds) it is not read,
	// as upstream keeps no expectations for either controller. Adapters
	// that do not track their writes leave it nil.
	Unobserved []string
	// Undeleted are the objects this controller's adapter deleted (the
	// server accepted the delete) that its cache still shows. For the DC
	// controller they are RC names: while one of
	// them is in Deployments without a deletionTimestamp, the DC
	// controller plans nothing and waits (WaitStaleCache), as its view
	// predates its own delete and a history cleanup from it counts the RC
	// again and prunes one RC too many (SPEC 3.7.expect). One that shows
	// its deletionTimestamp (a finalizer holds it listed) has had the
	// delete observed: the pass goes on, and its history cleanup neither
	// counts nor deletes it again. For the deployer controller they are
	// the pods it deleted that its cache still lists, the same pod by uid
	// (not one made again under the name), whether or not it shows a
	// deletionTimestamp: while the deployer pod of the RC being stepped
	// is one of them, the deployer plans nothing and waits too, as that
	// pod's Failed phase would fail the RC's retried rollout at once
	// (SPEC 4.2.expect.delete). Each controller reads only its own kind,
	// as with Unobserved. With IgnoreExpectations it is not read, as
	// upstream keeps no expectations. Adapters that do not track their
	// deletes leave it nil.
	Undeleted []string
	// InstantiateUnavailable tells that the server does not offer the
	// instantiate subresource; when true, rollout-latest falls back to
	// bumping status.latestVersion (SPEC 6.3, 6.4).
	InstantiateUnavailable bool
}

// Recheck is the result of the adoption recheck: a live GET of the DC.
type Recheck struct {
	// Done is true when the recheck was performed.
	Done bool
	// Err is the GET error text, if the GET failed.
	Err string
	// UID and DeletionTime describe the live DC when the GET succeeded;
	// DeletionTime is zero when the DC is not being deleted.
	UID          string
	DeletionTime time.Time
}

// Settings are the knobs of a planner pass: the behaviour switches of
// SPEC 12 (embedded, so s.Settings.ReplicaSync reads one) and the deployer
// pod parameters. The zero Settings plans as the Modern preset with no
// deployer image, service account or injected environment; start from a
// preset with Preset.Settings or Settings{Switches: p.Switches()}.
type Settings struct {
	// Switches are the behaviour switches (SPEC 12).
	Switches
	// DeployerImage is the image of the deployer container (SPEC 4.5).
	DeployerImage string
	// ServiceAccount is the deployer pod's serviceAccountName.
	ServiceAccount string
	// Environment is injected into every deployer container (values over
	// 128000 bytes are skipped, SPEC 1.8).
	Environment []EnvVar
}

// ValidateConfig is Validate for a planner of the snapshot's
// DeploymentConfig: the DC controller (reconcile.Config, and the DC half
// of reconcile.All) and the user operations on a DC (reconcile, cancel and
// history). Such a planner needs a DC, and a snapshot that holds none
// (Config.Name empty, as the zero Snapshot and a deployer's snapshot of an
// RC have it) is invalid for it. It returns Validate's error, or for a
// valid snapshot without a DC a *FieldError naming metadata.name that
// wraps ErrInvalidSnapshot, or nil. The deployer's planners (package
// phase) step RCs without a DC and use Validate.
func (s Snapshot) ValidateConfig() error {
	if err := s.Validate(); err != nil {
		return err
	}
	if s.Config.Name == "" {
		return invalid("DeploymentConfig", "", "metadata.name", "must not be empty: the snapshot holds no DC to plan for")
	}
	return nil
}

// WillBeDropped reports whether upstream would drop the item after this
// pass: Requeues >= 13 (SPEC 1.7, 1.8).
func (s Snapshot) WillBeDropped() bool { return s.Requeues >= WillBeDroppedRequeues }

// Deployment returns the Deployment named name, and whether there is one.
func (s Snapshot) Deployment(name string) (Deployment, bool) {
	for _, d := range s.Deployments {
		if d.Name == name {
			return d, true
		}
	}
	return Deployment{}, false
}

// Pod returns the Pod named name, and whether there is one.
func (s Snapshot) Pod(name string) (Pod, bool) {
	for _, p := range s.Pods {
		if p.Name == name {
			return p, true
		}
	}
	return Pod{}, false
}

// Numeric constants of SPEC 1.8.
const (
	// MaxDeploymentDurationSeconds is the default deployer pod
	// activeDeadlineSeconds.
	MaxDeploymentDurationSeconds = 21600
	// DefaultTimeoutSeconds is the default Rolling/Recreate timeout and
	// the fixed Custom one.
	DefaultTimeoutSeconds = 600
	// DeployerGracePeriodSeconds is the deployer pod's termination grace.
	DeployerGracePeriodSeconds = 10
	// MaxInjectedEnvBytes is the largest injected environment value kept.
	MaxInjectedEnvBytes = 128000
	// MaxRetryCount is how often both controllers requeue an item.
	MaxRetryCount = 15
	// WillBeDroppedRequeues is the requeue count from which the deployer
	// treats the item as about to be dropped.
	WillBeDroppedRequeues = 13
	// MaxPodNameLength is the DNS-1123 subdomain limit.
	MaxPodNameLength = 253
)

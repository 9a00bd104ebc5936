package dcplan

import (
	"errors"
	"fmt"
	"strconv"
)

// Validate checks the snapshot's invariants (see Snapshot) and its
// Settings. It returns nil, or every violation found joined with
// errors.Join, each a *FieldError that wraps ErrInvalidSnapshot (or
// ErrInvalidSettings), in a deterministic order: settings, the config, the
// deployments by position, the pods by position.
//
// Planners return an empty plan for an invalid snapshot, so invalid input
// is never acted on. Most validate first; reconcile.Config validates only
// a plan that has something to do, since the empty plan is its answer for
// invalid input too.
//
// A valid snapshot costs a few nanoseconds per object and allocates
// nothing (small hash tables live on the stack, large ones in pooled
// storage): one
// pass over the RCs checks each and finds duplicate names through a hash
// set, and duplicate versions by order alone when the versions are sorted
// either way (a hash set otherwise).
func (s Snapshot) Validate() error {
	if s.valid() {
		return nil
	}
	return s.violations()
}

// violations collects every violation of an invalid snapshot, in the
// order Validate documents.
func (s *Snapshot) violations() error {
	var errs []error
	if err := s.Settings.Validate(); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, validateConfig(&s.Config, "DeploymentConfig", s.Config.Name, "")...)
	if s.Requeues < 0 {
		errs = append(errs, invalid("DeploymentConfig", s.Config.Name, "requeues", "must not be negative"))
	}
	for i := range s.Deployments {
		errs = append(errs, validateDeployment(&s.Config, &s.Deployments[i], i)...)
	}
	rcs := s.Deployments
	if i, j, dup := firstDuplicate(len(rcs), func(k int) string { return rcs[k].Name }, hashName, nil); dup {
		errs = append(errs, invalid("ReplicationController", rcs[j].Name, "metadata.name",
			fmt.Sprintf("duplicate name (deployments %d and %d)", i, j)))
	}
	foreign := func(k int) bool {
		// Another controller's RC may share a version with ours; an RC
		// without a version is reported above.
		return rcs[k].HasController && rcs[k].Controller.UID != s.Config.UID || rcs[k].Version <= 0
	}
	if i, j, dup := firstDuplicate(len(rcs), func(k int) Version { return rcs[k].Version }, hashVersion, foreign); dup {
		errs = append(errs, invalid("ReplicationController", rcs[j].Name, "metadata.annotations["+AnnotationLatestVersion+"]",
			fmt.Sprintf("version %d is also the version of %q", rcs[j].Version, rcs[i].Name)))
	}
	pods := s.Pods
	for i := range pods {
		p := &pods[i]
		if p.Name == "" {
			errs = append(errs, invalid("Pod", p.Name, "metadata.name", "must not be empty"))
		}
		if s.Config.Namespace != "" && p.Namespace != "" && p.Namespace != s.Config.Namespace {
			errs = append(errs, invalid("Pod", p.Name, "metadata.namespace",
				fmt.Sprintf("%q is not the config's namespace %q", p.Namespace, s.Config.Namespace)))
		}
		if p.Phase > PodUnknown {
			errs = append(errs, invalid("Pod", p.Name, "status.phase", "unknown value "+strconv.Itoa(int(p.Phase))))
		}
	}
	if _, j, dup := firstDuplicate(len(pods), func(k int) string { return pods[k].Name }, hashName, nil); dup {
		errs = append(errs, invalid("Pod", pods[j].Name, "metadata.name", "duplicate name"))
	}
	return errors.Join(errs...)
}

// Validate checks the settings: a known profile and named environment
// variables. It returns nil or a *FieldError wrapping ErrInvalidSettings.
func (st Settings) Validate() error {
	if st.Profile > Origin {
		return &FieldError{Kind: "Settings", Field: "Profile", Problem: "unknown profile " + strconv.Itoa(int(st.Profile)), Err: ErrInvalidSettings}
	}
	for i, e := range st.Environment {
		if e.Name == "" {
			return &FieldError{Kind: "Settings", Field: fmt.Sprintf("Environment[%d].Name", i), Problem: "must not be empty", Err: ErrInvalidSettings}
		}
	}
	return nil
}

func validateConfig(c *Config, kind, name, prefix string) []error {
	var errs []error
	if prefix == "" && c.Name == "" {
		errs = append(errs, invalid(kind, name, "metadata.name", "must not be empty"))
	}
	if c.Replicas < 0 {
		errs = append(errs, invalid(kind, name, prefix+"spec.replicas", "must not be negative, got "+strconv.Itoa(int(c.Replicas))))
	}
	if c.HasRevisionHistoryLimit && c.RevisionHistoryLimit < 0 {
		errs = append(errs, invalid(kind, name, prefix+"spec.revisionHistoryLimit", "must not be negative"))
	}
	switch c.Strategy.Type {
	case StrategyRolling:
		if !c.Strategy.HasParams {
			errs = append(errs, invalid(kind, name, prefix+"spec.strategy.rollingParams", "required for a Rolling strategy"))
		}
	case StrategyRecreate:
		if !c.Strategy.HasParams {
			errs = append(errs, invalid(kind, name, prefix+"spec.strategy.recreateParams", "required for a Recreate strategy"))
		}
	case StrategyUnset, StrategyCustom:
	default:
		errs = append(errs, invalid(kind, name, prefix+"spec.strategy.type", "unknown value "+strconv.Itoa(int(c.Strategy.Type))))
	}
	if c.Strategy.HasTimeout && c.Strategy.TimeoutSeconds < 0 {
		errs = append(errs, invalid(kind, name, prefix+"spec.strategy.timeoutSeconds", "must not be negative"))
	}
	for i, t := range c.Triggers {
		if t.Type != TriggerConfigChange && t.Type != TriggerImageChange {
			errs = append(errs, invalid(kind, name, fmt.Sprintf("%sspec.triggers[%d].type", prefix, i), "unknown trigger type"))
		}
	}
	if c.Status.LatestVersion < 0 {
		errs = append(errs, invalid(kind, name, prefix+"status.latestVersion", "must not be negative"))
	}
	return errs
}

func validateDeployment(c *Config, d *Deployment, i int) []error {
	const kind = "ReplicationController"
	var errs []error
	if d.Name == "" {
		errs = append(errs, invalid(kind, d.Name, "metadata.name", fmt.Sprintf("deployment %d has no name", i)))
	}
	if c.Namespace != "" && d.Namespace != "" && d.Namespace != c.Namespace {
		errs = append(errs, invalid(kind, d.Name, "metadata.namespace",
			fmt.Sprintf("%q is not the config's namespace %q", d.Namespace, c.Namespace)))
	}
	if d.Version <= 0 {
		errs = append(errs, invalid(kind, d.Name, "metadata.annotations["+AnnotationLatestVersion+"]",
			"missing or not a positive version"))
	}
	if d.Phase >= NumPhases {
		errs = append(errs, invalid(kind, d.Name, "metadata.annotations["+AnnotationPhase+"]", "unknown phase "+strconv.Itoa(int(d.Phase))))
	}
	negative := d.Replicas < 0 || d.StatusReplicas < 0 || d.ReadyReplicas < 0 || d.AvailableReplicas < 0 ||
		d.DesiredReplicas < 0 || d.SyncedReplicas < 0
	if negative {
		for _, f := range negativeCounts {
			if n := f.get(d); n < 0 {
				errs = append(errs, invalid(kind, d.Name, f.field, "must not be negative, got "+strconv.Itoa(int(n))))
			}
		}
	}
	if d.Encoded != nil {
		errs = append(errs, validateConfig(d.Encoded, kind, d.Name, "metadata.annotations["+AnnotationEncodedConfig+"].")...)
	}
	return errs
}

// negativeCounts are the replica counts of an RC that must not be negative,
// with the field paths Validate names.
var negativeCounts = [...]struct {
	field string
	get   func(*Deployment) Replicas
}{
	{"spec.replicas", func(d *Deployment) Replicas { return d.Replicas }},
	{"status.replicas", func(d *Deployment) Replicas { return d.StatusReplicas }},
	{"status.readyReplicas", func(d *Deployment) Replicas { return d.ReadyReplicas }},
	{"status.availableReplicas", func(d *Deployment) Replicas { return d.AvailableReplicas }},
	{"metadata.annotations[" + AnnotationDesiredReplicas + "]", func(d *Deployment) Replicas { return d.DesiredReplicas }},
	{"metadata.annotations[" + AnnotationReplicas + "]", func(d *Deployment) Replicas { return d.SyncedReplicas }},
}

func invalid(kind, name, field, problem string) error {
	return &FieldError{Kind: kind, Name: name, Field: field, Problem: problem, Err: ErrInvalidSnapshot}
}

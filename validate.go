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
// is never acted on. The per-pass planners (reconcile.Config and All,
// phase.Step and StepAll) validate only a plan that has something to do,
// since the empty plan is their answer for invalid input too; the user
// operations validate first.
//
// A valid snapshot costs a few nanoseconds per object and allocates
// nothing (small hash tables live on the stack, large ones in pooled
// storage): one
// pass over the RCs checks each and proves their names distinct by order
// alone when the list is sorted by version (see keyOrder) or by name, and
// through a hash set otherwise.
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
	errs = append(errs, validateConfig(&s.Config)...)
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
	pods := s.Pods
	for i := range pods {
		p := &pods[i]
		f := podFlaws(s.Config.Namespace, p)
		if f&podNoName != 0 {
			errs = append(errs, invalid("Pod", p.Name, "metadata.name", "must not be empty"))
		}
		if f&podOtherNamespace != 0 {
			errs = append(errs, invalid("Pod", p.Name, "metadata.namespace",
				fmt.Sprintf("%q is not the config's namespace %q", p.Namespace, s.Config.Namespace)))
		}
		if f&podUnknownPhase != 0 {
			errs = append(errs, invalid("Pod", p.Name, "status.phase", "unknown value "+strconv.Itoa(int(p.Phase))))
		}
	}
	if _, j, dup := firstDuplicate(len(pods), func(k int) string { return pods[k].Name }, hashName, nil); dup {
		errs = append(errs, invalid("Pod", pods[j].Name, "metadata.name", "duplicate name"))
	}
	return errors.Join(errs...)
}

// Validate checks the settings: every enum switch a declared value, and
// named environment variables. It returns nil or a *FieldError wrapping
// ErrInvalidSettings.
func (st Settings) Validate() error {
	if !st.knownSwitches() {
		return &FieldError{Kind: "Settings", Field: "Switches", Problem: "unknown switch value " + st.unknownSwitch(), Err: ErrInvalidSettings}
	}
	if i := st.firstUnnamedEnv(); i >= 0 {
		return &FieldError{Kind: "Settings", Field: fmt.Sprintf("Environment[%d].Name", i), Problem: "must not be empty", Err: ErrInvalidSettings}
	}
	return nil
}

// validateConfig turns the flaws of c, the snapshot's config, into errors.
func validateConfig(c *Config) []error {
	f := configFlaws(c)
	if f == 0 {
		return nil
	}
	const kind = "DeploymentConfig"
	name := c.Name
	var errs []error
	if f&cfgNoName != 0 {
		errs = append(errs, invalid(kind, name, "metadata.name", "must not be empty"))
	}
	if f&cfgNegativeReplicas != 0 {
		errs = append(errs, invalid(kind, name, "spec.replicas", "must not be negative, got "+strconv.Itoa(int(c.Replicas))))
	}
	if f&cfgNegativeHistoryLimit != 0 {
		errs = append(errs, invalid(kind, name, "spec.revisionHistoryLimit", "must not be negative"))
	}
	if f&cfgMissingParams != 0 {
		field, problem := "spec.strategy.rollingParams", "required for a Rolling strategy"
		if c.Strategy.Type == StrategyRecreate {
			field, problem = "spec.strategy.recreateParams", "required for a Recreate strategy"
		}
		errs = append(errs, invalid(kind, name, field, problem))
	}
	if f&cfgUnknownStrategy != 0 {
		errs = append(errs, invalid(kind, name, "spec.strategy.type", "unknown value "+strconv.Itoa(int(c.Strategy.Type))))
	}
	if f&cfgNegativeTimeout != 0 {
		errs = append(errs, invalid(kind, name, "spec.strategy.timeoutSeconds", "must not be negative"))
	}
	if f&cfgUnknownTrigger != 0 {
		for i, t := range c.Triggers {
			if !knownTrigger(t.Type) {
				errs = append(errs, invalid(kind, name, fmt.Sprintf("spec.triggers[%d].type", i), "unknown trigger type"))
			}
		}
	}
	if f&cfgNegativeLatestVersion != 0 {
		errs = append(errs, invalid(kind, name, "status.latestVersion", "must not be negative"))
	}
	return errs
}

// validateDeployment turns the flaws of d, the i-th RC, into errors.
func validateDeployment(c *Config, d *Deployment, i int) []error {
	const kind = "ReplicationController"
	f := rcFlaws(c.Namespace, d)
	var errs []error
	if f&rcNoName != 0 {
		errs = append(errs, invalid(kind, d.Name, "metadata.name", fmt.Sprintf("deployment %d has no name", i)))
	}
	if f&rcOtherNamespace != 0 {
		errs = append(errs, invalid(kind, d.Name, "metadata.namespace",
			fmt.Sprintf("%q is not the config's namespace %q", d.Namespace, c.Namespace)))
	}
	if f&rcUnknownPhase != 0 {
		errs = append(errs, invalid(kind, d.Name, "metadata.annotations["+AnnotationPhase+"]", "unknown phase "+strconv.Itoa(int(d.Phase))))
	}
	if f&rcNegativeCount != 0 {
		for _, nc := range negativeCounts {
			if n := nc.get(d); n < 0 {
				errs = append(errs, invalid(kind, d.Name, nc.field, "must not be negative, got "+strconv.Itoa(int(n))))
			}
		}
	}
	return errs
}

func invalid(kind, name, field, problem string) error {
	return &FieldError{Kind: kind, Name: name, Field: field, Problem: problem, Err: ErrInvalidSnapshot}
}

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
// Every planner validates first and returns an empty plan for an invalid
// snapshot (the user operations return the error too), so invalid input
// is never acted on and no rule needs to be total on it.
//
// Validate is one walk over the snapshot. A valid snapshot allocates
// nothing, unless its RCs or pods are many (over 64) and in no order by
// name (neither ascending nor descending, as an adapter's list sorted by
// name or RCs in version order are): their duplicate-name check then
// takes a hash set.
func (s Snapshot) Validate() error {
	var errs []error
	if err := s.Settings.Validate(); err != nil {
		errs = append(errs, err)
	}
	errs = appendConfigErrors(errs, &s.Config)
	if s.Requeues < 0 {
		errs = append(errs, invalid("DeploymentConfig", s.Config.Name, "requeues", "must not be negative"))
	}
	ns := s.Config.Namespace
	for i := range s.Deployments {
		if f := rcFlaws(ns, &s.Deployments[i]); f != 0 {
			errs = appendDeploymentErrors(errs, f, ns, &s.Deployments[i], i)
		}
	}
	if i, j, dup := firstRepeat(s.Deployments, rcName); dup {
		errs = append(errs, invalid("ReplicationController", s.Deployments[j].Name, "metadata.name",
			fmt.Sprintf("duplicate name (deployments %d and %d)", i, j)))
	}
	for i := range s.Pods {
		if f := podFlaws(ns, &s.Pods[i]); f != 0 {
			errs = appendPodErrors(errs, f, ns, &s.Pods[i])
		}
	}
	if _, j, dup := firstRepeat(s.Pods, podName); dup {
		errs = append(errs, invalid("Pod", s.Pods[j].Name, "metadata.name", "duplicate name"))
	}
	return errors.Join(errs...)
}

// Validate checks the settings: every enum switch a declared value, and
// named environment variables. It returns nil or a *FieldError wrapping
// ErrInvalidSettings.
func (st Settings) Validate() error {
	if sw := st.Switches.unknownSwitch(); sw != "" {
		return &FieldError{Kind: "Settings", Field: "Switches", Problem: "unknown switch value " + sw, Err: ErrInvalidSettings}
	}
	for i := range st.Environment {
		if st.Environment[i].Name == "" {
			return &FieldError{Kind: "Settings", Field: fmt.Sprintf("Environment[%d].Name", i), Problem: "must not be empty", Err: ErrInvalidSettings}
		}
	}
	return nil
}

// appendConfigErrors appends the violations of c, the snapshot's config.
func appendConfigErrors(errs []error, c *Config) []error {
	f := configFlaws(c)
	if f == 0 {
		return errs
	}
	const kind = "DeploymentConfig"
	name := c.Name
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
			if !knownTrigger(t) {
				errs = append(errs, invalid(kind, name, fmt.Sprintf("spec.triggers[%d].type", i), "required, in normal form"))
			}
		}
	}
	if f&cfgNegativeLatestVersion != 0 {
		errs = append(errs, invalid(kind, name, "status.latestVersion", "must not be negative"))
	}
	return errs
}

// appendDeploymentErrors appends the violations f (rcFlaws) of d, the
// i-th RC of a config in namespace ns.
func appendDeploymentErrors(errs []error, f rcFlaw, ns string, d *Deployment, i int) []error {
	const kind = "ReplicationController"
	if f&rcNoName != 0 {
		errs = append(errs, invalid(kind, d.Name, "metadata.name", fmt.Sprintf("deployment %d has no name", i)))
	}
	if f&rcOtherNamespace != 0 {
		errs = append(errs, invalid(kind, d.Name, "metadata.namespace",
			fmt.Sprintf("%q is not the config's namespace %q", d.Namespace, ns)))
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

// appendPodErrors appends the violations f (podFlaws) of p, a pod of a
// config in namespace ns.
func appendPodErrors(errs []error, f podFlaw, ns string, p *Pod) []error {
	if f&podNoName != 0 {
		errs = append(errs, invalid("Pod", p.Name, "metadata.name", "must not be empty"))
	}
	if f&podOtherNamespace != 0 {
		errs = append(errs, invalid("Pod", p.Name, "metadata.namespace",
			fmt.Sprintf("%q is not the config's namespace %q", p.Namespace, ns)))
	}
	if f&podUnknownPhase != 0 {
		errs = append(errs, invalid("Pod", p.Name, "status.phase", "unknown value "+strconv.Itoa(int(p.Phase))))
	}
	return errs
}

func rcName(d *Deployment) string { return d.Name }
func podName(p *Pod) string       { return p.Name }

func invalid(kind, name, field, problem string) error {
	return &FieldError{Kind: kind, Name: name, Field: field, Problem: problem, Err: ErrInvalidSnapshot}
}

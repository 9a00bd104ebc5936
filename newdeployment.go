package dcplan

import (
	"cmp"
	"slices"
	"strings"
)

// NewDeployment returns the ReplicationController the DC controller
// creates for cfg's current rollout (SPEC 3.8; the shape of SPEC 0.6), as
// the planners read it.
// Package wire renders the same RC as Kubernetes JSON (wire.NewDeployment);
// a test holds the two to agree on every typed field. The fields, in SPEC 3.8 order:
//
//  1. Name <dc>-<status.latestVersion>, cfg's namespace, Version
//     status.latestVersion.
//  2. The openshift.io/deployment-config.name label and annotation are
//     cfg's name (EmptyConfigName when it is empty: the annotation is
//     there); the controller owner reference is
//     {apps.openshift.io/v1, DeploymentConfig, <dc>, <dc uid>, controller,
//     blockOwnerDeletion}.
//  3. Phase New; Reason status.details.message (empty when none);
//     desired replicas cfg.Replicas; synced replicas
//     (openshift.io/deployment.replicas) 0; IgnoreDeployerPod inherited.
//  4. spec.replicas 0 and every status counter 0.
//  5. Template: the DC's containers with each image trimmed of
//     surrounding whitespace, and its labels plus deployment=<rc> and
//     deploymentconfig=<dc>. Raw and Hash stay empty: the RC's own
//     template JSON is wire's business.
//  6. Encoded: a deep copy of cfg, the DC the encoded-config annotation
//     serialises (as cached, with its current status).
//
// A nil cfg, or a cfg without a pod template (no Template.Raw and no containers) gives
// a *FieldError wrapping ErrInvalidSnapshot, where upstream panics (SPEC
// 10.10, 11.10). The result never aliases cfg.
//
// Ports: library-go appsutil MakeDeployment.
func NewDeployment(cfg *Config) (Deployment, error) {
	if cfg == nil {
		return Deployment{}, &FieldError{Kind: "DeploymentConfig", Field: "(config)",
			Problem: "no config to roll out", Err: ErrInvalidSnapshot}
	}
	if cfg.Template.Raw == nil && len(cfg.Template.Containers) == 0 {
		return Deployment{}, &FieldError{Kind: "DeploymentConfig", Name: cfg.Name, Field: "spec.template",
			Problem: "a config without a pod template cannot be rolled out", Err: ErrInvalidSnapshot}
	}
	v := cfg.Status.LatestVersion
	d := Deployment{
		Name:               DeploymentName(cfg.Name, v),
		Namespace:          cfg.Namespace,
		Version:            v,
		DesiredReplicas:    cfg.Replicas,
		HasDesiredReplicas: true,
		HasSyncedReplicas:  true,
		Phase:              PhaseNew,
		HasController:      true,
		IgnoreDeployerPod:  cfg.IgnoreDeployerPod,
		ConfigLabel:        cfg.Name,
		Controller: OwnerRef{UID: cfg.UID, APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig",
			Name: cfg.Name, Controller: true, BlockOwnerDeletion: true},
		ConfigName: cfg.Name,
		// The annotation is written even for a DC without a name.
		EmptyConfigName: cfg.Name == "",
		Reason:          cfg.Status.Details.Message,
		Encoded:         new(cfg.Clone()),
	}
	d.Template.Labels = withLabels(cfg.Template.Labels,
		KeyValue{Key: LabelDeployment, Value: d.Name}, KeyValue{Key: LabelDeploymentConfig, Value: cfg.Name})
	if n := len(cfg.Template.Containers); n > 0 {
		d.Template.Containers = make([]Container, n)
		for i, c := range cfg.Template.Containers {
			d.Template.Containers[i] = Container{Name: c.Name, Image: strings.TrimSpace(c.Image)}
		}
	}
	return d, nil
}

// withLabels returns labels with each of set put in (replacing a label of
// the same key), sorted by key.
func withLabels(labels []KeyValue, set ...KeyValue) []KeyValue {
	out := make([]KeyValue, 0, len(labels)+len(set))
	for _, kv := range labels {
		if !slices.ContainsFunc(set, func(s KeyValue) bool { return s.Key == kv.Key }) {
			out = append(out, kv)
		}
	}
	out = append(out, set...)
	slices.SortFunc(out, func(a, b KeyValue) int { return cmp.Compare(a.Key, b.Key) })
	return out
}

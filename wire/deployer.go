package wire

import (
	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// Fixed parts of every deployer pod (SPEC 4.5).
const (
	deployerContainerName     = "deployment"
	deployerPullPolicy        = "IfNotPresent"
	deployerTerminationPolicy = "FallbackToLogsOnError"
	deployerRestartPolicy     = "Never"
)

// EncodePod returns the Pod JSON a create of the deployer pod p sends
// (SPEC 4.5), keys in Kubernetes field order, compact:
//
//   - metadata: name, namespace, p.Labels and p.Annotations as given (the
//     complete maps), and one owner reference {apiVersion v1, kind
//     ReplicationController, name p.RC, uid p.RCUID} without controller
//     flags — none when p.Unowned (the seed-era pod, SPEC 7 row 31);
//   - one container "deployment": image p.Image, command p.Command when
//     non-empty, env p.Env in order (value and valueFrom left out when
//     empty), resources p.Resources (or {}), imagePullPolicy IfNotPresent,
//     terminationMessagePolicy FallbackToLogsOnError (not with
//     p.SeedSpec);
//   - spec: activeDeadlineSeconds p.ActiveDeadlineSeconds when non-zero,
//     restartPolicy Never, serviceAccountName p.ServiceAccount,
//     terminationGracePeriodSeconds 10 and shareProcessNamespace false
//     (neither with p.SeedSpec, the seed-era pod, SPEC 7 row 31), and the
//     fields p.CopyFields names, taken from template (the RC's pod
//     template), empty ones left out;
//   - status {}.
//
// p.ConfigName is not written by itself: the openshift.io/deployment-config.name
// annotation, like every label and annotation, comes from p.Annotations.
//
// The empty resourceClaims and schedulingGates lists upstream sets vanish
// on the wire (SPEC 10.15), so they are not written. The error, for a
// Resources or Env ValueFrom value that is not valid JSON, is a
// *FieldError wrapping ErrMalformed.
//
// Ports: deployer_controller.go (*DeploymentController).makeDeployerPod.
func EncodePod(p dcplan.DeployerPod, template dcplan.Template) ([]byte, error) {
	fail := func(field string) error {
		return &dcplan.FieldError{Kind: kindPod, Name: p.Name, Field: field, Problem: "invalid JSON", Err: dcplan.ErrMalformed}
	}
	resources := map[string]any{}
	if len(p.Resources) > 0 {
		v, err := jsontree.Parse(p.Resources)
		if err != nil {
			return nil, fail("spec.containers[0].resources")
		}
		if v != nil {
			resources, _ = v.(map[string]any)
			if resources == nil {
				return nil, fail("spec.containers[0].resources")
			}
		}
	}
	container := map[string]any{
		"name":            deployerContainerName,
		"image":           p.Image,
		"resources":       resources,
		"imagePullPolicy": deployerPullPolicy,
	}
	if !p.SeedSpec {
		container["terminationMessagePolicy"] = deployerTerminationPolicy
	}
	putStrings(container, "command", p.Command)
	for i, e := range elems(container, "env", len(p.Env)) {
		ev := p.Env[i]
		e["name"] = ev.Name
		putString(e, "value", ev.Value)
		if len(ev.ValueFrom) > 0 {
			v, err := jsontree.Parse(ev.ValueFrom)
			if err != nil {
				return nil, fail(at("spec.containers[0].env", i) + ".valueFrom")
			}
			if v != nil {
				e["valueFrom"] = v
			}
		}
	}
	spec := map[string]any{
		"containers":    []any{container},
		"restartPolicy": deployerRestartPolicy,
	}
	if !p.SeedSpec {
		spec["terminationGracePeriodSeconds"] = num(dcplan.DeployerGracePeriodSeconds)
		spec["shareProcessNamespace"] = false
	}
	putString(spec, "serviceAccountName", p.ServiceAccount)
	putOptInt(spec, "activeDeadlineSeconds", p.ActiveDeadlineSeconds, p.ActiveDeadlineSeconds != 0)
	if tree := templateTree(template); tree != nil {
		tspec, _ := tree["spec"].(map[string]any)
		for _, k := range p.CopyFields.Names() {
			if v := tspec[k]; !emptyJSON(v) {
				spec[k] = v
			}
		}
	}
	meta := map[string]any{"name": p.Name}
	if !p.Unowned {
		meta["ownerReferences"] = []any{map[string]any{
			"apiVersion": apiVersionCore,
			"kind":       kindRC,
			"name":       p.RC,
			"uid":        p.RCUID,
		}}
	}
	putString(meta, "namespace", p.Namespace)
	putKeyValues(meta, "labels", p.Labels)
	putKeyValues(meta, "annotations", p.Annotations)
	m := map[string]any{
		"kind":       kindPod,
		"apiVersion": apiVersionCore,
		"metadata":   meta,
		"spec":       spec,
		"status":     map[string]any{},
	}
	return renderOrdered(m, orderPod), nil
}

package phase

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/dcplan/dcplan"
)

// BuildDeployerPod returns the deployer pod the deployer controller creates
// for RC d (SPEC 4.5). Strategy data comes from d.Encoded, the DC encoded in
// the RC, never from s.Config; the image, service account and injected
// environment come from s.Settings. The rules, in order:
//
//  1. Name dcplan.DeployerPodName(d.Name), d's namespace (s.Config's when d
//     has none, dcplan.Snapshot invariant 3); owner reference to the RC
//     (RCUID = d.UID, no controller flags).
//  2. Annotations openshift.io/deployment.name = d.Name and
//     openshift.io/deployment-config.name = d.ConfigName, then the strategy
//     annotations for keys not already present. Labels
//     openshift.io/deployer-pod-for.name = d.Name, then the strategy labels
//     for keys not already present. Both lists are sorted by key.
//  3. Image: customParams.image when non-empty, else the deployer image.
//     Command: customParams.command when non-empty, else none. Custom
//     parameters count for every strategy type.
//  4. Environment: customParams.environment in order; then each injected
//     variable whose name the custom environment does not use and whose
//     value is at most dcplan.MaxInjectedEnvBytes (128000) bytes long; then
//     OPENSHIFT_DEPLOYMENT_NAME and OPENSHIFT_DEPLOYMENT_NAMESPACE.
//  5. Resources: strategy.resources. activeDeadlineSeconds:
//     strategy.activeDeadlineSeconds when set, else
//     dcplan.MaxDeploymentDurationSeconds (21600, SPEC 1.8). Service account: the
//     configured one.
//  6. Template fields: dnsPolicy, dnsConfig, enableServiceLinks,
//     imagePullSecrets, tolerations and nodeSelector of the RC's own pod
//     template (dcplan.ModernTemplateFields; package wire copies them).
//
// The SeedDeployerPod switch builds the seed-era pod (SPEC 7 row 31): no
// owner reference (Unowned), no deployment-config.name annotation
// (ConfigName is still set, for Describe), activeDeadlineSeconds always
// 21600, no size cap on injected variables, and only dnsPolicy,
// imagePullSecrets and nodeSelector copied from the template; only
// nodeSelector with PodCopiesOnlyNodeSelector (the oldest seed); and the
// seed's pod spec (SeedSpec: no grace period, shareProcessNamespace or
// terminationMessagePolicy). The fixed container fields (imagePullPolicy,
// terminationMessagePolicy, grace period, restart policy) are the codec's
// (wire.EncodePod).
//
// Ports: deployer_controller.go (*DeploymentController).makeDeployerPod and
// makeDeployerContainer.
func BuildDeployerPod(s dcplan.Snapshot, d dcplan.Deployment) dcplan.DeployerPod {
	return buildDeployerPod(&s.Settings, inNamespace(&s, &d))
}

// buildDeployerPod is BuildDeployerPod for the settings of a snapshot.
func buildDeployerPod(settings *dcplan.Settings, d *dcplan.Deployment) dcplan.DeployerPod {
	st := encodedStrategy(d)
	origin := settings.SeedDeployerPod
	pod := dcplan.DeployerPod{
		Namespace:             d.Namespace,
		Name:                  dcplan.DeployerPodName(d.Name),
		RC:                    d.Name,
		RCUID:                 d.UID,
		ConfigName:            d.ConfigName,
		Image:                 settings.DeployerImage,
		ActiveDeadlineSeconds: dcplan.MaxDeploymentDurationSeconds,
		ServiceAccount:        settings.ServiceAccount,
		Resources:             bytes.Clone(st.Resources),
		Env:                   deployerEnv(settings.Environment, st.CustomEnv, d, !origin),
		Labels:                merge([]dcplan.KeyValue{{Key: dcplan.LabelDeployerPodFor, Value: d.Name}}, st.Labels),
		CopyFields:            dcplan.ModernTemplateFields,
	}
	annotations := []dcplan.KeyValue{{Key: dcplan.AnnotationDeploymentName, Value: d.Name}}
	if !origin {
		annotations = append(annotations, dcplan.KeyValue{Key: dcplan.AnnotationConfigName, Value: d.ConfigName})
	}
	pod.Annotations = merge(annotations, st.Annotations)
	if st.CustomImage != "" {
		pod.Image = st.CustomImage
	}
	if len(st.CustomCommand) > 0 {
		pod.Command = slices.Clone(st.CustomCommand)
	}
	if origin {
		pod.Unowned, pod.SeedSpec = true, true
		pod.CopyFields = dcplan.OriginTemplateFields
		if settings.PodCopiesOnlyNodeSelector {
			pod.CopyFields = dcplan.FieldNodeSelector // the oldest seed (SPEC 7 row 31)
		}
	} else if st.HasActiveDeadline {
		pod.ActiveDeadlineSeconds = st.ActiveDeadlineSeconds
	}
	return pod
}

// deployerEnv is rule 4 of BuildDeployerPod. capped selects the 128000-byte
// limit on injected values.
func deployerEnv(injected, custom []dcplan.EnvVar, d *dcplan.Deployment, capped bool) []dcplan.EnvVar {
	env := make([]dcplan.EnvVar, 0, len(custom)+len(injected)+2)
	for _, e := range custom {
		env = append(env, e.Clone())
	}
	for _, e := range injected {
		if slices.ContainsFunc(custom, func(c dcplan.EnvVar) bool { return c.Name == e.Name }) {
			continue
		}
		if capped && len(e.Value) > dcplan.MaxInjectedEnvBytes {
			continue
		}
		env = append(env, e.Clone())
	}
	return append(env,
		dcplan.EnvVar{Name: "OPENSHIFT_DEPLOYMENT_NAME", Value: d.Name},
		dcplan.EnvVar{Name: "OPENSHIFT_DEPLOYMENT_NAMESPACE", Value: d.Namespace})
}

// merge returns base plus every entry of extra whose key base lacks (the
// upstream MergeInto without overwrite), sorted by key.
func merge(base, extra []dcplan.KeyValue) []dcplan.KeyValue {
	out := slices.Clone(base)
	for _, kv := range extra {
		if !slices.ContainsFunc(out, func(o dcplan.KeyValue) bool { return o.Key == kv.Key }) {
			out = append(out, kv)
		}
	}
	slices.SortStableFunc(out, func(a, b dcplan.KeyValue) int { return cmp.Compare(a.Key, b.Key) })
	return out
}

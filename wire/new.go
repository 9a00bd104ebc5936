package wire

import (
	"fmt"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
)

// NewDeployment builds the ReplicationController of cfg's current
// rollout, exactly as upstream MakeDeployment does (SPEC 3.8):
//
//  1. name <dc>-<status.latestVersion>, the DC's namespace;
//  2. labels: the DC's labels plus openshift.io/deployment-config.name=<dc>;
//  3. annotations: deployment-config.name, encoded-deployment-config (cfg
//     serialised as upstream serialises a DC: kind DeploymentConfig and
//     apiVersion apps.openshift.io/v1 whatever cfg.Raw says, Kubernetes
//     key order, trailing newline), phase New, latest-version <n>, desired-replicas
//     <spec.replicas>, deployment.replicas 0; plus status-reason =
//     status.details.message when non-empty, and the
//     deploy.openshift.io/deployer-pod.ignore annotation when the DC has it
//     (same value);
//  4. one owner reference {apps.openshift.io/v1, DeploymentConfig, <dc>,
//     <dc uid>, controller, blockOwnerDeletion};
//  5. spec.replicas 0, spec.minReadySeconds the DC's, spec.selector the
//     DC's selector plus deploymentconfig=<dc> and deployment=<rc>;
//  6. the pod template: the DC's (cfg.Template, containers overlaid),
//     of whose metadata only the labels and annotations are kept: labels
//     plus deploymentconfig and deployment, annotations plus
//     deployment.name, deployment-config.name and latest-version; every
//     container image trimmed of surrounding whitespace;
//  7. status.replicas 0.
//
// The result has phase New and Encoded a deep copy of cfg (its Raw kept
// as given), Template recomputed (Raw, Hash, Containers
// of the RC's template) and Raw the full RC JSON; it never aliases cfg.
// A cfg without a template (no Template.Raw and no Containers) gives a
// *FieldError wrapping ErrInvalidSnapshot, where upstream panics (SPEC
// 10.10).
//
// Ports: library-go appsutil MakeDeployment.
func NewDeployment(cfg dcplan.Config) (dcplan.Deployment, error) {
	m, err := newDeploymentTree(cfg)
	if err != nil {
		return dcplan.Deployment{}, err
	}
	raw := canonicalExact(m)
	// Read with canonical spans, so that the decoder finds the parts it
	// keeps (the template, the encoded DC's literal) by offset: raw is
	// canonical, so its rendering is raw again, placed as raw is.
	t, canon, ok := jsontree.ScanTape(raw, string(raw), true)
	if !ok || string(*canon) != string(raw) {
		panic("wire: an RC the codec built does not read as it was rendered")
	}
	jsontree.PutScratch(canon)
	d, err := decodeDeploymentTape(t, 0, false, raw, &cfg)
	jsontree.PutTape(t)
	if err != nil {
		return dcplan.Deployment{}, fmt.Errorf("%w: config %q does not make a valid deployment: %w", dcplan.ErrInvalidSnapshot, cfg.Name, err)
	}
	return d, nil
}

// newDeploymentTree is the tree of the RC NewDeployment builds for cfg:
// the object whose canonical form is its Raw and whose Kubernetes-ordered
// rendering is the body of its create (see renderer.createRC).
func newDeploymentTree(cfg dcplan.Config) (map[string]any, error) {
	tpl := templateTree(cfg.Template)
	if tpl == nil {
		return nil, &dcplan.FieldError{Kind: kindConfig, Name: cfg.Name, Field: "spec.template",
			Problem: "a config without a pod template cannot be rolled out", Err: dcplan.ErrInvalidSnapshot}
	}
	rc := dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion)
	// Upstream's template metadata is a new ObjectMeta holding only the
	// DC template's labels and annotations (extended): its name,
	// namespace and every other metadata field stay behind.
	tmeta := map[string]any{}
	if cur, ok := tpl["metadata"].(map[string]any); ok {
		for _, k := range []string{"labels", "annotations"} {
			if v, ok := cur[k].(map[string]any); ok {
				tmeta[k] = v
			}
		}
	}
	newTemplateWire(tmeta, cfg, rc)
	tpl["metadata"] = tmeta
	trimImages(tpl)

	encoded := encodedConfig(cfg)
	labels, annotations := newDeploymentWire(cfg, encoded)
	meta := map[string]any{
		"name":        rc,
		"labels":      labels,
		"annotations": annotations,
		"ownerReferences": []any{map[string]any{
			"apiVersion":         apiVersionApps,
			"kind":               kindConfig,
			"name":               cfg.Name,
			"uid":                cfg.UID,
			"controller":         true,
			"blockOwnerDeletion": true,
		}},
	}
	putString(meta, "namespace", cfg.Namespace)
	spec := map[string]any{
		"replicas": num(0),
		"selector": newSelector(cfg, rc),
		"template": tpl,
	}
	putInt(spec, "minReadySeconds", int64(cfg.MinReadySeconds))
	return map[string]any{
		"kind":       kindRC,
		"apiVersion": apiVersionCore,
		"metadata":   meta,
		"spec":       spec,
		"status":     map[string]any{"replicas": num(0)},
	}, nil
}

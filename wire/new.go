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
	w := readConfig(cfg)
	body, err := newDeploymentBody(cfg, w)
	w.release()
	if err != nil {
		return dcplan.Deployment{}, err
	}
	// Read with canonical spans, so that the decoder finds the parts it
	// keeps (the template, the encoded DC's literal) by offset.
	t, canon, ok := jsontree.ScanTape(body, string(body), true)
	if !ok {
		panic("wire: an RC the codec built does not read")
	}
	raw := dcplan.RawJSON(jsontree.ExactCopy(canon))
	d, err := decodeDeploymentTape(t, 0, false, raw, &cfg)
	jsontree.PutTape(t)
	if err != nil {
		return dcplan.Deployment{}, fmt.Errorf("%w: config %q does not make a valid deployment: %w", dcplan.ErrInvalidSnapshot, cfg.Name, err)
	}
	return d, nil
}

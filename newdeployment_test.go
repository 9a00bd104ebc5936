package dcplan_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dcplan/dcplan"
)

// TestNewDeploymentWithoutConfig: a nil config is a *FieldError wrapping
// ErrInvalidSnapshot, as a config without a template is (SPEC 10.10), not
// a nil dereference.
func TestNewDeploymentWithoutConfig(t *testing.T) {
	d, err := dcplan.NewDeployment(nil)
	var fe *dcplan.FieldError
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) || !errors.As(err, &fe) {
		t.Fatalf("NewDeployment(nil) error = %v, want a *FieldError wrapping ErrInvalidSnapshot", err)
	}
	if d.Name != "" || d.Encoded != nil {
		t.Errorf("NewDeployment(nil) = %+v, want the zero Deployment", d)
	}
}

// TestNewDeployment checks every typed field of the RC NewDeployment
// builds (SPEC 3.8, MakeDeployment), in the order of its documentation:
// the name and version from status.latestVersion, the config name and
// owner reference, phase New with the details message as reason, the
// desired count and a synced count of 0, the ignore-deployer-pod flag,
// spec.replicas 0, the template's trimmed images and its labels with
// deployment and deploymentconfig set (a DC label of either key is
// replaced, the rest kept, sorted by key), and the encoded DC as passed in.
// Reference: library-go appsutil MakeDeployment.
func TestNewDeployment(t *testing.T) {
	cfg := dcplan.Config{Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 4, IgnoreDeployerPod: true,
		Template: dcplan.Template{
			Containers: []dcplan.Container{{Name: "app", Image: " img:2\t"}, {Name: "side", Image: "side:1"}},
			Labels: []dcplan.KeyValue{{Key: "tier", Value: "front"}, {Key: "deployment", Value: "stale"},
				{Key: "app", Value: "web"}},
			Hash: "h2", Raw: dcplan.RawJSON(`{"spec":{}}`)},
		Status: dcplan.ConfigStatus{LatestVersion: 7, Details: dcplan.Details{Message: "manual change"}}}
	want := dcplan.Deployment{
		Name: "web-7", Namespace: "ns", Version: 7,
		DesiredReplicas: 4, HasDesiredReplicas: true, HasSyncedReplicas: true,
		Phase: dcplan.PhaseNew, HasController: true, IgnoreDeployerPod: true, ConfigLabel: "web",
		Controller: dcplan.OwnerRef{UID: "dc-uid", APIVersion: "apps.openshift.io/v1", Kind: "DeploymentConfig",
			Name: "web", Controller: true, BlockOwnerDeletion: true},
		ConfigName: "web", Reason: "manual change",
		Encoded: new(cfg.Clone()),
		Template: dcplan.Template{
			Containers: []dcplan.Container{{Name: "app", Image: "img:2"}, {Name: "side", Image: "side:1"}},
			Labels: []dcplan.KeyValue{{Key: "app", Value: "web"}, {Key: "deployment", Value: "web-7"},
				{Key: "deploymentconfig", Value: "web"}, {Key: "tier", Value: "front"}}},
	}
	got, err := dcplan.NewDeployment(&cfg)
	if err != nil {
		t.Fatalf("NewDeployment() error = %v", err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("NewDeployment() mismatch (-want +got):\n%s", d)
	}
	if got.Encoded == &cfg || &got.Template.Containers[0] == &cfg.Template.Containers[0] {
		t.Errorf("NewDeployment() aliases its config")
	}
}

// TestNewDeploymentEdges: a DC without a name still gets the config-name
// annotation (EmptyConfigName, SPEC 3.8: the annotation is always
// written), a DC whose template is JSON only (no containers read) is
// rolled out, and a DC with neither is the *FieldError naming the DC and
// spec.template where upstream panics (SPEC 10.10).
func TestNewDeploymentEdges(t *testing.T) {
	unnamed := dcplan.Config{Namespace: "ns", Template: dcplan.Template{Raw: dcplan.RawJSON(`{}`)}}
	d, err := dcplan.NewDeployment(&unnamed)
	if err != nil || !d.EmptyConfigName || d.Name != "-0" || d.Template.Containers != nil {
		t.Errorf("NewDeployment(no name, JSON template) = %q, EmptyConfigName %v, containers %v, error %v; want \"-0\", true, none, nil",
			d.Name, d.EmptyConfigName, d.Template.Containers, err)
	}
	named := dcplan.Config{Name: "web", Template: dcplan.Template{Raw: dcplan.RawJSON(`{}`)}}
	if d, _ := dcplan.NewDeployment(&named); d.EmptyConfigName {
		t.Errorf("NewDeployment(named) EmptyConfigName = true, want false")
	}
	_, err = dcplan.NewDeployment(&dcplan.Config{Name: "web"})
	const want = `dcplan: invalid snapshot: DeploymentConfig "web": spec.template: a config without a pod template cannot be rolled out`
	if err == nil || err.Error() != want || !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Errorf("NewDeployment(no template) error = %v, want %q wrapping ErrInvalidSnapshot", err, want)
	}
}

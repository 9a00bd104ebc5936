package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestLabelKeysOnTheWire holds SPEC 1.2 on the objects dcplan writes: the
// new RC carries openshift.io/deployment-config.name = <dc> (the label the
// DC controller selects and claims its RCs by), its selector and pod
// template labels carry deploymentconfig = <dc> and deployment = <rc>,
// and the deployer pod carries openshift.io/deployer-pod-for.name = <rc>
// (the label cleanup and owner-reference patching select by). The keys
// are spelled out here rather than taken from the constants, so a typo
// in keys.go fails the test.
func TestLabelKeysOnTheWire(t *testing.T) {
	cfg := fake.NewConfig("shop", "web", 2)
	cfg.UID = "uid-web"
	cfg.Status.LatestVersion = 3
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rcJSON, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	var rc struct {
		Metadata struct {
			Labels map[string]string `json:"labels"`
		} `json:"metadata"`
		Spec struct {
			Selector map[string]string `json:"selector"`
			Template struct {
				Metadata struct {
					Labels map[string]string `json:"labels"`
				} `json:"metadata"`
			} `json:"template"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(rcJSON, &rc); err != nil {
		t.Fatal(err)
	}
	type label struct {
		where  string
		labels map[string]string
		key    string
		value  string
	}
	want := []label{
		{"rc metadata.labels", rc.Metadata.Labels, "openshift.io/deployment-config.name", "web"},
		{"rc spec.selector", rc.Spec.Selector, "deploymentconfig", "web"},
		{"rc spec.selector", rc.Spec.Selector, "deployment", "web-3"},
		{"rc spec.template labels", rc.Spec.Template.Metadata.Labels, "deploymentconfig", "web"},
		{"rc spec.template labels", rc.Spec.Template.Metadata.Labels, "deployment", "web-3"},
	}

	d.UID = "uid-web-3"
	s := dcplan.Snapshot{Now: fake.Epoch, Config: cfg, Deployments: []dcplan.Deployment{d}}
	podJSON, err := wire.EncodePod(phase.BuildDeployerPod(s, d), d.Template)
	if err != nil {
		t.Fatal(err)
	}
	var pod struct {
		Metadata struct {
			Labels map[string]string `json:"labels"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(podJSON, &pod); err != nil {
		t.Fatal(err)
	}
	want = append(want, label{"deployer pod metadata.labels", pod.Metadata.Labels, "openshift.io/deployer-pod-for.name", "web-3"})

	for _, w := range want {
		if got, ok := w.labels[w.key]; !ok || got != w.value {
			t.Errorf("%s[%q] = %q (present %v), want %q (SPEC 1.2)", w.where, w.key, got, ok, w.value)
		}
	}
}

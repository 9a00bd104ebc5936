package wire

import (
	"encoding/json"

	"github.com/dcplan/dcplan"

	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// frontendDeployer is the DeployerPod the phase planner describes for
// frontend-3 (SPEC 4.5) under the fixture's settings.
func frontendDeployer(t testing.TB) dcplan.DeployerPod {
	rc, err := DecodeDeployment(fixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	return dcplan.DeployerPod{
		Namespace: "shop", Name: dcplan.DeployerPodName(rc.Name), RC: rc.Name, RCUID: rc.UID, ConfigName: rc.ConfigName,
		Image: deployerImage,
		Env: []dcplan.EnvVar{
			{Name: "OPENSHIFT_DEPLOYMENT_NAME", Value: "frontend-3"},
			{Name: "OPENSHIFT_DEPLOYMENT_NAMESPACE", Value: "shop"},
		},
		ActiveDeadlineSeconds: dcplan.MaxDeploymentDurationSeconds,
		ServiceAccount:        "deployer",
		Labels:                []dcplan.KeyValue{{Key: dcplan.LabelDeployerPodFor, Value: "frontend-3"}},
		Annotations:           []dcplan.KeyValue{{Key: dcplan.AnnotationConfigName, Value: "frontend"}, {Key: dcplan.AnnotationDeploymentName, Value: "frontend-3"}},
		CopyFields:            dcplan.ModernTemplateFields,
	}
}

// frontendTemplate is the pod template of frontend-3, which its deployer
// pod copies fields from.
func frontendTemplate(t testing.TB) dcplan.Template {
	rc, err := DecodeDeployment(fixture(t, "rc-frontend-3-complete.json"))
	if err != nil {
		t.Fatal(err)
	}
	return rc.Template
}

// Reference: deployer_controller.go (*DeploymentController).makeDeployerPod.
func TestEncodePodFixture(t *testing.T) {
	got, err := EncodePod(frontendDeployer(t), frontendTemplate(t))
	if err != nil {
		t.Fatalf("EncodePod() error: %v", err)
	}
	want := fixture(t, "pod-frontend-3-deploy.json")
	if d := cmp.Diff(string(stdCanonical(t, want)), string(stdCanonical(t, got))); d != "" {
		t.Errorf("EncodePod() mismatch (-want +got):\n%s", d)
	}
	// Kubernetes field order, as a client would send it.
	for _, prefix := range []string{`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"frontend-3-deploy","namespace":"shop","labels":`,
		`"spec":{"containers":[{"name":"deployment","image":`} {
		if !strings.Contains(string(got), prefix) {
			t.Errorf("EncodePod() = %s\nwant it to contain %s", got, prefix)
		}
	}
}

func TestEncodePodRules(t *testing.T) {
	type view struct {
		Metadata struct {
			OwnerReferences []map[string]any `json:"ownerReferences"`
		} `json:"metadata"`
		Spec struct {
			ActiveDeadlineSeconds         *int64            `json:"activeDeadlineSeconds"`
			TerminationGracePeriodSeconds *int64            `json:"terminationGracePeriodSeconds"`
			ShareProcessNamespace         *bool             `json:"shareProcessNamespace"`
			ServiceAccountName            string            `json:"serviceAccountName"`
			DNSPolicy                     string            `json:"dnsPolicy"`
			NodeSelector                  map[string]string `json:"nodeSelector"`
			SchedulerName                 string            `json:"schedulerName"`
			Containers                    []struct {
				Command                  []string        `json:"command"`
				TerminationMessagePolicy string          `json:"terminationMessagePolicy"`
				Env                      json.RawMessage `json:"env"`
				Resources                json.RawMessage `json:"resources"`
			} `json:"containers"`
		} `json:"spec"`
	}
	tests := []struct {
		name string
		why  string
		edit func(*dcplan.DeployerPod, *dcplan.Template)
		want func(*view)
	}{
		{"custom params", "SPEC 4.5: command, resources and env in order; valueFrom passed through",
			func(p *dcplan.DeployerPod, _ *dcplan.Template) {
				p.Command = []string{"/bin/deploy", "--flag"}
				p.Resources = dcplan.RawJSON(`{"limits":{"cpu":"1"}}`)
				p.Env = []dcplan.EnvVar{{Name: "A", ValueFrom: dcplan.RawJSON(`{"fieldRef":{"fieldPath":"metadata.name"}}`)}, {Name: "B"}}
			},
			func(v *view) {
				c := &v.Spec.Containers[0]
				c.Command = []string{"/bin/deploy", "--flag"}
				c.Resources = json.RawMessage(`{"limits":{"cpu":"1"}}`)
				c.Env = json.RawMessage(`[{"name":"A","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}},{"name":"B"}]`)
			}},
		{"no owner", "SPEC 7 row 31: the seed-era pod has no owner reference; Unowned says so",
			func(p *dcplan.DeployerPod, _ *dcplan.Template) { p.Unowned = true },
			func(v *view) { v.Metadata.OwnerReferences = nil }},
		{"seed spec", "SPEC 7 row 31: grace period 10, shareProcessNamespace false and FallbackToLogsOnError are modern; the seed-era pod has none of them",
			func(p *dcplan.DeployerPod, _ *dcplan.Template) { p.SeedSpec = true },
			func(v *view) {
				v.Spec.TerminationGracePeriodSeconds, v.Spec.ShareProcessNamespace = nil, nil
				v.Spec.Containers[0].TerminationMessagePolicy = ""
			}},
		{"zero deadline", "SPEC 4.5: the deadline is always sent, a zero one as 0 (upstream's pointer is never nil)",
			func(p *dcplan.DeployerPod, _ *dcplan.Template) { p.ActiveDeadlineSeconds = 0 },
			func(v *view) { zero := int64(0); v.Spec.ActiveDeadlineSeconds = &zero }},
		{"template fields filtered", "SPEC 4.5: only the six fields are copied, whatever else the template holds",
			func(_ *dcplan.DeployerPod, tpl *dcplan.Template) {
				tpl.Raw = dcplan.RawJSON(`{"spec":{"dnsPolicy":"Default","nodeSelector":{"role":"infra"},"schedulerName":"other","tolerations":[]}}`)
			},
			func(v *view) {
				v.Spec.DNSPolicy = "Default"
				v.Spec.NodeSelector = map[string]string{"role": "infra"}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := frontendDeployer(t)
			var want view
			b, err := EncodePod(base, frontendTemplate(t))
			if err != nil {
				t.Fatal(err)
			}
			unmarshalStd(t, b, &want)
			tt.want(&want)
			p, tpl := frontendDeployer(t), frontendTemplate(t)
			tt.edit(&p, &tpl)
			b, err = EncodePod(p, tpl)
			if err != nil {
				t.Fatalf("EncodePod() error: %v (%s)", err, tt.why)
			}
			var got view
			unmarshalStd(t, b, &got)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("EncodePod() mismatch (-want +got):\n%s\n(%s)", d, tt.why)
			}
		})
	}
}

func TestEncodePodErrors(t *testing.T) {
	tests := []struct {
		name  string
		why   string
		edit  func(*dcplan.DeployerPod)
		field string
	}{
		{"resources", "resources must be a JSON object", func(p *dcplan.DeployerPod) { p.Resources = dcplan.RawJSON(`[1]`) }, "spec.containers[0].resources"},
		{"valueFrom", "valueFrom must be JSON", func(p *dcplan.DeployerPod) { p.Env[1].ValueFrom = dcplan.RawJSON(`{`) }, "spec.containers[0].env[1].valueFrom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := frontendDeployer(t)
			tt.edit(&p)
			_, err := EncodePod(p, frontendTemplate(t))
			var fe *dcplan.FieldError
			if !errors.Is(err, dcplan.ErrMalformed) || !errors.As(err, &fe) || fe.Field != tt.field {
				t.Errorf("EncodePod() error = %v, want a FieldError on %s (%s)", err, tt.field, tt.why)
			}
		})
	}
}

// Reference: deployer_controller.go (*DeploymentController).makeDeployerPod.
func TestDeployerTemplateFields(t *testing.T) {
	tests := []struct {
		name     string
		why      string
		template string
		want     string
	}{
		{"none", "no template, nothing to copy", ``, ``},
		{"only other fields", "fields outside the six are never copied", `{"spec":{"schedulerName":"x","containers":[]}}`, ``},
		{"dns policy", "the fixture's template", `{"spec":{"dnsPolicy":"ClusterFirst","restartPolicy":"Always"}}`, `{"dnsPolicy":"ClusterFirst"}`},
		{"all six", "every copied field, canonical",
			`{"spec":{"tolerations":[{"key":"k","operator":"Exists"}],"nodeSelector":{"b":"2","a":"1"},"imagePullSecrets":[{"name":"pull"}],
			  "enableServiceLinks":false,"dnsConfig":{"nameservers":["1.1.1.1"]},"dnsPolicy":"None","hostNetwork":true}}`,
			`{"dnsConfig":{"nameservers":["1.1.1.1"]},"dnsPolicy":"None","enableServiceLinks":false,"imagePullSecrets":[{"name":"pull"}],"nodeSelector":{"a":"1","b":"2"},"tolerations":[{"key":"k","operator":"Exists"}]}`},
		{"empty values", "omitempty: empty lists, maps, strings and nulls vanish",
			`{"spec":{"dnsPolicy":"","tolerations":[],"nodeSelector":{},"dnsConfig":null,"imagePullSecrets":[]}}`, ``},
		{"empty dns config", "dnsConfig is a pointer: {} is a non-nil one, which omitempty keeps",
			`{"spec":{"dnsConfig":{},"nodeSelector":{}}}`, `{"dnsConfig":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tpl dcplan.Template
			if tt.template != "" {
				var err error
				if tpl, err = NewTemplate([]byte(tt.template)); err != nil {
					t.Fatal(err)
				}
			}
			if d := cmp.Diff(tt.want, string(DeployerTemplateFields(tpl, dcplan.ModernTemplateFields))); d != "" {
				t.Errorf("DeployerTemplateFields() mismatch (-want +got):\n%s\n(%s)", d, tt.why)
			}
		})
	}
}

// TestDeployerTemplateFieldsOrigin pins the seed-era subset of the fields
// a deployer pod copies (SPEC 7 row 31).
func TestDeployerTemplateFieldsOrigin(t *testing.T) {
	tests := []struct {
		name string
		why  string
		spec string
		want string
	}{
		{"origin-subset", "7.31: the seed copies only dnsPolicy, imagePullSecrets, nodeSelector",
			`{"dnsConfig":{"nameservers":["1.1.1.1"]},"dnsPolicy":"ClusterFirst","enableServiceLinks":false,"imagePullSecrets":[{"name":"pull"}],"nodeSelector":{"zone":"a"},"tolerations":[{"key":"k"}]}`,
			`{"dnsPolicy":"ClusterFirst","imagePullSecrets":[{"name":"pull"}],"nodeSelector":{"zone":"a"}}`},
		{"none-left", "nothing of the subset: nil", `{"tolerations":[]}`, ""},
		{"no-template", "no template, nothing to copy", "", ""},
		{"not-an-object", "a spec that is not an object yields nil", `[1]`, ""},
		{"html-escaped", "values are written as encoding/json writes them", `{"nodeSelector":{"a":"<&>"}}`, `{"nodeSelector":{"a":"\u003c\u0026\u003e"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tpl dcplan.Template
			if tt.spec != "" {
				tpl.Raw = dcplan.RawJSON(`{"spec":` + tt.spec + `}`)
			}
			if d := cmp.Diff(tt.want, string(DeployerTemplateFields(tpl, dcplan.OriginTemplateFields))); d != "" {
				t.Errorf("DeployerTemplateFields() mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestEncodePodEmptyListsVanish holds SPEC 10.15: upstream's deployer pod
// struct carries empty resourceClaims and schedulingGates lists, which
// omitempty drops from the JSON the API server receives; the pod dcplan
// sends has neither key, even when the RC's template has both.
func TestEncodePodEmptyListsVanish(t *testing.T) {
	tpl := frontendTemplate(t)
	tpl.Raw = dcplan.RawJSON(`{"spec":{"resourceClaims":[],"schedulingGates":[{"name":"wait"}],"containers":[]}}`)
	b, err := EncodePod(frontendDeployer(t), tpl)
	if err != nil {
		t.Fatalf("EncodePod() error: %v", err)
	}
	var pod struct {
		Spec map[string]json.RawMessage `json:"spec"`
	}
	unmarshalStd(t, b, &pod)
	if len(pod.Spec) == 0 {
		t.Fatalf("EncodePod() = %s: no spec", b)
	}
	for _, key := range []string{"resourceClaims", "schedulingGates"} {
		if v, ok := pod.Spec[key]; ok {
			t.Errorf("EncodePod() spec.%s = %s, want the key absent (SPEC 10.15)", key, v)
		}
	}
}

// TestEncodePodEmptyDNSConfig: makeDeployerPod copies the template's
// DNSConfig, a *PodDNSConfig; a template holding "dnsConfig":{} decodes
// to a non-nil pointer, which omitempty never drops, so the pod carries
// "dnsConfig":{} (the body as encoding/json writes upstream's pod).
func TestEncodePodEmptyDNSConfig(t *testing.T) {
	tpl, err := NewTemplate([]byte(`{"metadata":{},"spec":{"containers":[{"name":"a","image":"b"}],"dnsConfig":{},"dnsPolicy":"ClusterFirst"}}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := EncodePod(dcplan.DeployerPod{Name: "x-1-deploy", RC: "x-1", RCUID: "u", Image: "img", ActiveDeadlineSeconds: 21600,
		ServiceAccount: "deployer", CopyFields: dcplan.ModernTemplateFields}, tpl)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"x-1-deploy","ownerReferences":[{"apiVersion":"v1","kind":"ReplicationController","name":"x-1","uid":"u"}]},` +
		`"spec":{"containers":[{"name":"deployment","image":"img","resources":{},"terminationMessagePolicy":"FallbackToLogsOnError","imagePullPolicy":"IfNotPresent"}],` +
		`"restartPolicy":"Never","terminationGracePeriodSeconds":10,"activeDeadlineSeconds":21600,"dnsPolicy":"ClusterFirst","serviceAccountName":"deployer",` +
		`"shareProcessNamespace":false,"dnsConfig":{}},"status":{}}`
	if d := cmp.Diff(want, string(got)); d != "" {
		t.Errorf("EncodePod() mismatch (-want +got):\n%s", d)
	}
}

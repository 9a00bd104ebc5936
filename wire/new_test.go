package wire

import (
	"github.com/dcplan/dcplan"

	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan/internal/mutation"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// encodedAnnotation returns the encoded-deployment-config annotation of an
// RC document, read with the standard library.
func encodedAnnotation(t *testing.T, doc []byte) string {
	t.Helper()
	var rc struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	unmarshalStd(t, doc, &rc)
	return rc.Metadata.Annotations[dcplan.AnnotationEncodedConfig]
}

// Reference: library-go appsutil MakeDeployment.
// SPEC 3.8, 5.20 MakeDeployment: the RC upstream builds, byte for byte.
func TestNewDeploymentFixture(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDeployment(cfg)
	if err != nil {
		t.Fatalf("NewDeployment() error: %v", err)
	}
	got, err := EncodeDeployment(d)
	if err != nil {
		t.Fatalf("EncodeDeployment() error: %v", err)
	}
	want := fixture(t, "rc-frontend-3-new.json")
	if d := cmp.Diff(string(stdCanonical(t, want)), string(stdCanonical(t, got))); d != "" {
		t.Errorf("EncodeDeployment(NewDeployment()) mismatch (-want +got):\n%s", d)
	}
	// Byte for byte: the annotation upstream writes.
	if w, g := encodedAnnotation(t, want), encodedAnnotation(t, got); w != g {
		t.Errorf("encoded-deployment-config annotation differs:\nwant %q\ngot  %q", w, g)
	}
	// The typed value equals the decoded fixture, Encoded included.
	fromWire, err := DecodeDeployment(want)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fromWire, d); diff != "" {
		t.Errorf("NewDeployment() != DecodeDeployment(fixture) (-want +got):\n%s", diff)
	}
}

// TestEncodeConfigKeyOrder pins the encoding/json key order: the DC of
// dc-frontend.json, encoded, is exactly the annotation upstream wrote.
func TestEncodeConfigKeyOrder(t *testing.T) {
	cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := encodedAnnotation(t, fixture(t, "rc-frontend-3-complete.json"))
	if d := cmp.Diff(want, string(b)+"\n"); d != "" {
		t.Errorf("EncodeConfig() mismatch (-want +got):\n%s", d)
	}
}

// newView is what the rule table checks of a new RC, read back from its
// JSON with the standard library.
type newView struct {
	Name            string
	Labels          map[string]string
	Annotations     map[string]string
	Owners          []map[string]any
	Replicas        json.Number
	MinReadySeconds json.Number
	Selector        map[string]string
	TemplateLabels  map[string]string
	TemplateAnn     map[string]string
	Images          []string
}

func viewOf(t *testing.T, d dcplan.Deployment) newView {
	t.Helper()
	b, err := EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	var rc struct {
		Metadata struct {
			Name            string            `json:"name"`
			Labels          map[string]string `json:"labels"`
			Annotations     map[string]string `json:"annotations"`
			OwnerReferences []map[string]any  `json:"ownerReferences"`
		} `json:"metadata"`
		Spec struct {
			Replicas        json.Number       `json:"replicas"`
			MinReadySeconds json.Number       `json:"minReadySeconds"`
			Selector        map[string]string `json:"selector"`
			Template        struct {
				Metadata struct {
					Labels      map[string]string `json:"labels"`
					Annotations map[string]string `json:"annotations"`
				} `json:"metadata"`
				Spec struct {
					Containers []struct {
						Image string `json:"image"`
					} `json:"containers"`
				} `json:"spec"`
			} `json:"template"`
		} `json:"spec"`
	}
	unmarshalStd(t, b, &rc)
	v := newView{
		Name: rc.Metadata.Name, Labels: rc.Metadata.Labels, Annotations: rc.Metadata.Annotations,
		Owners: rc.Metadata.OwnerReferences, Replicas: rc.Spec.Replicas, MinReadySeconds: rc.Spec.MinReadySeconds,
		Selector: rc.Spec.Selector, TemplateLabels: rc.Spec.Template.Metadata.Labels, TemplateAnn: rc.Spec.Template.Metadata.Annotations,
	}
	for _, c := range rc.Spec.Template.Spec.Containers {
		v.Images = append(v.Images, c.Image)
	}
	delete(v.Annotations, dcplan.AnnotationEncodedConfig)
	return v
}

// Reference: library-go appsutil MakeDeployment.
func TestNewDeploymentRules(t *testing.T) {
	base := dcplan.Config{
		Namespace: "ns", Name: "web", UID: "dc-uid", Replicas: 2,
		Labels:   []dcplan.KeyValue{{Key: "app", Value: "web"}},
		Selector: []dcplan.KeyValue{{Key: "app", Value: "web"}},
		Strategy: dcplan.Strategy{Type: dcplan.StrategyRecreate, HasParams: true},
		Template: TemplateFor(dcplan.Container{Name: "c0", Image: " registry.example/app:1\t"}, dcplan.Container{Name: "c1", Image: "registry.example/sidecar"}),
		Status:   dcplan.ConfigStatus{LatestVersion: 4},
	}
	owner := []map[string]any{{"apiVersion": "apps.openshift.io/v1", "kind": "DeploymentConfig", "name": "web",
		"uid": "dc-uid", "controller": true, "blockOwnerDeletion": true}}
	baseView := newView{
		Name:   "web-4",
		Labels: map[string]string{"app": "web", dcplan.LabelConfigName: "web"},
		Annotations: map[string]string{dcplan.AnnotationConfigName: "web", dcplan.AnnotationPhase: "New", dcplan.AnnotationLatestVersion: "4",
			dcplan.AnnotationDesiredReplicas: "2", dcplan.AnnotationReplicas: "0"},
		Owners:         owner,
		Replicas:       "0",
		Selector:       map[string]string{"app": "web", dcplan.LabelDeploymentConfig: "web", dcplan.LabelDeployment: "web-4"},
		TemplateLabels: map[string]string{dcplan.LabelDeploymentConfig: "web", dcplan.LabelDeployment: "web-4"},
		TemplateAnn:    map[string]string{dcplan.AnnotationDeploymentName: "web-4", dcplan.AnnotationConfigName: "web", dcplan.AnnotationLatestVersion: "4"},
		Images:         []string{"registry.example/app:1", "registry.example/sidecar"},
	}
	tests := []struct {
		name string
		why  string
		edit func(*dcplan.Config)
		want func(*newView)
	}{
		{"plain", "SPEC 3.8: the fixed shape; images trimmed, replicas 0, desired = DC replicas", func(*dcplan.Config) {}, func(*newView) {}},
		{"details message", "SPEC 3.8: status-reason seeded from status.details.message",
			func(c *dcplan.Config) {
				c.Status.Details = dcplan.Details{Message: "config change", Causes: []dcplan.Cause{{Type: dcplan.TriggerConfigChange}}}
			},
			func(v *newView) { v.Annotations[dcplan.AnnotationStatusReason] = "config change" }},
		{"ignore pod", "SPEC 1.1: the ignore annotation is copied with its value, even empty",
			func(c *dcplan.Config) { c.IgnoreDeployerPod, c.IgnoreDeployerPodValue = true, "" },
			func(v *newView) { v.Annotations[dcplan.AnnotationIgnoreDeployerPod] = "" }},
		{"min ready", "SPEC 3.8: minReadySeconds copied",
			func(c *dcplan.Config) { c.MinReadySeconds = 7 },
			func(v *newView) { v.MinReadySeconds = "7" }},
		{"selector overrides", "the reserved selector keys win over the DC's",
			func(c *dcplan.Config) {
				c.Selector = []dcplan.KeyValue{{Key: dcplan.LabelDeployment, Value: "x"}, {Key: dcplan.LabelDeploymentConfig, Value: "y"}}
			},
			func(v *newView) { delete(v.Selector, "app") }},
		{"label override", "the config-name label wins over a DC label of the same key",
			func(c *dcplan.Config) { c.Labels = []dcplan.KeyValue{{Key: dcplan.LabelConfigName, Value: "other"}} },
			func(v *newView) { delete(v.Labels, "app") }},
		{"version 0", "name and annotations follow status.latestVersion, even 0",
			func(c *dcplan.Config) { c.Status.LatestVersion = 0 },
			func(v *newView) {
				v.Name = "web-0"
				v.Annotations[dcplan.AnnotationLatestVersion] = "0"
				v.Selector[dcplan.LabelDeployment] = "web-0"
				v.TemplateLabels[dcplan.LabelDeployment] = "web-0"
				v.TemplateAnn[dcplan.AnnotationDeploymentName], v.TemplateAnn[dcplan.AnnotationLatestVersion] = "web-0", "0"
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := base.Clone()
			tt.edit(&cfg)
			d, err := NewDeployment(cfg)
			if err != nil {
				t.Fatalf("NewDeployment() error: %v (%s)", err, tt.why)
			}
			want := cloneView(baseView)
			tt.want(&want)
			if diff := cmp.Diff(want, viewOf(t, d), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("NewDeployment() mismatch (-want +got):\n%s\n(%s)", diff, tt.why)
			}
			if d.Phase != dcplan.PhaseNew || d.Encoded == nil || d.Replicas != 0 || d.DesiredReplicas != cfg.Replicas {
				t.Errorf("NewDeployment() typed fields: phase %v encoded %v replicas %d desired %d", d.Phase, d.Encoded != nil, d.Replicas, d.DesiredReplicas)
			}
			if diff := cmp.Diff(&cfg, d.Encoded); diff != "" {
				t.Errorf("Encoded != cfg (-want +got):\n%s", diff)
			}
		})
	}
}

func cloneView(v newView) newView {
	cp := func(m map[string]string) map[string]string {
		out := map[string]string{}
		for k, x := range m {
			out[k] = x
		}
		return out
	}
	v.Labels, v.Annotations, v.Selector = cp(v.Labels), cp(v.Annotations), cp(v.Selector)
	v.TemplateLabels, v.TemplateAnn = cp(v.TemplateLabels), cp(v.TemplateAnn)
	return v
}

func TestNewDeploymentNoTemplate(t *testing.T) {
	_, err := NewDeployment(dcplan.Config{Name: "web", Status: dcplan.ConfigStatus{LatestVersion: 1}})
	var fe *dcplan.FieldError
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) || !errors.As(err, &fe) || fe.Field != "spec.template" {
		t.Errorf("NewDeployment(no template) error = %v, want a FieldError on spec.template wrapping ErrInvalidSnapshot", err)
	}
}

// TestNewDeploymentProperties checks, for generated configs, that the new
// RC round-trips through the wire, carries the typed fields SPEC 3.8
// fixes, and shares no memory with cfg.
func TestNewDeploymentProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := genConfigValue().Draw(t, "config")
		if len(cfg.Template.Containers) == 0 {
			cfg.Template = TemplateFor(dcplan.Container{Name: "c", Image: " img "})
		}
		cfg = drawDecoded(t, cfg)
		before := cfg.Clone()
		d, err := NewDeployment(cfg)
		if err != nil {
			t.Fatalf("NewDeployment() error: %v", err)
		}
		if d.Name != dcplan.DeploymentName(cfg.Name, cfg.Status.LatestVersion) || d.Version != cfg.Status.LatestVersion ||
			d.Phase != dcplan.PhaseNew || d.ConfigName != cfg.Name || d.ConfigLabel != cfg.Name || d.Reason != cfg.Status.Details.Message ||
			d.IgnoreDeployerPod != cfg.IgnoreDeployerPod || !d.HasSyncedReplicas || d.SyncedReplicas != 0 {
			t.Fatalf("NewDeployment() typed fields wrong: %+v", d)
		}
		for i, c := range d.Template.Containers {
			if want := strings.TrimSpace(cfg.Template.Containers[i].Image); c.Image != want {
				t.Fatalf("container %d image %q, want %q", i, c.Image, want)
			}
		}
		b, err := EncodeDeployment(d)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeDeployment(b)
		if err != nil {
			t.Fatalf("DecodeDeployment(EncodeDeployment(NewDeployment())) error: %v", err)
		}
		if diff := cmp.Diff(d, back, ignoreRaw); diff != "" {
			t.Fatalf("round trip mismatch (-want +got):\n%s", diff)
		}
		// No aliasing: scribbling over the result leaves cfg as it was.
		scribble(&d)
		if diff := mutation.Diff(before, cfg); diff != "" {
			t.Fatalf("NewDeployment() result aliases cfg (-before +after):\n%s", diff)
		}
	})
}

// scribble overwrites every slice element reachable from d.
func scribble(d *dcplan.Deployment) {
	for i := range d.Encoded.Labels {
		d.Encoded.Labels[i].Key = "scribbled"
	}
	for i := range d.Encoded.Selector {
		d.Encoded.Selector[i].Value = "scribbled"
	}
	for i := range d.Encoded.Raw {
		d.Encoded.Raw[i] = 'x'
	}
	for i := range d.Encoded.Template.Raw {
		d.Encoded.Template.Raw[i] = 'x'
	}
	for i := range d.Encoded.Template.Containers {
		d.Encoded.Template.Containers[i].Image = "scribbled"
	}
	for i := range d.Encoded.Triggers {
		d.Encoded.Triggers[i].FromName = "scribbled"
	}
	for i := range d.Encoded.Strategy.Resources {
		d.Encoded.Strategy.Resources[i] = 'x'
	}
	for i := range d.Encoded.Status.Conditions {
		d.Encoded.Status.Conditions[i].Message = "scribbled"
	}
	for i := range d.Template.Raw {
		d.Template.Raw[i] = 'x'
	}
	for i := range d.Template.Containers {
		d.Template.Containers[i].Image = "scribbled"
	}
}

// TestTypedNewDeploymentAgrees holds dcplan.NewDeployment (the typed RC the
// planners create) and NewDeployment (the RC this package renders and
// decodes back) to the same typed fields, SPEC 3.8: the planners must see
// the RC the API server will hold. Only what the wire form alone carries
// (the RC's Raw, its template's Raw and Hash) differs.
func TestTypedNewDeploymentAgrees(t *testing.T) {
	wireOnly := cmp.Options{
		cmpopts.IgnoreFields(dcplan.Deployment{}, "Raw"),
		cmpopts.IgnoreFields(dcplan.Template{}, "Raw", "Hash"),
		cmpopts.EquateEmpty(),
	}
	check := func(t interface{ Fatalf(string, ...any) }, cfg dcplan.Config) {
		want, err := NewDeployment(cfg)
		typed, terr := dcplan.NewDeployment(&cfg)
		if (err == nil) != (terr == nil) {
			t.Fatalf("errors disagree: wire %v, typed %v", err, terr)
		}
		if err != nil {
			return
		}
		if d := cmp.Diff(want, typed, wireOnly); d != "" {
			t.Fatalf("dcplan.NewDeployment() disagrees with wire.NewDeployment() (-wire +typed):\n%s", d)
		}
	}
	t.Run("fixture", func(t *testing.T) {
		cfg, err := DecodeConfig(fixture(t, "dc-frontend.json"))
		if err != nil {
			t.Fatal(err)
		}
		check(t, cfg)
	})
	t.Run("generated", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			cfg := genConfigValue().Draw(t, "config")
			if rapid.Bool().Draw(t, "template") && len(cfg.Template.Containers) == 0 {
				cfg.Template = TemplateFor(dcplan.Container{Name: "c", Image: " img "})
			}
			check(t, cfg)
		})
	})
}

// TestCreateBodyIsEncodedNewDeployment checks, for generated configs,
// that the body of a CreateRC (newDeploymentBody) is EncodeDeployment of the RC NewDeployment returns:
// the create skips the decode and the overlay, not a byte.
func TestCreateBodyIsEncodedNewDeployment(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := genConfigValue().Draw(t, "config")
		if len(cfg.Template.Containers) == 0 {
			cfg.Template = TemplateFor(dcplan.Container{Name: "c", Image: " img "})
		}
		cfg = drawDecoded(t, cfg)
		d, err := NewDeployment(cfg)
		if err != nil {
			t.Fatalf("NewDeployment() error: %v", err)
		}
		want, err := EncodeDeployment(d)
		if err != nil {
			t.Fatal(err)
		}
		w := readConfig(cfg)
		got, err := newDeploymentBody(cfg, w)
		w.release()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("create body\n%s\nwant EncodeDeployment(NewDeployment())\n%s", got, want)
		}
	})
}

// fixtureDC returns dc-frontend.json as a tree, for edits before decoding.
func fixtureDC(t *testing.T) map[string]any {
	t.Helper()
	var dc map[string]any
	unmarshalStd(t, fixture(t, "dc-frontend.json"), &dc)
	return dc
}

// marshalStd renders v with the standard library.
func marshalStd(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Reference: library-go appsutil MakeDeployment (runtime.Encode with the
// apps.openshift.io/v1 annotation encoder).
// SPEC 1.1, 3.8: the encoded-deployment-config annotation always says
// kind DeploymentConfig, apiVersion apps.openshift.io/v1, also for a DC
// whose JSON omits them (the items of a typed list, as an API LIST
// returns them) or says the legacy v1; otherwise neither upstream nor
// DecodeDeployment can read the RC's DC back.
func TestNewDeploymentEncodedTypeMeta(t *testing.T) {
	tests := []struct {
		name string
		why  string
		doc  func(t *testing.T) []byte
	}{
		{"typed list item", "items of a DeploymentConfigList carry no kind and apiVersion",
			func(t *testing.T) []byte {
				dc := fixtureDC(t)
				delete(dc, "kind")
				delete(dc, "apiVersion")
				return marshalStd(t, map[string]any{"kind": "DeploymentConfigList", "apiVersion": "apps.openshift.io/v1", "items": []any{dc}})
			}},
		{"legacy v1", "the group-less v1 is read, never written",
			func(t *testing.T) []byte {
				dc := fixtureDC(t)
				dc["apiVersion"] = "v1"
				return marshalStd(t, dc)
			}},
	}
	want := encodedAnnotation(t, fixture(t, "rc-frontend-3-new.json"))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs, err := DecodeList(tt.doc(t))
			if err != nil || len(objs.Configs) != 1 {
				t.Fatalf("DecodeList() = %d configs, %v", len(objs.Configs), err)
			}
			d, err := NewDeployment(objs.Configs[0])
			if err != nil {
				t.Fatalf("NewDeployment() error: %v", err)
			}
			b, err := EncodeDeployment(d)
			if err != nil {
				t.Fatal(err)
			}
			got := encodedAnnotation(t, b)
			if !strings.HasPrefix(got, `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1",`) {
				t.Errorf("encoded annotation starts %.80q, want kind and apiVersion first (%s)", got, tt.why)
			}
			if tt.name == "typed list item" && got != want {
				t.Errorf("encoded annotation differs from upstream's (-want +got):\n%s", cmp.Diff(want, got))
			}
			back, err := DecodeDeployment(b)
			if err != nil {
				t.Fatal(err)
			}
			if back.Encoded == nil {
				t.Errorf("DecodeDeployment(EncodeDeployment(NewDeployment())) has no encoded DC: %s (%s)", back.EncodedProblem, tt.why)
			}
		})
	}
}

// Reference: library-go appsutil MakeDeployment, whose pod template
// metadata is a new ObjectMeta holding only Labels and Annotations.
// SPEC 3.8, 13: the RC's template keeps the DC template's labels and
// annotations (extended) and nothing else of its metadata.
func TestNewDeploymentTemplateMetadata(t *testing.T) {
	dc := fixtureDC(t)
	meta := dc["spec"].(map[string]any)["template"].(map[string]any)["metadata"].(map[string]any)
	meta["name"] = "frontend-pod"
	meta["namespace"] = "shop"
	meta["creationTimestamp"] = nil
	meta["annotations"] = map[string]any{"note": "kept"}
	cfg, err := DecodeConfig(marshalStd(t, dc))
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDeployment(cfg)
	if err != nil {
		t.Fatalf("NewDeployment() error: %v", err)
	}
	b, err := EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"annotations":{"note":"kept","openshift.io/deployment-config.latest-version":"3","openshift.io/deployment-config.name":"frontend","openshift.io/deployment.name":"frontend-3"},` +
		`"labels":{"app":"frontend","deployment":"frontend-3","deploymentconfig":"frontend"}}`
	if got := string(stdPath(t, b, "spec", "template", "metadata")); got != want {
		t.Errorf("RC template metadata mismatch:\nwant %s\ngot  %s", want, got)
	}
	// The create request's body, rendered from the encoded DC, agrees.
	s := dcplan.Snapshot{Config: cfg}
	reqs, err := Requests(s, dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: d}}})
	if err != nil || len(reqs) != 1 {
		t.Fatalf("Requests() = %d requests, %v", len(reqs), err)
	}
	if got := string(stdPath(t, reqs[0].Body, "spec", "template", "metadata")); got != want {
		t.Errorf("create body template metadata mismatch:\nwant %s\ngot  %s", want, got)
	}
}

// Reference: library-go appsutil MakeDeployment trims every container
// image (strings.TrimSpace) and the RC goes out as encoding/json writes
// corev1.Container, whose Image is `json:"image,omitempty"`: an image of
// white space only (the " " placeholder old templates gave a container
// an ImageChange trigger fills) is trimmed to "" and leaves the key out,
// never "image":"".
func TestNewDeploymentBlankImageIsOmitted(t *testing.T) {
	dc := fixtureDC(t)
	spec := dc["spec"].(map[string]any)["template"].(map[string]any)["spec"].(map[string]any)
	spec["containers"].([]any)[0].(map[string]any)["image"] = " \t\u00a0"
	cfg, err := DecodeConfig(marshalStd(t, dc))
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	reqs, err := Requests(dcplan.Snapshot{Config: cfg}, dcplan.Plan{CreateRCs: []dcplan.CreateRC{{Deployment: d}}})
	if err != nil || len(reqs) != 1 {
		t.Fatalf("Requests() = %d requests, %v", len(reqs), err)
	}
	got := string(stdPath(t, reqs[0].Body, "spec", "template", "spec", "containers"))
	if strings.Contains(got, `"image"`) {
		t.Errorf("the create body's containers carry an image key: %s", got)
	}
}

package wire

import (
	"github.com/dcplan/dcplan"

	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// annotationsOf encodes d and reads its annotations back with the
// standard library.
func annotationsOf(t *testing.T, d dcplan.Deployment) map[string]string {
	t.Helper()
	b, err := EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	var rc struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	unmarshalStd(t, b, &rc)
	delete(rc.Metadata.Annotations, dcplan.AnnotationEncodedConfig)
	return rc.Metadata.Annotations
}

// Reference: deployer_controller.go (*DeploymentController).handle, the
// annotations a phase write sets (SPEC 2.2, 4.3, 4.4).
func TestPutDeploymentWire(t *testing.T) {
	start := map[string]string{
		dcplan.AnnotationPhase:           "Running",
		dcplan.AnnotationLatestVersion:   "3",
		dcplan.AnnotationConfigName:      "web",
		dcplan.AnnotationCancelled:       "TRUE",
		dcplan.AnnotationStatusReason:    dcplan.ReasonCancelledByUser,
		dcplan.AnnotationDesiredReplicas: "3",
		dcplan.AnnotationReplicas:        "",
		dcplan.AnnotationDeployerPodName: "web-3-deploy",
		"example.com/other":              "kept",
	}
	doc := `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-3","annotations":{`
	first := true
	for k, v := range start {
		if !first {
			doc += ","
		}
		first = false
		doc += `"` + k + `":"` + v + `"`
	}
	doc += `}}}`
	base, err := DecodeDeployment([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	completed := time.Date(2026, 11, 1, 12, 59, 0, 0, time.FixedZone("CET", 3600))
	tests := []struct {
		name string
		why  string
		edit func(*dcplan.Deployment)
		want func(map[string]string)
	}{
		{"unchanged", "values that read back equal keep their spelling (TRUE, empty replicas)", func(*dcplan.Deployment) {}, func(map[string]string) {}},
		{"phase", "SPEC 1.3: the exact spelling", func(d *dcplan.Deployment) { d.Phase = dcplan.PhaseComplete },
			func(m map[string]string) { m[dcplan.AnnotationPhase] = "Complete" }},
		{"unknown phase", "PhaseUnknown removes the annotation", func(d *dcplan.Deployment) { d.Phase = dcplan.PhaseUnknown },
			func(m map[string]string) { delete(m, dcplan.AnnotationPhase) }},
		{"clear cancel", "SPEC 4.6 / 6.2.6: ClearCancel removes both annotations", func(d *dcplan.Deployment) { d.Cancelled, d.Reason = false, "" },
			func(m map[string]string) {
				delete(m, dcplan.AnnotationCancelled)
				delete(m, dcplan.AnnotationStatusReason)
			}},
		{"commit desired", "SPEC 2.2: desired moves into deployment.replicas and is removed",
			func(d *dcplan.Deployment) {
				d.SyncedReplicas, d.HasSyncedReplicas = d.DesiredReplicas, true
				d.DesiredReplicas, d.HasDesiredReplicas = 0, false
			},
			func(m map[string]string) {
				m[dcplan.AnnotationReplicas] = "3"
				delete(m, dcplan.AnnotationDesiredReplicas)
			}},
		{"completed-at", "SPEC 1.1: time.Time.String rendering, in UTC", func(d *dcplan.Deployment) { d.CompletedAt = completed },
			func(m map[string]string) { m[dcplan.AnnotationDeployerCompletedAt] = "2026-11-01 11:59:00 +0000 UTC" }},
		{"ignore gained", "a gained ignore annotation is written \"true\"", func(d *dcplan.Deployment) { d.IgnoreDeployerPod = true },
			func(m map[string]string) { m[dcplan.AnnotationIgnoreDeployerPod] = "true" }},
		{"version", "decimal", func(d *dcplan.Deployment) { d.Version = 12 },
			func(m map[string]string) { m[dcplan.AnnotationLatestVersion] = "12" }},
		{"pod name cleared", "an empty string removes the annotation", func(d *dcplan.Deployment) { d.DeployerPodName = "" },
			func(m map[string]string) { delete(m, dcplan.AnnotationDeployerPodName) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := base.Clone()
			tt.edit(&d)
			want := map[string]string{}
			for k, v := range start {
				want[k] = v
			}
			tt.want(want)
			if diff := cmp.Diff(want, annotationsOf(t, d)); diff != "" {
				t.Errorf("annotations mismatch (-want +got):\n%s\n(%s)", diff, tt.why)
			}
		})
	}
}

func TestPutConfigWire(t *testing.T) {
	// An item of a typed list, which may omit its kind.
	objs, err := DecodeList([]byte(`{"kind":"DeploymentConfigList","items":[{"metadata":{"name":"web","labels":{"app":"web"},"annotations":{"` + dcplan.AnnotationIgnoreDeployerPod + `":"x","keep":"me"}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	c := objs.Configs[0]
	if !c.IgnoreDeployerPod || c.IgnoreDeployerPodValue != "x" {
		t.Fatalf("DecodeConfig() ignore = %v %q, want true \"x\"", c.IgnoreDeployerPod, c.IgnoreDeployerPodValue)
	}
	c.IgnoreDeployerPod, c.IgnoreDeployerPodValue = false, ""
	c.Labels = []dcplan.KeyValue{{Key: "tier", Value: "front"}}
	b, err := EncodeConfig(c)
	if err != nil {
		t.Fatal(err)
	}
	// Only what the input had, plus the new label: no kind is invented
	// when Raw has none, and the ignore annotation is gone.
	want := `{"metadata":{"name":"web","labels":{"tier":"front"},"annotations":{"keep":"me"}}}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("EncodeConfig() mismatch (-want +got):\n%s", diff)
	}
}

// Reference: deployer_controller.go, pod.CreationTimestamp.String().
func TestAnnotationTime(t *testing.T) {
	tests := []struct {
		name string
		why  string
		in   string
		want time.Time
	}{
		{"upstream", "the fixture's rendering", "2026-11-01 11:59:00 +0000 UTC", time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)},
		{"fraction", "String prints fractional seconds", "2026-11-01 11:59:00.25 +0000 UTC", time.Date(2026, 11, 1, 11, 59, 0, 250_000_000, time.UTC)},
		{"zone", "a controller in another zone", "2026-11-01 12:59:00 +0100 CET", time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)},
		{"monotonic", "time.Now().String() carries m=", "2026-11-01 11:59:00 +0000 UTC m=+3.5", time.Date(2026, 11, 1, 11, 59, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseAnnotationTime(tt.in)
			if err != nil {
				t.Fatalf("ParseAnnotationTime() error: %v (%s)", err, tt.why)
			}
			if !got.Equal(tt.want) {
				t.Errorf("ParseAnnotationTime(%q) = %v, want %v (%s)", tt.in, got, tt.want, tt.why)
			}
			back, err := ParseAnnotationTime(FormatAnnotationTime(got))
			if err != nil || !back.Equal(got) {
				t.Errorf("ParseAnnotationTime(FormatAnnotationTime(x)) = %v, %v; want %v", back, err, got)
			}
		})
	}
	if _, err := ParseAnnotationTime("2026-11-01T11:59:00Z"); !errors.Is(err, dcplan.ErrMalformed) {
		t.Errorf("ParseAnnotationTime(RFC 3339) error = %v, want ErrMalformed", err)
	}
	if got := FormatAnnotationTime(time.Date(2026, 11, 1, 12, 59, 0, 0, time.FixedZone("CET", 3600))); got != "2026-11-01 11:59:00 +0000 UTC" {
		t.Errorf("FormatAnnotationTime() = %q", got)
	}
}

// TestEmptyConfigName: the deployment-config.name annotation counts by
// presence (SPEC 5.12 IsOwnedByConfig, 13.1): present and empty it decodes
// as EmptyConfigName, keeps its empty value through a write, and a
// Deployment built with EmptyConfigName is written with the empty value;
// absent, it stays absent.
func TestEmptyConfigName(t *testing.T) {
	const head = `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-3"`
	tests := []struct {
		name      string
		doc       string
		wantEmpty bool
	}{
		{"present, empty", head + `,"annotations":{"` + dcplan.AnnotationConfigName + `":""}}}`, true},
		{"present, named", head + `,"annotations":{"` + dcplan.AnnotationConfigName + `":"web"}}}`, false},
		{"absent", head + `}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := DecodeDeployment([]byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if d.EmptyConfigName != tt.wantEmpty {
				t.Fatalf("EmptyConfigName = %v, want %v", d.EmptyConfigName, tt.wantEmpty)
			}
			d.Replicas = 2 // a write
			back, err := EncodeDeployment(d)
			if err != nil {
				t.Fatal(err)
			}
			again, err := DecodeDeployment(back)
			if err != nil {
				t.Fatal(err)
			}
			if again.EmptyConfigName != d.EmptyConfigName || again.ConfigName != d.ConfigName {
				t.Errorf("after a write: ConfigName %q, EmptyConfigName %v; want %q, %v",
					again.ConfigName, again.EmptyConfigName, d.ConfigName, d.EmptyConfigName)
			}
		})
	}
	built := dcplan.Deployment{Name: "web-3", EmptyConfigName: true}
	got, ok := annotationsOf(t, built)[dcplan.AnnotationConfigName]
	if !ok || got != "" {
		t.Errorf("a Deployment built with EmptyConfigName: annotation %q (present %v), want present and empty", got, ok)
	}
}

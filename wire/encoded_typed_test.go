package wire_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/phase"
	"github.com/dcplan/dcplan/wire"
)

// TestEncodedObjectFieldsDecodeAsUpstream: spec.strategy.resources and an
// environment variable's valueFrom are objects in upstream's typed DC
// (ResourceRequirements, EnvVarSource), which the codec carries without
// reading. In the encoded-deployment-config annotation, text anyone may
// edit, a value of another JSON type is one upstream's annotation codec
// refuses: the RC takes the decode-failure path, nothing written, the
// decode error retried (SPEC 13.1, 4.3.new.2), and a New RC past its
// timeout is not failed (the timeout is checked after the decode, 4.3.new.3).
// This codec read such a DC, so the deployer planned the pod create and
// wire.Requests refused the plan (`spec.containers[0].resources: invalid
// JSON`): the pass stalled on every requeue, and an RC past its timeout
// was failed where upstream writes nothing. The DC itself refuses such a
// value: no API server serves one.
func TestEncodedObjectFieldsDecodeAsUpstream(t *testing.T) {
	tests := []struct {
		name  string
		field string
		edit  func(strategy map[string]any)
	}{
		{"resources string", "spec.strategy.resources", func(st map[string]any) { st["resources"] = "1 cpu" }},
		{"resources array", "spec.strategy.resources", func(st map[string]any) { st["resources"] = []any{} }},
		{"resources number", "spec.strategy.resources", func(st map[string]any) { st["resources"] = 5 }},
		{"valueFrom string", "spec.strategy.customParams.environment[0].valueFrom", func(st map[string]any) {
			st["customParams"] = map[string]any{"environment": []any{map[string]any{"name": "A", "valueFrom": "secret"}}}
		}},
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newRCWithEncodedStrategy(t, now.Add(-time.Hour), tt.edit)
			if d.Encoded != nil || !strings.Contains(d.EncodedProblem, tt.field) {
				t.Fatalf("Encoded = %v, EncodedProblem = %q, want no DC and a problem naming %s (SPEC 13.1: upstream's codec refuses it)",
					d.Encoded != nil, d.EncodedProblem, tt.field)
			}
			for _, preset := range []dcplan.Preset{dcplan.Modern, dcplan.Exact} {
				st := preset.Settings()
				st.DeployerImage = "registry.example/openshift/origin-deployer:v4"
				s := dcplan.Snapshot{Now: now, Deployments: []dcplan.Deployment{d}, Settings: st}
				p := phase.Step(s, d.Name)
				if p.Wait != dcplan.WaitConfigDecode || len(p.CreatePods) != 0 || len(p.Transitions) != 0 {
					t.Errorf("%v: Step = %s, want the decode-failure path of SPEC 4.3.new.2 (wait, nothing written)", preset, dcplan.Describe(p))
				}
				if _, err := wire.Requests(s, p); err != nil {
					t.Errorf("%v: Requests() error = %v, want the plan rendered", preset, err)
				}
			}
		})
	}
	t.Run("null", func(t *testing.T) {
		d := newRCWithEncodedStrategy(t, now, func(st map[string]any) { st["resources"] = nil })
		if d.Encoded == nil || d.Encoded.Strategy.Resources != nil {
			t.Fatalf("Encoded = %v (problem %q), want a DC without resources: upstream reads null as none", d.Encoded, d.EncodedProblem)
		}
	})
	t.Run("served dc", func(t *testing.T) {
		dc := `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"},"spec":{"strategy":{"type":"Custom","resources":"1 cpu"}}}`
		if _, err := wire.DecodeConfig([]byte(dc)); !errors.Is(err, dcplan.ErrMalformed) {
			t.Errorf("DecodeConfig() error = %v, want ErrMalformed: no API server serves it", err)
		}
	})
}

// newRCWithEncodedStrategy returns the fixture RC frontend-3 (phase New),
// created at created, with edit applied to the spec.strategy of its
// encoded DC.
func newRCWithEncodedStrategy(t *testing.T, created time.Time, edit func(strategy map[string]any)) dcplan.Deployment {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "rc-frontend-3-new.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rc map[string]any
	if err := json.Unmarshal(data, &rc); err != nil {
		t.Fatal(err)
	}
	meta := rc["metadata"].(map[string]any)
	meta["uid"], meta["creationTimestamp"] = "rc-uid", created.Format(time.RFC3339)
	ann := meta["annotations"].(map[string]any)
	var dc map[string]any
	if err := json.Unmarshal([]byte(ann[dcplan.AnnotationEncodedConfig].(string)), &dc); err != nil {
		t.Fatal(err)
	}
	edit(dc["spec"].(map[string]any)["strategy"].(map[string]any))
	enc, _ := json.Marshal(dc)
	ann[dcplan.AnnotationEncodedConfig] = string(enc)
	data, _ = json.Marshal(rc)
	d, err := wire.DecodeDeployment(data)
	if err != nil {
		t.Fatalf("DecodeDeployment() error = %v: an annotation never fails the RC's decode (SPEC 13.1)", err)
	}
	return d
}

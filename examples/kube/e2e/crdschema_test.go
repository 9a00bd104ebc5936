package e2e_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// TestCRDRefusesWhatThePlannersRefuse: the DeploymentConfig CRD
// (deploy/crd) refuses, as OpenShift's validation does, the DCs dcplan's
// decoder or Snapshot.Validate refuses, which the schema without limits
// let a real server store: unknown strategy types, triggers without a type, negative
// limits and timeouts, an int32 beyond int32, a Rolling or Recreate
// strategy without its params, a non-string environment value. A DC
// within the limits is stored. Dry-run creates, sent as JSON so that
// values no typed client can hold go out too.
func TestCRDRefusesWhatThePlannersRefuse(t *testing.T) {
	e := newEnv(t)
	type obj = map[string]any
	spec := func(dc obj) obj { return dc["spec"].(obj) }
	strategy := func(dc obj) obj { return spec(dc)["strategy"].(obj) }
	tests := []struct {
		name string
		edit func(dc obj)
		want string // a part of the server's message; "" when the DC is stored
	}{
		{name: "valid", edit: func(obj) {}},
		{name: "unknown strategy", edit: func(dc obj) { strategy(dc)["type"] = "Foo" }, want: "spec.strategy.type"},
		{name: "unknown trigger", edit: func(dc obj) { spec(dc)["triggers"] = []any{obj{"type": "Manual"}} }},
		{name: "trigger without type", edit: func(dc obj) { spec(dc)["triggers"] = []any{obj{}} }, want: "spec.triggers[0].type"},
		{name: "trigger of empty type", edit: func(dc obj) { spec(dc)["triggers"] = []any{obj{"type": ""}} }, want: "spec.triggers[0].type"},
		{name: "negative history limit", edit: func(dc obj) { spec(dc)["revisionHistoryLimit"] = -1 },
			want: "spec.revisionHistoryLimit"},
		{name: "replicas beyond int32", edit: func(dc obj) { spec(dc)["replicas"] = 3_000_000_000 }, want: "spec.replicas"},
		{name: "negative timeout", edit: func(dc obj) { strategy(dc)["recreateParams"] = obj{"timeoutSeconds": -1} },
			want: "timeoutSeconds"},
		{name: "recreate without params", edit: func(dc obj) { delete(strategy(dc), "recreateParams") },
			want: "recreateParams is required"},
		{name: "rolling without params", edit: func(dc obj) {
			strategy(dc)["type"] = "Rolling"
			delete(strategy(dc), "recreateParams")
		}, want: "rollingParams is required"},
		{name: "custom env value not a string", edit: func(dc obj) {
			spec(dc)["strategy"] = obj{"type": "Custom", "customParams": obj{"image": "deployer",
				"environment": []any{obj{"name": "A", "value": 5}}}}
		}, want: "value"},
		{name: "custom env", edit: func(dc obj) {
			spec(dc)["strategy"] = obj{"type": "Custom", "customParams": obj{"image": "deployer",
				"environment": []any{obj{"name": "A", "value": "5"}}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dc := newDC("crd-"+strings.ReplaceAll(tt.name, " ", "-"), "registry.example/web:1", 1)
			dc.Kind, dc.APIVersion = "DeploymentConfig", "apps.openshift.io/v1"
			b, err := json.Marshal(dc)
			if err != nil {
				t.Fatal(err)
			}
			var m obj
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			tt.edit(m)
			if b, err = json.Marshal(m); err != nil {
				t.Fatal(err)
			}
			err = e.apps.AppsV1().RESTClient().Post().Namespace(e.ns).Resource("deploymentconfigs").
				Param("dryRun", "All").SetHeader("Content-Type", "application/json").Body(b).Do(context.Background()).Error()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("create refused: %v", err)
			case tt.want != "" && (!apierrors.IsInvalid(err) || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("create = %v, want Invalid naming %q", err, tt.want)
			}
		})
	}
}

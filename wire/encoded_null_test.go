package wire

import (
	"bytes"
	"slices"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeEncodedConfigNullsAsUpstreamDoes: a null element of a list
// (triggers, causes, conditions, containers, containerNames, command,
// environment) or a null value of a string map (labels, selector,
// strategy labels and annotations, annotations) in the
// encoded-deployment-config annotation is what upstream's annotation
// codec reads with encoding/json's rules: a zero element, "". The
// annotation is text anyone may edit, and an RC whose annotation upstream
// decodes is never on the decode-failure path (SPEC 13.1, 4.2). This
// codec refused each of them (`spec.triggers[0]: want an object, got
// null`), so the RC read as one whose annotation does not decode.
// Found by examples/kube/decodebench's FuzzDecodeAgreesWithTyped against
// client-go's typed decoding. A DC or RC itself still refuses such a
// null: no API server serves one.
func TestDecodeEncodedConfigNullsAsUpstreamDoes(t *testing.T) {
	tests := []struct {
		name  string
		dc    string
		check func(c *dcplan.Config) bool
	}{
		{"null trigger", `"spec":{"triggers":[null,{"type":"ConfigChange"}]}`, func(c *dcplan.Config) bool {
			return len(c.Triggers) == 2 && c.Triggers[0].Equal(dcplan.Trigger{}) && c.Triggers[1].Type == dcplan.TriggerConfigChange
		}},
		{"null container name", `"spec":{"triggers":[{"type":"ImageChange","imageChangeParams":{"containerNames":[null,"web"]}}]}`, func(c *dcplan.Config) bool {
			return len(c.Triggers) == 1 && slices.Equal(c.Triggers[0].ContainerNames, []string{"", "web"})
		}},
		{"null label value", `"metadata":{"name":"web","labels":{"app":null,"tier":"x"}}`, func(c *dcplan.Config) bool {
			return slices.Equal(c.Labels, []dcplan.KeyValue{{Key: "app"}, {Key: "tier", Value: "x"}})
		}},
		{"null ignore annotation", `"metadata":{"name":"web","annotations":{"` + dcplan.AnnotationIgnoreDeployerPod + `":null}}`, func(c *dcplan.Config) bool {
			return c.IgnoreDeployerPod && c.IgnoreDeployerPodValue == ""
		}},
		{"null selector value", `"spec":{"selector":{"app":null}}`, func(c *dcplan.Config) bool {
			return slices.Equal(c.Selector, []dcplan.KeyValue{{Key: "app"}})
		}},
		{"null container", `"spec":{"template":{"spec":{"containers":[null,{"name":"web","image":"i"}]}}}`, func(c *dcplan.Config) bool {
			return slices.Equal(c.Template.Containers, []dcplan.Container{{}, {Name: "web", Image: "i"}})
		}},
		{"null condition and cause", `"status":{"conditions":[null],"details":{"causes":[null]}}`, func(c *dcplan.Config) bool {
			return len(c.Status.Conditions) == 1 && c.Status.Conditions[0].Type == dcplan.ConditionUnset &&
				len(c.Status.Details.Causes) == 1 && c.Status.Details.Causes[0].Type == dcplan.TriggerUnset
		}},
		{"null custom command and environment", `"spec":{"strategy":{"type":"Custom","customParams":{"command":[null],"environment":[null]}}}`, func(c *dcplan.Config) bool {
			return slices.Equal(c.Strategy.CustomCommand, []string{""}) && len(c.Strategy.CustomEnv) == 1 && c.Strategy.CustomEnv[0].Name == ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc := `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1",` + tt.dc + `}`
			d, err := DecodeDeployment([]byte(rcWith(dcplan.AnnotationEncodedConfig, enc)))
			if err != nil {
				t.Fatalf("DecodeDeployment() error = %v", err)
			}
			if d.Encoded == nil {
				t.Fatalf("Encoded = nil, EncodedProblem = %q; upstream decodes %s (SPEC 13.1)", d.EncodedProblem, enc)
			}
			if !tt.check(d.Encoded) {
				t.Errorf("Encoded = %+v, not what upstream reads of %s", *d.Encoded, enc)
			}
			// The annotation is carried as written.
			again, err := EncodeDeployment(d)
			if err != nil {
				t.Fatal(err)
			}
			d2, err := DecodeDeployment(again)
			if err != nil || d2.Encoded == nil || !bytes.Equal(d2.Encoded.Raw, d.Encoded.Raw) {
				t.Errorf("round trip: %v %+v\n%s", err, d2.Encoded, again)
			}
		})
	}
	// A DC itself still refuses a null element: no API server serves one.
	if _, err := DecodeConfig([]byte(`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","spec":{"triggers":[null]}}`)); err == nil {
		t.Error("DecodeConfig accepted a null trigger")
	}
}

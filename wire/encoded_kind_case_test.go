package wire

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeEncodedConfigTypeKeysAnyCase: upstream's annotation codec
// reads the kind and apiVersion of the encoded-deployment-config
// annotation with encoding/json (apimachinery's SimpleMetaFactory), whose
// keys match case-insensitively, the last matching member winning. An
// annotation whose type keys a hand edit spelled "Kind" or "APIVERSION" is
// a DC to upstream, never on the decode-failure path (SPEC 13.1, 4.2);
// this codec required the exact keys and reported `kind: want
// "DeploymentConfig", got ""`. Found while writing the seeds of
// examples/kube/decodebench's FuzzDecodeAgreesWithTyped (client-go's
// typed decoding as the reference). A DC or RC
// itself still requires the exact keys: every served object has them.
func TestDecodeEncodedConfigTypeKeysAnyCase(t *testing.T) {
	tests := []struct {
		name, enc string
		decodes   bool
	}{
		{"Kind", `{"Kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"}}`, true},
		{"APIVERSION", `{"kind":"DeploymentConfig","APIVERSION":"v1","metadata":{"name":"web"}}`, true},
		{"last match wins", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","KIND":"Pod"}`, false},
		{"last match wins, folded first", `{"KIND":"Pod","apiVersion":"apps.openshift.io/v1","kind":"DeploymentConfig","metadata":{"name":"web"}}`, true},
		{"kind not a string", `{"Kind":1,"apiVersion":"apps.openshift.io/v1"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := DecodeDeployment([]byte(rcWith(dcplan.AnnotationEncodedConfig, tt.enc)))
			if err != nil {
				t.Fatalf("DecodeDeployment() error = %v", err)
			}
			if got := d.Encoded != nil; got != tt.decodes {
				t.Fatalf("decodes = %v (EncodedProblem %q), want %v as upstream (SPEC 13.1)", got, d.EncodedProblem, tt.decodes)
			}
			if tt.decodes && d.EncodedProblem != "" {
				t.Errorf("EncodedProblem = %q with a DC", d.EncodedProblem)
			}
			if tt.decodes && d.Encoded.Name != "web" {
				t.Errorf("Encoded.Name = %q, want web", d.Encoded.Name)
			}
		})
	}
	if _, err := DecodeConfig([]byte(`{"Kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1"}`)); err == nil {
		t.Error("DecodeConfig accepted a DC without the exact kind key")
	}
}

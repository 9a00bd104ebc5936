package wire

import (
	"encoding/json"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeEncodedConfigTypeKeysAsEncodingJSON pins SPEC 13.1's "never
// refuse a world a cluster can hold" for the type metadata of the
// encoded-deployment-config annotation, which upstream reads with
// encoding/json (apimachinery's SimpleMetaFactory): of the members whose
// keys fold to "kind" a null one leaves the value an earlier one set, and
// any one that is neither a string nor null fails the read (encoding/json
// reports the type error even when a later member is a string). The
// reference is encoding/json itself, into the struct upstream uses. This
// codec took the last folding member whatever it held, so a trailing
// null read as no kind (the RC went down the decode-failure path, 4.2)
// and a number shadowed by a later string read as a DC.
func TestDecodeEncodedConfigTypeKeysAsEncodingJSON(t *testing.T) {
	for _, enc := range []string{
		`{"Kind":"DeploymentConfig","kind":null,"apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"}}`,
		`{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","APIVERSION":null,"metadata":{"name":"web"}}`,
		`{"Kind":1,"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"}}`,
		`{"kind":"DeploymentConfig","apiVersion":true,"apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"}}`,
		`{"kind":null,"apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"}}`,
	} {
		var meta struct {
			APIVersion string `json:"apiVersion,omitempty"`
			Kind       string `json:"kind,omitempty"`
		}
		upstream := json.Unmarshal([]byte(enc), &meta) == nil && meta.Kind == kindConfig && meta.APIVersion == apiVersionApps
		d, err := DecodeDeployment([]byte(rcWith(dcplan.AnnotationEncodedConfig, enc)))
		if err != nil {
			t.Fatalf("DecodeDeployment(%s) error = %v", enc, err)
		}
		if got := d.Encoded != nil; got != upstream {
			t.Errorf("%s: decodes = %v (EncodedProblem %q), want %v as encoding/json reads the type metadata (SPEC 13.1)", enc, got, d.EncodedProblem, upstream)
		}
	}
}

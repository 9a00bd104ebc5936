package wire

import (
	"errors"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestDecodeListFieldOfAnotherType pins SPEC 13.1's refusal of input that
// cannot be a Kubernetes object for list fields: a string, number,
// boolean or object where upstream's type holds a slice (spec.triggers,
// status.conditions, metadata.ownerReferences, a template's containers,
// a pod's containerStatuses) is malformed, the error naming the field,
// never read as an empty list. Kills the mutation that drops the array
// check of the reader's list.
func TestDecodeListFieldOfAnotherType(t *testing.T) {
	tests := []struct {
		kind, doc, field string
	}{
		{"dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"},"spec":{"triggers":"ConfigChange"}}`, "spec.triggers"},
		{"dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"},"status":{"conditions":{}}}`, "status.conditions"},
		{"dc", `{"kind":"DeploymentConfig","apiVersion":"apps.openshift.io/v1","metadata":{"name":"web"},"spec":{"template":{"spec":{"containers":true}}}}`, "spec.template.spec.containers"},
		{"rc", `{"kind":"ReplicationController","apiVersion":"v1","metadata":{"name":"web-1","ownerReferences":5}}`, "metadata.ownerReferences"},
		{"pod", `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-1-deploy"},"status":{"containerStatuses":{}}}`, "status.containerStatuses"},
	}
	for _, tt := range tests {
		var err error
		switch tt.kind {
		case "dc":
			_, err = DecodeConfig([]byte(tt.doc))
		case "rc":
			_, err = DecodeDeployment([]byte(tt.doc))
		default:
			_, err = DecodePod([]byte(tt.doc))
		}
		var fe *dcplan.FieldError
		switch {
		case !errors.Is(err, dcplan.ErrMalformed) || !errors.As(err, &fe):
			t.Errorf("%s: error = %v, want a FieldError wrapping ErrMalformed", tt.field, err)
		case fe.Field != tt.field || !strings.Contains(fe.Problem, "want an array"):
			t.Errorf("%s: error = %v, want it at %s saying an array is wanted", tt.field, err, tt.field)
		}
	}
}

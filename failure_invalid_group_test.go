package dcplan_test

import (
	"testing"

	"github.com/dcplan/dcplan"
)

// TestFailurePrintedInvalidDropsTheGroup: the server words an Invalid
// status of a kind in an API group with the qualified kind
// (`DeploymentConfig.apps.openshift.io "web" is invalid: ...`, as
// apimachinery's NewInvalid writes it), but kubectl's CheckErr prints
// `The <Kind> "<name>" is invalid: ...` from the status's details, whose
// kind carries no group (SPEC 6m "Error output"). This is what oc rollout
// latest (6m.3) prints for an instantiate or a DC update refused as
// Invalid. A core kind has no group to drop; as one of several errors,
// the message stands as the server wrote it.
// Reference: apimachinery errors.NewInvalid, kubectl cmdutil.checkErr.
func TestFailurePrintedInvalidDropsTheGroup(t *testing.T) {
	tests := []struct {
		msg, printed string
	}{
		{`DeploymentRequest.apps.openshift.io "web" is invalid: spec.paused: Invalid value: true: deployment config "web" is paused - unpause to request a new deployment`,
			`The DeploymentRequest "web" is invalid: spec.paused: Invalid value: true: deployment config "web" is paused - unpause to request a new deployment`},
		{`DeploymentConfig.apps.openshift.io "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`,
			`The DeploymentConfig "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`},
		{`ReplicationController "web-3" is invalid: spec.replicas: Invalid value: -1`,
			`The ReplicationController "web-3" is invalid: spec.replicas: Invalid value: -1`},
	}
	for _, tt := range tests {
		f := dcplan.Failure{Reason: dcplan.StatusInvalid, Code: 422, Message: tt.msg}
		if got := f.Printed(); got != tt.printed {
			t.Errorf("Printed() = %q, want %q", got, tt.printed)
		}
		if got, want := f.Listed(), "Error from server (Invalid): "+tt.msg; got != want {
			t.Errorf("Listed() = %q, want %q", got, want)
		}
	}
}

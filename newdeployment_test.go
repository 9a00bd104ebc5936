package dcplan_test

import (
	"errors"
	"testing"

	"github.com/dcplan/dcplan"
)

// TestNewDeploymentWithoutConfig: a nil config is a *FieldError wrapping
// ErrInvalidSnapshot, as a config without a template is (SPEC 10.10), not
// a nil dereference.
func TestNewDeploymentWithoutConfig(t *testing.T) {
	d, err := dcplan.NewDeployment(nil)
	var fe *dcplan.FieldError
	if !errors.Is(err, dcplan.ErrInvalidSnapshot) || !errors.As(err, &fe) {
		t.Fatalf("NewDeployment(nil) error = %v, want a *FieldError wrapping ErrInvalidSnapshot", err)
	}
	if d.Name != "" || d.Encoded != nil {
		t.Errorf("NewDeployment(nil) = %+v, want the zero Deployment", d)
	}
}
